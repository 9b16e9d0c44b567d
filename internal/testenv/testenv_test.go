package testenv

import "testing"

func TestLong(t *testing.T) {
	for _, tt := range []struct {
		value string
		want  bool
	}{
		{"", false},
		{"0", false},
		{"yes", false},
		{"1", !testing.Short()},
	} {
		t.Setenv(LongVar, tt.value)
		if got := Long(); got != tt.want {
			t.Errorf("%s=%q: Long() = %v, want %v", LongVar, tt.value, got, tt.want)
		}
	}
}

func TestSkipUnlessLong(t *testing.T) {
	t.Setenv(LongVar, "")
	skipped := false
	t.Run("inner", func(t *testing.T) {
		defer func() { skipped = t.Skipped() }()
		SkipUnlessLong(t, "the inner test")
	})
	if !skipped {
		t.Error("SkipUnlessLong did not skip without " + LongVar)
	}
}
