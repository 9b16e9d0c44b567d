package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	configs "balance/configs/cazadores"
	"balance/internal/typo"
)

// TestOneSuggester checks that the command line suggests names by the same
// rule as the data loader: a mistyped command, flag value or key gets the
// suggestion a data file would.
func TestOneSuggester(t *testing.T) {
	for _, c := range []struct {
		word  string
		names []string
	}{
		{"valid", commandNames()}, // a prefix
		{"TRACE", commandNames()}, // case
		{"rnu", commandNames()},   // a swap
		{"adversary.deff", configs.OverrideKeys},
		{"zzzz", commandNames()},
	} {
		if got, want := nearest(c.word, c.names), typo.Nearest(c.word, c.names); got != want {
			t.Errorf("nearest(%q) = %q, typo.Nearest = %q", c.word, got, want)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), &stdout, &stderr, []string{"valid"}); code != exitUsage || !strings.Contains(stderr.String(), `Did you mean "validate"?`) {
		t.Errorf("balance valid: exit %d, %q", code, stderr.String())
	}
}
