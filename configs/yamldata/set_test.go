package yamldata

import (
	"math"
	"strconv"
	"testing"
)

func TestSetInt(t *testing.T) {
	for _, c := range []struct {
		val      string
		cur      int
		want     int
		how, err string
	}{
		{"7", 30, 7, "", ""},
		{"+5", 30, 35, "30 + 5", ""},
		{"-40", 30, -10, "30 - 40", ""},
		{"-0", 30, 30, "30 + 0", ""},
		{"+-1", 30, 0, "", `"+-1" is not a whole number (e.g. 7, +2 or -1)`},
		{"++1", 30, 0, "", `"++1" is not a whole number (e.g. 7, +2 or -1)`},
		{"--1", 30, 0, "", `"--1" is not a whole number (e.g. 7, +2 or -1)`},
		{"-", 30, 0, "", `"-" is not a whole number (e.g. 7, +2 or -1)`},
		{"+", 30, 0, "", `"+" is not a whole number (e.g. 7, +2 or -1)`},
		{"1.5", 30, 0, "", `"1.5" is not a whole number (e.g. 7, +2 or -1)`},
		{"99999999999999999999", 30, 0, "", "99999999999999999999 is out of range"},
		{"+" + strconv.Itoa(math.MaxInt), 1, 0, "", "1 + " + strconv.Itoa(math.MaxInt) + " is out of range"},
		{strconv.Itoa(math.MinInt), -1, 0, "", "-1 - " + strconv.FormatUint(uint64(math.MaxInt)+1, 10) + " is out of range"},
	} {
		v, how, err := SetInt(c.val, c.cur)
		switch {
		case c.err != "" && (err == nil || err.Error() != c.err):
			t.Errorf("SetInt(%q, %d): error %v, want %q", c.val, c.cur, err, c.err)
		case c.err == "" && (err != nil || v != c.want || how != c.how):
			t.Errorf("SetInt(%q, %d) = %d, %q, %v; want %d, %q", c.val, c.cur, v, how, err, c.want, c.how)
		}
	}
	if err := OutOfRange(-10, "30 - 40", 1, 100); err.Error() != "-10 (30 - 40) is out of range 1..100" {
		t.Errorf("OutOfRange: %v", err)
	}
	if err := OutOfRange(0.5, "", 1, 12); err.Error() != "0.5 is out of range 1..12" {
		t.Errorf("OutOfRange of a float: %v", err)
	}
	msg := "rules.yaml:14:14: rules.round_cap: -10 is out of range 1..100"
	if got := Explain(msg, -10, "30 - 40"); got != "rules.yaml:14:14: rules.round_cap: -10 (30 - 40) is out of range 1..100" {
		t.Errorf("Explain: %q", got)
	}
	if got := Explain(msg, -10, ""); got != msg {
		t.Errorf("Explain without a change: %q", got)
	}
}

func TestSetFloat(t *testing.T) {
	for _, c := range []struct {
		val  string
		cur  float64
		want float64
		how  string
		ok   bool
	}{
		{"6", 5, 6, "", true},
		{"+1.5", 5, 6.5, "5 + 1.5", true},
		{"-0.5", 5, 4.5, "5 - 0.5", true},
		{"x", 5, 0, "", false},
		{"Inf", 5, 0, "", false},
		{"NaN", 5, 0, "", false},
	} {
		v, how, err := SetFloat(c.val, c.cur)
		if (err == nil) != c.ok || c.ok && (v != c.want || how != c.how) {
			t.Errorf("SetFloat(%q, %g) = %g, %q, %v; want %g, %q", c.val, c.cur, v, how, err, c.want, c.how)
		}
	}
}
