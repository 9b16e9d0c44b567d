package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"balance/ai"
	"balance/sim"
	"balance/sim/dice"
)

type traceOpts struct {
	game      gameFlags
	seed      uint64
	hunt      uint64
	objective string
	policy    policyFlags
	set       multiFlag
}

func (o *traceOpts) flags(fs *flag.FlagSet) {
	o.game.register(fs, "wandering-son")
	intVar(fs, &o.seed, "seed", 1, "run seed")
	intVar(fs, &o.hunt, "hunt", 0, "hunt index within the run (hunt I of seed S is the hunt a batch run plays for index I)")
	fs.StringVar(&o.objective, "objective", "", "play with an Objective (its slug, or random), as run does")
	o.policy.register(fs, false)
	fs.Var(&o.set, "set", "override a number, as run -set does (repeatable), to replay a hunt of a run that had overrides")
}

func init() {
	register(&command{
		name:    "trace",
		summary: "play one hunt and print it play by play",
		usage:   "[-adversary SLUG|FILE] [-pack NAME] [-scenario NAME] [-seed S] [-hunt I] [-objective SLUG|random] [-pack-ai TIER] [-lookahead-k K] [-lookahead-horizon R] [-set KEY=VALUE]... [-data DIR]",
		long: `trace plays one hunt, the Pack's baseline policy against the Adversary's
Decision Trees, and prints every event: deployment, each action and move,
every Check with its dice, wounds, hit-location cards, Conditions, the
state of every model at the end of each round, and a last line that starts
with "outcome:". Hunt I of seed S is always the same hunt, the one a batch
run with seed S plays for index I, so trace replays any hunt of a run.
-adversary also takes the path of an Adversary YAML file. -pack-ai plays the
Pack with another policy tier (` + strings.Join(ai.TierNames(), ", ") + `), as run -pack-ai does,
and -set changes a number as run -set does. A run whose hunt fails gives
the trace command that replays it.`,
		examples: []string{
			"balance trace -adversary wandering-son -seed 1",
			"balance trace -adversary praetorians -pack quartet -hunt 7",
			"balance trace -adversary neonate-wurm -scenario ruins -seed 3",
			"balance trace -adversary wandering-son -pack-ai random -hunt 2",
		},
		run: runTrace,
	})
	flagsOf["trace"] = func(fs *flag.FlagSet) { new(traceOpts).flags(fs) }
}

func runTrace(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var o traceOpts
	fs := flag.NewFlagSet("trace", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	o.flags(fs)
	if err := parseFlags(fs, args, false); err != nil {
		return err
	}
	tier, err := o.policy.tier()
	if err != nil {
		return err
	}
	st, err := loadRun(&o.game, o.set)
	if err != nil {
		return err
	}
	d, sc := st.data, st.sc
	if o.objective != "" {
		slug, err := pickObjective(d, o.objective, o.seed)
		if err != nil {
			return err
		}
		if sc, err = d.CompileWith(st.slug, o.game.pack, o.game.scenario, slug); err != nil {
			return err
		}
	}
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	var tmpl sim.Hunt
	tmpl.Init(sc)
	h := new(sim.Hunt)
	h.Trace = &printer{w: w, seed: o.seed, hunt: o.hunt, pack: o.game.pack}
	h.Reset(&tmpl, o.seed, o.hunt)
	h.Play(tier.New(), ai.Foes{})
	return w.Flush()
}

// printer writes a hunt's events as text, one line each.
type printer struct {
	w          *bufio.Writer
	seed, hunt uint64
	pack       string
}

func (p *printer) at(h *sim.Hunt) string {
	return fmt.Sprintf("R%d T%-2d", h.Round, h.Tick)
}

func fmtDice(d *sim.Dice) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%dd10 DT %d", d.Pool, d.DT)
	if d.Adv != dice.Normal {
		fmt.Fprintf(&b, " %s, difficulty dice %d,%d", d.Adv, d.Diff[0], d.Diff[1])
	} else {
		fmt.Fprintf(&b, ", difficulty die %d", d.Kept)
	}
	fmt.Fprintf(&b, ", threshold %d, rolled [", d.Threshold())
	for k := 0; k < int(d.NFaces); k++ {
		if k > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%d", d.Faces[k])
	}
	fmt.Fprintf(&b, "] -> %d success", d.Successes)
	if d.Successes != 1 {
		b.WriteString("es")
	}
	if d.Crits > 0 {
		fmt.Fprintf(&b, ", %d critical", d.Crits)
		if d.Crits > 1 {
			b.WriteByte('s')
		}
	}
	return b.String()
}

