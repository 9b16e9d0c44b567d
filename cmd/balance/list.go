package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"balance/game"
	"balance/stats"
)

// listSpecial are the lists of list that are not kinds of data entry.
var listSpecial = []string{"games", "kinds", "policies", "keys", "outcomes", "figures", "levers"}

type listOpts struct {
	game gameFlags
}

func (o *listOpts) flags(fs *flag.FlagSet, g game.Game) {
	o.game.register(fs, g, withOptions|withPolicyOptions, "", false)
}

func init() {
	register(&command{
		name:    "list",
		summary: "list the games, or one kind of a game's data, its policies, -set keys or outcomes",
		usage:   "[-game NAME] [GAME OPTIONS] [-data DIR] games|kinds|policies|keys|outcomes|figures|levers|KIND",
		long: `list prints, one per line:

  games     the games balance plays, with a line on each
  kinds     the kinds of entry of the game's data
  policies  the policy tiers of the players' side, weakest first, with the
            default marked
  keys      the keys -set takes, with their ranges
  outcomes  the outcomes a hunt ends in, and whose win each is
  figures   the game's figure list: each figure's key (what -target,
            regress and the JSON files name it by), its kind (proportion
            or mean) and label; "followed" marks those compare, sweep,
            tune and sensitivity print
  levers    the numbers sensitivity steps one at a time: each -set key,
            its label, its value in the design and the range tune
            searches when given none
  KIND      the names of one kind of entry of the game's data (the
            embedded data, and the -data directory over it), sorted: the
            names the game's options and other files use ('balance list
            kinds' lists the kinds)

The game's options choose the design whose outcomes, figures and levers
are listed, and the settings of the policies.`,
		examples: []string{
			"balance list games",
			"balance list kinds",
			"balance list policies",
			"balance list keys",
			"balance list outcomes",
			"balance list figures",
			"balance list -game crims levers",
		},
		run: runList,
	})
	flagsOf["list"] = func(fs *flag.FlagSet, g game.Game) { new(listOpts).flags(fs, g) }
}

func runList(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var o listOpts
	pos, err := parseGame("list", args, true, o.flags)
	if err != nil {
		return err
	}
	switch len(pos) {
	case 0:
		return usagef("name a list: %s, or a kind of the game's data", strings.Join(listSpecial, ", "))
	case 1:
	default:
		return usagef("unexpected argument %q: list prints one list", pos[1])
	}
	kind := pos[0]
	if kind == "games" {
		for _, g := range games {
			i := g.Info()
			fmt.Fprintf(stdout, "%s\t%s: %s\n", i.Name, i.Title, i.Summary)
		}
		return nil
	}
	l, err := o.game.open(ctx)
	if err != nil {
		return err
	}
	switch kind {
	case "kinds":
		for _, k := range l.Data.Kinds() {
			fmt.Fprintln(stdout, k)
		}
		return nil
	case "policies":
		tiers, def, err := l.Data.Policies(o.game.choice())
		if err != nil {
			return err
		}
		for _, t := range tiers {
			mark := ""
			if t.Name == def {
				mark = " (default)"
			}
			fmt.Fprintf(stdout, "%s\t%s%s\n", t.Name, t.Summary, mark)
		}
		return nil
	case "keys":
		for _, k := range l.Data.SetKeys() {
			fmt.Fprintln(stdout, k)
		}
		return nil
	case "figures":
		des, err := l.Design(ctx, o.game.spec(), 1)
		if err != nil {
			return err
		}
		t := stats.NewTally(des.Schema())
		followed := map[string]bool{}
		for _, f := range stats.Followed(t) {
			followed[f.Key] = true
		}
		for _, f := range stats.Figures(t) {
			mark := ""
			if followed[f.Key] {
				mark = "\tfollowed"
			}
			fmt.Fprintf(stdout, "%s\t%s\t%s%s\n", f.Key, f.Kind, f.Label, mark)
		}
		return nil
	case "levers":
		des, err := l.Design(ctx, o.game.spec(), 1)
		if err != nil {
			return err
		}
		for _, lv := range des.Levers() {
			fmt.Fprintf(stdout, "%s\t%s\t%d\t%d..%d\n", lv.Set, lv.Label, lv.Value, lv.Min, lv.Max)
		}
		return nil
	case "outcomes":
		des, err := l.Design(ctx, o.game.spec(), 1)
		if err != nil {
			return err
		}
		sch := des.Schema()
		for _, oc := range sch.Outcomes {
			who := "winner: none"
			if oc.Winner >= 0 {
				who = "winner: " + sch.Sides[oc.Winner].Label
			}
			fmt.Fprintf(stdout, "%s\t%s\t%s\n", oc.Key, oc.Label, who)
		}
		return nil
	}
	kinds := l.Data.Kinds()
	if !slices.Contains(kinds, kind) {
		all := append(append([]string{}, listSpecial...), kinds...)
		if s := nearest(kind, all); s != "" {
			return usagef("unknown list %q; did you mean %q? (lists: %s)", kind, s, strings.Join(all, ", "))
		}
		return usagef("unknown list %q; expected one of %s", kind, strings.Join(all, ", "))
	}
	names, err := l.Data.List(kind)
	if err != nil {
		return err
	}
	for _, s := range names {
		fmt.Fprintln(stdout, s)
	}
	return nil
}
