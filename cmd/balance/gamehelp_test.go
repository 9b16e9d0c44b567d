package main

import (
	"bytes"
	"strings"
	"testing"

	"balance/game"
)

// plainGame is a game that adds nothing to the commands' help.
type plainGame struct{ game.Game }

// Every command's help, by 'balance help CMD' and 'balance CMD -h', shows
// the default game's notes on the command and its examples after the
// command's own; a game without notes gets none; no help panics.
func TestGameHelp(t *testing.T) {
	g := games[0]
	h, ok := g.(game.Helper)
	if !ok {
		t.Fatalf("the default game %s has no help of its own", g.Info().Name)
	}
	notes := 0
	for _, name := range commandNames() {
		c := commands[name]
		gh := h.Help(name)
		_, viaHelp, _ := balance(t, "help", name)
		_, viaH, _ := balance(t, name, "-h")
		if viaHelp != viaH {
			t.Errorf("%s: 'balance help %s' and 'balance %s -h' differ", name, name, name)
		}
		for _, want := range gh.Examples {
			if !strings.Contains(viaHelp, "\n  "+want+"\n") {
				t.Errorf("%s: the help does not give the game's example %q", name, want)
			}
		}
		if gh.Notes != "" {
			notes++
			head := g.Info().Title + " (-game " + g.Info().Name + "):\n" + strings.TrimSpace(gh.Notes) + "\n"
			if !strings.Contains(viaHelp, head) {
				t.Errorf("%s: the help does not give the game's notes:\n%s", name, viaHelp)
			}
		}
		if strings.Contains(viaHelp, "panic") {
			t.Errorf("%s: the help panics:\n%s", name, viaHelp)
		}
		var plain bytes.Buffer
		printCommandHelp(&plain, c, plainGame{g})
		if gh.Notes != "" && strings.Contains(plain.String(), strings.TrimSpace(gh.Notes)) {
			t.Errorf("%s: a game without notes shows another's", name)
		}
		for _, e := range gh.Examples {
			if strings.Contains(plain.String(), "\n  "+e+"\n") {
				t.Errorf("%s: a game without examples shows %q", name, e)
			}
		}
	}
	if notes < 10 {
		t.Errorf("the default game has notes on only %d commands", notes)
	}
}
