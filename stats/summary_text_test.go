package stats

import "testing"

func TestFixed(t *testing.T) {
	cases := []struct {
		x             float64
		d             int
		fixed, signed string
	}{
		{-0.001, 2, "0.00", "0.00"},
		{-0.004999, 2, "0.00", "0.00"},
		{0.001, 2, "0.00", "0.00"},
		{0, 0, "0", "0"},
		{-0.4, 0, "0", "0"},
		{-0.006, 2, "-0.01", "-0.01"},
		{0.25, 2, "0.25", "+0.25"},
		{-1.5, 1, "-1.5", "-1.5"},
		{100, 1, "100.0", "+100.0"},
	}
	for _, c := range cases {
		if got := Fixed(c.x, c.d); got != c.fixed {
			t.Errorf("Fixed(%v, %d) = %q, want %q", c.x, c.d, got, c.fixed)
		}
		if got := SignedFixed(c.x, c.d); got != c.signed {
			t.Errorf("SignedFixed(%v, %d) = %q, want %q", c.x, c.d, got, c.signed)
		}
	}
}

// The ends of a mean that straddles zero never print as "-0.00".
func TestBoundsNegativeZero(t *testing.T) {
	i := Interval{Estimate: -0.0004, Low: -0.0021, High: 0.0013, Conf: 0.95, N: 500}
	if got, want := i.Bounds(), "0.000 [-0.002, 0.001]"; got != want {
		t.Errorf("Bounds = %q, want %q", got, want)
	}
}
