package main

import (
	"strings"
	"testing"
)

// TestPolicyFlagsDisagree checks that flags choosing the players' policy
// that disagree are a usage error naming both, and that flags that agree
// (or refine a tier that reads them) run.
func TestPolicyFlagsDisagree(t *testing.T) {
	run := []string{"run", "-hunts", "2", "-card-hunts", "0", "-quiet", "-adversary", "neonate-wurm"}
	for _, tc := range []struct {
		args []string
		want []string // in the error; nil: the command runs
	}{
		{[]string{"-pack-ai", "lookahead(k=4,horizon=2)", "-lookahead-k", "8"}, []string{"-lookahead-k 8", "-pack-ai lookahead(k=4,horizon=2)"}},
		{[]string{"-pack-ai", "lookahead(k=4,horizon=2)", "-lookahead-horizon", "5"}, []string{"-lookahead-horizon 5", "-pack-ai"}},
		{[]string{"-pack-ai", "basic", "-lookahead-k", "4"}, []string{"-lookahead-k 4", "-pack-ai basic"}},
		{[]string{"-lookahead-k", "4"}, []string{"-lookahead-k 4", "basic (the default)"}},
		{[]string{"-policy", "random", "-pack-ai", "basic"}, []string{"-policy random", "-pack-ai basic"}},
		{[]string{"-pack-ai", "basic", "-policy", "random"}, []string{"-policy random", "-pack-ai basic"}},
		{[]string{"-policy", "basic", "-pack-ai", "basic"}, nil},
		{[]string{"-pack-ai", "lookahead", "-lookahead-k", "2", "-lookahead-horizon", "1"}, nil},
		{[]string{"-pack-ai", "lookahead", "-lookahead-k", "16"}, nil},
	} {
		args := append(append([]string{}, run...), tc.args...)
		code, _, errb := balance(t, args...)
		if tc.want == nil {
			if code != exitOK {
				t.Errorf("%v: exit %d\n%s", tc.args, code, errb)
			}
			continue
		}
		if code != exitUsage {
			t.Errorf("%v: exit %d, want %d\n%s", tc.args, code, exitUsage, errb)
		}
		for _, w := range tc.want {
			if !strings.Contains(errb, w) {
				t.Errorf("%v: the error does not say %q:\n%s", tc.args, w, errb)
			}
		}
	}
}
