package main

import (
	"flag"
	"strings"
	"testing"
)

// Integer flags read plain decimal: a leading zero is not octal, other
// bases are refused with a clear reason.
func TestParseDecimal(t *testing.T) {
	type result struct {
		v   int64
		err string // a part of the error; "" for none
	}
	tests := []struct {
		in                  string
		asInt, asU64, asI64 result
	}{
		{"089", result{89, ""}, result{89, ""}, result{89, ""}},
		{"045", result{45, ""}, result{45, ""}, result{45, ""}},
		{"0", result{0, ""}, result{0, ""}, result{0, ""}},
		{"007", result{7, ""}, result{7, ""}, result{7, ""}},
		{"+12", result{12, ""}, result{12, ""}, result{12, ""}},
		{"-1", result{-1, ""}, result{0, "must not be negative"}, result{-1, ""}},
		{"-0", result{0, ""}, result{0, ""}, result{0, ""}},
		{"0x10", result{0, "0x, 0o and 0b are not read"}, result{0, "0x, 0o and 0b are not read"}, result{0, "0x, 0o and 0b are not read"}},
		{"0b1", result{0, "0x, 0o and 0b are not read"}, result{0, "0x, 0o and 0b are not read"}, result{0, "0x, 0o and 0b are not read"}},
		{"1e3", result{0, "not a whole number"}, result{0, "not a whole number"}, result{0, "not a whole number"}},
		{"1_000", result{0, "not a whole number"}, result{0, "not a whole number"}, result{0, "not a whole number"}},
		{"", result{0, "not a whole number"}, result{0, "not a whole number"}, result{0, "not a whole number"}},
		{"-", result{0, "not a whole number"}, result{0, "not a whole number"}, result{0, "not a whole number"}},
		{" 7", result{0, "not a whole number"}, result{0, "not a whole number"}, result{0, "not a whole number"}},
		{"minus", result{0, "not a whole number"}, result{0, "not a whole number"}, result{0, "not a whole number"}},
		{"18446744073709551615", result{0, "out of range"}, result{-1, ""}, result{0, "out of range"}}, // -1: MaxUint64 below
		{"18446744073709551616", result{0, "out of range"}, result{0, "out of range"}, result{0, "out of range"}},
	}
	check := func(in, kind string, got int64, err error, want result) {
		t.Helper()
		switch {
		case want.err == "" && err != nil:
			t.Errorf("%s %q: %v", kind, in, err)
		case want.err != "" && (err == nil || !strings.Contains(err.Error(), want.err)):
			t.Errorf("%s %q: error %v, want one saying %q", kind, in, err, want.err)
		case want.err == "" && got != want.v:
			t.Errorf("%s %q = %d, want %d", kind, in, got, want.v)
		}
	}
	for _, tt := range tests {
		i, err := parseDecimal[int](tt.in)
		check(tt.in, "int", int64(i), err, tt.asInt)
		u, err := parseDecimal[uint64](tt.in)
		check(tt.in, "uint64", int64(u), err, tt.asU64)
		i64, err := parseDecimal[int64](tt.in)
		check(tt.in, "int64", i64, err, tt.asI64)
	}
}

// Every integer flag of every command reads a leading zero as decimal
// (-seed 089 is 89, -hunts 045 is 45), help shows its kind as the flag
// package's own integer flags do, and a bad value is a usage error that
// names the flag.
func TestIntegerFlagsDecimal(t *testing.T) {
	seen := 0
	for _, name := range commandNames() {
		fl := flagsOf[name]
		if fl == nil {
			continue
		}
		fs := flag.NewFlagSet(name, flag.ContinueOnError)
		fl(fs, games[0])
		_, help, _ := balance(t, "help", name)
		fs.VisitAll(func(f *flag.Flag) {
			tn, ok := f.Value.(flagTypeNamer)
			if !ok {
				if g, std := f.Value.(flag.Getter); std && isStdInt(g) {
					t.Errorf("balance %s -%s: an integer flag not read by intFlag", name, f.Name)
				}
				return
			}
			seen++
			if err := fs.Set(f.Name, "089"); err != nil || f.Value.String() != "89" {
				t.Errorf("balance %s -%s 089: %q, %v; want 89", name, f.Name, f.Value.String(), err)
			}
			if err := fs.Set(f.Name, "045"); err != nil || f.Value.String() != "45" {
				t.Errorf("balance %s -%s 045: %q, %v; want 45", name, f.Name, f.Value.String(), err)
			}
			if line := "\n  -" + f.Name + " " + tn.typeName() + "\n"; !strings.Contains(help, line) {
				t.Errorf("balance help %s: no line %q", name, strings.TrimSpace(line))
			}
		})
	}
	if seen < 30 {
		t.Errorf("only %d integer flags found", seen)
	}
	for _, tt := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"regress", "-baseline", "x.json", "-seed", "0x10"}, `invalid value "0x10" for flag -seed: write the number in decimal digits`},
		{[]string{"run", "-hunts", "1e3"}, `invalid value "1e3" for flag -hunts: not a whole number in decimal digits`},
		{[]string{"trace", "-seed", "-1"}, `invalid value "-1" for flag -seed: must not be negative`},
		{[]string{"odds", "-pool", "six", "-dt", "6"}, `invalid value "six" for flag -pool`},
	} {
		code, _, errb := balance(t, tt.args...)
		if code != exitUsage || !strings.Contains(errb, tt.stderr) {
			t.Errorf("balance %s: exit %d, stderr %q; want %d and %q", strings.Join(tt.args, " "), code, errb, exitUsage, tt.stderr)
		}
	}
	if _, out, _ := balance(t, "help", "run"); !strings.Contains(out, "  -seed uint\n") || !strings.Contains(out, "  -hunts int\n") ||
		!strings.Contains(out, "(default 100000)") {
		t.Errorf("balance help run: the integer flags lack their kind or default:\n%s", out)
	}
	// A whole command: hunt 010 of seed 045 is hunt 10 of seed 45.
	_, a, errA := balance(t, "trace", "-seed", "045", "-hunt", "010")
	_, b, _ := balance(t, "trace", "-seed", "45", "-hunt", "10")
	if a == "" || a != b || !strings.HasPrefix(a, "hunt 10 of seed 45:") {
		t.Errorf("trace -seed 045 -hunt 010 differs from -seed 45 -hunt 10:\n%.200s\n%s", a, errA)
	}
}

// isStdInt reports whether g is one of the flag package's own integer
// flags (which read a leading 0 as octal).
func isStdInt(g flag.Getter) bool {
	switch g.Get().(type) {
	case int, int64, uint, uint64:
		return true
	}
	return false
}
