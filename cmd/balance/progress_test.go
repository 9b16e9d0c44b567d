package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestProgressLine(t *testing.T) {
	for _, tt := range []struct {
		done, total int64
		elapsed     time.Duration
		want        string
	}{
		{0, 100000, 10 * time.Second, "run: 0 of 100000 hunts (0%), 10s so far, the time left is not known yet"},
		{25000, 100000, 10 * time.Second, "run: 25000 of 100000 hunts (25%), 2500 hunts/s, about 30s left"},
		{300, 1600, 20 * time.Second, "run: 300 of 1600 hunts (19%), 15.0 hunts/s, about 1m27s left"},
		{7, 1600, 10 * time.Second, "run: 7 of 1600 hunts (0%), 0.70 hunts/s, about 37m56s left"},
		{1000, 1000, 4 * time.Second, "run: 1000 of 1000 hunts (100%), 250 hunts/s, about 0s left"},
	} {
		if got := progressLine("run", tt.done, tt.total, tt.elapsed); got != tt.want {
			t.Errorf("progressLine(%d, %d, %s) = %q, want %q", tt.done, tt.total, tt.elapsed, got, tt.want)
		}
	}
}

// One line per tick, with the hunts done at that moment; none after stop.
func TestProgressTicks(t *testing.T) {
	var buf bytes.Buffer
	tick := make(chan time.Time)
	start := time.Unix(0, 0)
	show, stop := progressTicks(&buf, 1000, "Wandering Son", tick, start)
	show(100)
	tick <- start.Add(10 * time.Second)
	show(400)
	tick <- start.Add(20 * time.Second)
	stop()
	stop() // twice is harmless
	want := "Wandering Son: 100 of 1000 hunts (10%), 10.0 hunts/s, about 1m30s left\n" +
		"Wandering Son: 400 of 1000 hunts (40%), 20.0 hunts/s, about 30s left\n"
	if buf.String() != want {
		t.Errorf("progress lines:\n%s\nwant\n%s", buf.String(), want)
	}
}

// A run shorter than the interval prints no line.
func TestProgressShortRun(t *testing.T) {
	var buf bytes.Buffer
	show, stop := progressLines(&buf, 100, "run", time.Hour)
	show(100)
	stop()
	if buf.Len() != 0 {
		t.Errorf("a short run printed %q", buf.String())
	}
}

// Every command that plays hunts prints progress lines on a stderr that
// is not a terminal (here, at once: the interval is a millisecond), and
// none with -quiet.
func TestProgressEveryCommand(t *testing.T) {
	defer func(d time.Duration) { progressEvery = d }(progressEvery)
	progressEvery = time.Millisecond
	dir := t.TempDir()
	base := dir + "/base.json"
	for _, args := range [][]string{
		{"run", "-hunts", "20000"},
		{"skill", "-hunts", "300", "-lookahead-k", "1", "-lookahead-horizon", "1"},
		{"compare", "wandering-son", "-set", "adversary.def=7", "-hunts", "10000"},
		{"sweep", "-param", "adversary.def=5..7", "-hunts", "5000"},
		{"tune", "-param", "adversary.def=5..7", "-target", "win=0.4..0.6", "-hunts", "5000"},
		{"sensitivity", "-hunts", "2000"},
		{"baseline", "-hunts", "20000", "-out", base},
		{"regress", "-baseline", base, "-seed", "2"},
		{"analyze", "-hunts", "2000", "-skill-hunts", "0", "-out", dir + "/analysis"},
	} {
		t.Run(args[0], func(t *testing.T) {
			code, _, errb := balance(t, args...)
			if code != exitOK && !(args[0] == "regress" && code == exitError) {
				t.Fatalf("%v: exit %d\n%s", args, code, errb)
			}
			if !strings.Contains(errb, " hunts (") || !strings.Contains(errb, "left") {
				t.Errorf("%v: no progress line on stderr:\n%s", args, errb)
			}
			code, _, errb = balance(t, append(args, "-quiet")...)
			if code != exitOK && !(args[0] == "regress" && code == exitError) {
				t.Fatalf("%v -quiet: exit %d\n%s", args, code, errb)
			}
			if strings.Contains(errb, " hunts (") {
				t.Errorf("%v -quiet: progress lines on stderr:\n%s", args, errb)
			}
		})
	}
}
