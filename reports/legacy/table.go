package legacy

import (
	"fmt"
	"io"
	"text/tabwriter"

	"balance/stats"
)

// Table writes the concise summary of a run for the terminal: what was
// run, the Pack's win rate and every outcome, the mean hunt length, how
// often the Adversary fell and each Pack model died, the deadliest action
// card and the speed. Every figure carries its interval and n.
func Table(w io.Writer, s *stats.Summary) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	line := func(k, format string, args ...any) {
		fmt.Fprintf(tw, "%s\t%s\n", k, fmt.Sprintf(format, args...))
	}
	adv := adversary(s)
	if s.Config.Adversary != "" && s.Config.Adversary != adv {
		adv += " (" + s.Config.Adversary + ")"
	}
	line("Adversary", "%s", adv)
	line("Pack", "%s", pack(s))
	if s.Config.PackAI != "" {
		line("Pack AI", "%s", s.Config.PackAI)
	}
	line("Scenario", "%s", s.Config.Scenario)
	for _, o := range s.Config.Overrides {
		line("Override", "%s", o)
	}
	line("Hunts", "%d (seed %d)", s.Hunts, s.Seed)
	if s.Interrupted || (s.Stopped != "" && s.Stopped != "hunts") {
		line("Stopped", "%s after %d hunts", label(s.Stopped), s.Hunts)
	}
	line("Pack wins", "%s", s.PackWinRate.Percent())
	for _, o := range s.Outcomes {
		line("  "+label(o.Name), "%s", o.Rate.Percent())
	}
	line("Mean rounds", "%s", s.Rounds.Mean)
	line("Adversary defeated", "%s", s.AdversaryDefeated.Percent())
	if s.ObjectiveMet != nil {
		line("Objective met", "%s (%s)", s.ObjectiveMet.Percent(), s.Objective)
	}
	if s.Renown != nil && s.Renown.N > 0 {
		line("Renown", "mean %s; median %d, 10%%-90%%: %d to %d", s.Renown.Mean, s.Renown.P50, s.Renown.P10, s.Renown.P90)
	}
	for _, m := range s.Pack {
		line(m.Name+" dies", "%s", m.Died.Percent())
	}
	if i := deadliest(s.Cards); i >= 0 {
		c := s.Cards[i]
		line("Deadliest card", "%s, %s kills per draw (n=%d draws)", cardLabel(c), c.KillRate.Bounds(), c.KillRate.N)
	} else {
		line("Deadliest card", "none: no card killed")
	}
	if ce := s.CardEffects; ce != nil {
		head, lines := cardEffectLines(ce)
		line("Card effects", "%s", head)
		for k, l := range lines {
			line(fmt.Sprintf("  #%d", k+1), "%s: %s", l[0], l[1])
		}
	}
	line("Speed", "%s", speed(s.Timing))
	tw.Flush()
}

// speed formats a run's timing: hunts per second, workers and seconds. A
// report merged from shard files has none (the shards' play time is not
// recorded, and the merge's own time says nothing of the hunts' speed).
func speed(t stats.Timing) string {
	if t.Seconds <= 0 {
		return "not measured: merged from shard files (each shard's run printed its own)"
	}
	workers := "workers"
	if t.Workers == 1 {
		workers = "worker"
	}
	return fmt.Sprintf("%.0f hunts/s (%d %s, %.2f s)", t.HuntsPerSec, t.Workers, workers, t.Seconds)
}