func (p *printer) Event(h *sim.Hunt, e *sim.Event) {
	w := p.w
	name := func(i int8) string {
		if i < 0 {
			return "-"
		}
		return h.Name(int(i))
	}
	switch e.Kind {
	case sim.EvStart:
		fmt.Fprintf(w, "hunt %d of seed %d: %s vs pack %s on %s\n", p.hunt, p.seed, h.Sc.Adversary.Name, p.pack, h.Sc.Map.Name)
		if o := &h.Sc.Objective; o.Kind != sim.NoObjective {
			fmt.Fprintf(w, "objective: %s\n", o.Name)
			switch h.Sc.Objective.Kind {
			case sim.ObjWell:
				fmt.Fprintf(w, "deploy: Cosmic Well at (%.1f,%.1f)\n", h.Obj.Marker.X, h.Obj.Marker.Y)
			case sim.ObjRaze:
				fmt.Fprintf(w, "deploy: Territory (Area %g) at (%.1f,%.1f)\n", 2*h.Obj.MarkerR, h.Obj.Marker.X, h.Obj.Marker.Y)
			}
			for k := 0; k < int(h.Obj.NTok); k++ {
				if t := &h.Obj.Tok[k]; t.Holder >= 0 {
					fmt.Fprintf(w, "deploy: objective token %d carried by %s\n", k+1, h.Name(int(t.Holder)))
				} else {
					fmt.Fprintf(w, "deploy: objective token %d at (%.1f,%.1f)\n", k+1, t.Pos.X, t.Pos.Y)
				}
			}
		}
		for i := 0; i < int(h.N); i++ {
			m := &h.M[i]
			fmt.Fprintf(w, "deploy: %-28s %-9s at (%.1f,%.1f) WND %d\n", h.Name(i), m.Kind, m.Pos.X, m.Pos.Y, m.WND)
		}
	case sim.EvAction:
		fmt.Fprintf(w, "%s | %s: %s (%d ticks, clock -> %d)\n", p.at(h), name(e.Model), e.Action, e.N, clockOf(h, int(e.Model)))
	case sim.EvMoved:
		m := &h.M[e.Model]
		fmt.Fprintf(w, "%s | %s: moves %.1f\" to (%.1f,%.1f)\n", p.at(h), name(e.Model), e.F, m.Pos.X, m.Pos.Y)
	case sim.EvCheck:
		fmt.Fprintf(w, "%s | %s: check %s\n", p.at(h), name(e.Model), fmtDice(&e.Dice))
	case sim.EvTie:
		fmt.Fprintf(w, "%s | clock tie: %s leadership %s\n", p.at(h), name(e.Model), fmtDice(&e.Dice))
	case sim.EvRecover:
		fmt.Fprintf(w, "%s | %s: recover %s\n", p.at(h), name(e.Model), fmtDice(&e.Dice))
	case sim.EvDanger:
		fmt.Fprintf(w, "%s | %s: enters dangerous terrain, athletics %s\n", p.at(h), name(e.Model), fmtDice(&e.Dice))
	case sim.EvAttack:
		kind := sim.AttackKind(e.N)
		card := ""
		if e.Card >= 0 {
			card = " [" + sim.CardName(uint8(e.Card)) + "]"
		}
		fmt.Fprintf(w, "%s | %s: %s attack%s on %s: %s\n", p.at(h), name(e.Model), kind, card, name(e.Target), fmtDice(&e.Dice))
	case sim.EvWound:
		cause := ""
		if e.Cond != sim.NoCond {
			cause = " from " + e.Cond.String()
		}
		fmt.Fprintf(w, "%s | %s: takes %d WND%s, %d left\n", p.at(h), name(e.Model), e.N, cause, h.M[e.Model].WND)
	case sim.EvHitCard:
		a := &h.Sc.Adversary
		fmt.Fprintf(w, "%s |   hit card %d -> %s (%d left)\n", p.at(h), e.N, a.Loc[e.Loc].Name, h.Loc[e.Loc]-1)
	case sim.EvExhausted:
		l := &h.Sc.Adversary.Loc[e.Loc]
		if l.Label == "" {
			fmt.Fprintf(w, "%s |   %s exhausted\n", p.at(h), l.Name) // no effect of its own
			break
		}
		fmt.Fprintf(w, "%s |   %s exhausted: %s\n", p.at(h), l.Name, l.Label)
	case sim.EvHealed:
		if e.Loc >= 0 {
			fmt.Fprintf(w, "%s | %s: heals %d on %s\n", p.at(h), name(e.Model), e.N, h.Sc.Adversary.Loc[e.Loc].Name)
		} else {
			fmt.Fprintf(w, "%s | %s: recovers %d WND\n", p.at(h), name(e.Model), e.N)
		}
	case sim.EvDeath:
		fmt.Fprintf(w, "%s | %s falls\n", p.at(h), name(e.Model))
	case sim.EvCondition:
		fmt.Fprintf(w, "%s | %s: %s\n", p.at(h), name(e.Model), e.Cond)
	case sim.EvCleared:
		fmt.Fprintf(w, "%s | %s: %s cleared\n", p.at(h), name(e.Model), e.Cond)
	case sim.EvCard:
		rank := e.Card / 4
		var act *sim.CardAction
		if e.Card%4 == sim.Hearts {
			act = &h.Sc.Adversary.Special[rank]
		} else {
			act = &h.Sc.Adversary.Standard[rank]
		}
		fmt.Fprintf(w, "%s | %s: action card %s %s (%s tree)\n", p.at(h), h.Sc.Adversary.Name, sim.CardName(uint8(e.Card)), act.Name, e.Tree)
	case sim.EvDecision:
		fmt.Fprintf(w, "%s | %s: %s\n", p.at(h), name(e.Model), e.Name)
	case sim.EvParried:
		fmt.Fprintf(w, "%s | %s parries %s's attack\n", p.at(h), name(e.Model), name(e.Target))
	case sim.EvCounter:
		fmt.Fprintf(w, "%s | %s counter-attacks %s\n", p.at(h), name(e.Model), name(e.Target))
	case sim.EvPushed:
		fmt.Fprintf(w, "%s | %s pushed to (%.1f,%.1f)\n", p.at(h), name(e.Model), e.Pos.X, e.Pos.Y)
	case sim.EvPlaced:
		fmt.Fprintf(w, "%s | %s placed at (%.1f,%.1f)\n", p.at(h), name(e.Model), e.Pos.X, e.Pos.Y)
	case sim.EvFled:
		fmt.Fprintf(w, "%s | %s flees in terror to (%.1f,%.1f)\n", p.at(h), name(e.Model), e.Pos.X, e.Pos.Y)
	case sim.EvLeft:
		fmt.Fprintf(w, "%s | %s leaves the hunt by an exit\n", p.at(h), name(e.Model))
	case sim.EvArea:
		fmt.Fprintf(w, "%s | area %s placed at (%.1f,%.1f)\n", p.at(h), e.Name, e.Pos.X, e.Pos.Y)
	case sim.EvTrigger:
		if e.Model < 0 {
			fmt.Fprintf(w, "%s | %s at (%.1f,%.1f)\n", p.at(h), e.Name, e.Pos.X, e.Pos.Y)
			break
		}
		fmt.Fprintf(w, "%s | %s: %s\n", p.at(h), name(e.Model), e.Name)
	case sim.EvRoundEnd:
		fmt.Fprintf(w, "R%d end  | ", h.Round)
		for i := 0; i < int(h.N); i++ {
			m := &h.M[i]
			if i > 0 {
				w.WriteString("; ")
			}
			st := fmt.Sprintf("%d WND", m.WND)
			switch m.State {
			case sim.Dead:
				st = "dead"
			case sim.Fled:
				st = "fled"
			}
			fmt.Fprintf(w, "%s %s", h.Name(i), st)
			if m.State == sim.Active && m.Conds != 0 {
				fmt.Fprintf(w, " [%s]", conds(m.Conds))
			}
		}
		w.WriteByte('\n')
	case sim.EvEnd:
		r := &h.Rec
		fmt.Fprintf(w, "outcome: %s after %d rounds (%d ticks)", r.Outcome, r.Rounds, r.Ticks)
		if r.AdversaryDefeated {
			fmt.Fprintf(w, "; Adversary defeated at tick %d", r.DefeatedAt)
		} else {
			fmt.Fprintf(w, "; Adversary WND dealt %d of %d", r.AdvWounds, h.Sc.Adversary.Stats.WND)
		}
		fmt.Fprintf(w, "; Pack WND taken")
		for i := 0; i < int(h.NPack); i++ {
			fmt.Fprintf(w, " %s %d", h.Name(i), r.Taken[i])
		}
		if r.Objective != sim.NoObjective {
			fmt.Fprintf(w, "; objective %s met %v, Renown %d", r.Objective, r.ObjectiveMet, r.Renown)
		}
		fmt.Fprintf(w, "; %d turns, %d random draws\n", r.Turns, r.Draws)
	}
}

func clockOf(h *sim.Hunt, i int) uint8 {
	if h.IsAdversary(i) {
		return h.AdvClockAfter() // the joint clock, as the Turn stands so far
	}
	return h.M[i].Clock
}

func conds(s sim.CondSet) string {
	var parts []string
	for c := sim.Bleeding; c < sim.NumConds; c++ {
		if s.Has(c) {
			parts = append(parts, c.String())
		}
	}
	return strings.Join(parts, ",")
}
