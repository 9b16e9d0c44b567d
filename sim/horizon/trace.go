package horizon

import (
	"encoding/json"
	"fmt"
	"io"
	"math/bits"
	"strings"
)

func tz(m uint64) int { return bits.TrailingZeros64(m) }

// evKind is the kind of a trace event.
type evKind uint8

const (
	evStart evKind = iota
	evDeploy
	evActivate
	evRefresh
	evDeckOut
	evSkip
	evStand
	evAction
	evMove
	evCraft
	evDistract
	evSalvage
	evAttack
	evRoll
	evCrit
	evHit
	evTorn
	evDamaged
	evKill
	evCond
	evAOERoll
	evTrapSet
	evTrap
	evPush
	evFree
	evOutcrop
	evAlert
	evEnemyMove
	evEnemyBurn
	evLeft
	evBlocked
	evBehaviour
	evShocked
	evEAction
	evRepair
	evEAttack
	evRuin
	evEvade
	evHunterCond
	evAOEHunter
	evDodge
	evPushed
	evDamage
	evFaint
	evBurn
	evInterrupt
	evCoopGlory
	evPatrol
	evScrap
	evEnd
)

var evNames = [...]string{"start", "deploy", "activate", "refresh", "deck_out", "skip", "stand", "action", "move", "craft",
	"distract", "salvage", "attack", "roll", "crit", "hit", "torn", "damaged", "kill", "condition", "aoe_roll", "trap_set",
	"trap", "push", "free_action", "outcrop", "alert", "enemy_move", "enemy_burn", "left", "blocked", "behaviour",
	"shocked", "enemy_action", "repair", "enemy_attack", "ruin", "evade", "hunter_condition", "aoe_hunter", "dodge",
	"pushed", "damage", "faint", "burn", "interrupt", "coop_glory", "patrol", "scrap", "end"}

// Tracer writes a hunt play by play: as text, and as JSON Lines when
// events is not nil. A hunt without a Tracer formats nothing.
type Tracer struct {
	w, events io.Writer
	why       string
	err       error
	dice      []DieShown
}

// DieShown is one die of a traced roll.
type DieShown struct {
	Colour string `json:"colour"`
	Pips   int    `json:"pips"`
	Crit   bool   `json:"crit,omitempty"`
	Reroll bool   `json:"rerolled,omitempty"`
}

// NewTracer returns a tracer writing text to w and, when events is not
// nil, JSON Lines to events.
func NewTracer(w, events io.Writer) *Tracer {
	if w == nil {
		w = io.Discard
	}
	return &Tracer{w: w, events: events}
}

// Err returns the first write error.
func (t *Tracer) Err() error { return t.err }

// SetTracer makes h trace to t (nil: no trace).
func (h *Hunt) SetTracer(t *Tracer) { h.tr = t }

// Tracing reports whether h is being traced: a policy gives reasons
// (Why) only then.
func (h *Hunt) Tracing() bool { return h.tr != nil }

// Why gives the reason of the decision the policy is about to return;
// the trace prints it with the event the decision causes.
func (h *Hunt) Why(reason string) {
	if h.tr != nil {
		h.tr.why = reason
	}
}

func (h *Hunt) event(k evKind, hunter, enemy, n int) {
	if h.tr != nil {
		h.emit(k, hunter, enemy, n, 0, "")
	}
}

func (h *Hunt) note(k evKind, hunter, enemy, n int, why string) {
	if h.tr != nil {
		h.emit(k, hunter, enemy, n, 0, why)
	}
}

func (h *Hunt) rollEvent(k evKind, hunter, enemy, pips, crits int) {
	if h.tr != nil {
		h.rollEvent0(k, hunter, enemy, pips, crits)
	}
}

// rollEvent0 is rollEvent when tracing (rollEvent is small enough to
// be inlined).
func (h *Hunt) rollEvent0(k evKind, hunter, enemy, pips, crits int) {
	t := h.tr
	t.dice = t.dice[:0]
	d := &h.Sc.Dice
	r := &h.roll
	for i := 0; i < r.n; i++ {
		f := d.eff[r.col[i]][r.face[i]]
		t.dice = append(t.dice, DieShown{Colour: d.Die[r.col[i]].Name, Pips: int(f.Pips), Crit: f.Crit, Reroll: r.re&(1<<i) != 0})
	}
	h.emit(k, hunter, enemy, pips, crits, "")
}

// HunterName names hunter i.
func (h *Hunt) HunterName(i int) string {
	if i < 0 || i >= h.NH {
		return ""
	}
	return h.Sc.Hunters[i].Name
}

// EnemyName names enemy e: its type and its number among its type.
func (h *Hunt) EnemyName(e int) string {
	if e < 0 || e >= h.NE {
		return ""
	}
	m := h.E[e].M
	k := 1
	for i := 0; i < e; i++ {
		if h.E[i].M == m {
			k++
		}
	}
	return fmt.Sprintf("%s %d", h.Sc.Machines[m].Name, k)
}

type jsonEvent struct {
	Turn   int        `json:"turn"`
	Event  string     `json:"event"`
	Hunter string     `json:"hunter,omitempty"`
	Enemy  string     `json:"enemy,omitempty"`
	N      int        `json:"n"`
	Crits  int        `json:"crits,omitempty"`
	Dice   []DieShown `json:"dice,omitempty"`
	Why    string     `json:"why,omitempty"`
	Text   string     `json:"text"`
}

func (h *Hunt) emit(k evKind, hunter, enemy, n, crits int, why string) {
	t := h.tr
	if t.err != nil {
		return
	}
	text := h.describe(k, hunter, enemy, n, crits)
	if why == "" && isDecision(k) {
		why, t.why = t.why, ""
	}
	line := fmt.Sprintf("turn %d: %s", h.Turn, text)
	if why != "" {
		line += " (" + why + ")"
	}
	if k == evEnd {
		line = text
	}
	if _, err := fmt.Fprintln(t.w, line); err != nil {
		t.err = err
		return
	}
	if t.events != nil {
		ev := jsonEvent{Turn: h.Turn, Event: evNames[k], Hunter: h.HunterName(hunter), N: n, Crits: crits, Why: why, Text: text}
		if k == evRoll || k == evEvade || k == evAOERoll {
			ev.Dice = t.dice
		}
		if enemy >= 0 && k != evDamage && k != evHunterCond {
			ev.Enemy = h.EnemyName(enemy)
		}
		b, err := json.Marshal(ev)
		if err == nil {
			_, err = t.events.Write(append(b, '\n'))
		}
		if err != nil {
			t.err = err
		}
	}
}

func isDecision(k evKind) bool {
	switch k {
	case evDeploy, evRefresh, evAction, evCraft, evDistract, evSalvage, evAttack, evTrapSet, evCrit, evPush, evFree,
		evDodge, evPushed, evInterrupt, evCoopGlory, evScrap:
		return true
	}
	return false
}

func (h *Hunt) describe(k evKind, hunter, enemy, n, crits int) string {
	sc := h.Sc
	b := h.B
	hn, en := h.HunterName(hunter), h.EnemyName(enemy)
	switch k {
	case evStart:
		return fmt.Sprintf("encounter %q: %d hunters, %d enemies, threshold %d encounter points", sc.Title, h.NH, h.NE, sc.Threshold)
	case evDeploy:
		return fmt.Sprintf("%s is placed at %s", hn, b.Name(n))
	case evActivate:
		s := &h.H[hunter]
		return fmt.Sprintf("%s activates at %s: hand %d, draw pile %d, discard pile %d%s", hn, b.Name(int(s.Cell)), s.NHand, s.NDraw, s.NDisc, condSuffix(s.Cond))
	case evRefresh:
		return fmt.Sprintf("%s discards %s before drawing", hn, sc.Cards[n].Name)
	case evDeckOut:
		return fmt.Sprintf("%s cannot draw: the action deck has run out", hn)
	case evSkip:
		return fmt.Sprintf("%s has fainted and skips this turn", hn)
	case evStand:
		return fmt.Sprintf("%s stands up: the discard pile is shuffled into a new draw pile of %d cards", hn, n)
	case evAction:
		return fmt.Sprintf("%s: %s", hn, ActionKind(n))
	case evMove:
		return fmt.Sprintf("%s moves to %s", hn, b.Name(n))
	case evCraft:
		return fmt.Sprintf("%s crafts: %d cards from the bottom of the discard pile shuffled into the draw pile", hn, n)
	case evDistract:
		return fmt.Sprintf("%s distracts %s towards %s", hn, en, b.Name(n))
	case evSalvage:
		return fmt.Sprintf("%s searches the machine corpse: %d salvage cards", hn, n)
	case evAttack:
		part := "the body"
		if n >= 0 {
			c := &sc.Machines[h.E[enemy].M].Comps[n]
			part = fmt.Sprintf("component %c %s (tear %g)", c.Letter, c.Name, h.E[enemy].Tear[n])
		}
		return fmt.Sprintf("%s attacks %s at %s, targeting %s", hn, en, b.Name(int(h.E[enemy].Cell)), part)
	case evRoll, evAOERoll, evEvade:
		what := "rolls"
		if k == evAOERoll {
			what = "rolls the AOE against"
		}
		if k == evEvade {
			return fmt.Sprintf("%s evades: %s = %d pips, %d crits", hn, h.diceText(), n, crits)
		}
		return fmt.Sprintf("%s %s %s: %s = %d pips, %d crits", hn, what, en, h.diceText(), n, crits)
	case evCrit:
		o := h.Opts[n]
		return fmt.Sprintf("%s picks crit option %d (%s)", hn, n+1, effectsText(sc, &o))
	case evHit:
		return fmt.Sprintf("%s deals %d damage to %s after armour", hn, n, en)
	case evTorn:
		c := &sc.Machines[h.E[enemy].M].Comps[n]
		return fmt.Sprintf("%s destroys component %c %s of %s", hn, c.Letter, c.Name, en)
	case evDamaged:
		c := &sc.Machines[h.E[enemy].M].Comps[n]
		return fmt.Sprintf("%s damages component %c %s of %s: its tear value is now %g", hn, c.Letter, c.Name, en, h.E[enemy].Tear[n])
	case evKill:
		by := "Fire"
		if hunter >= 0 {
			by = hn
		}
		return fmt.Sprintf("%s is killed by %s: +%d encounter points (%d in all)", en, by, n, h.Points)
	case evCond:
		return fmt.Sprintf("%s suffers %s", en, Cond(n))
	case evTrapSet:
		return fmt.Sprintf("%s places a %s trap at %s", hn, sc.Cards[enemy].Name, b.Name(n))
	case evTrap:
		return fmt.Sprintf("%s triggers %s's trap at %s", en, hn, b.Name(n))
	case evPush:
		return fmt.Sprintf("%s pushes %s to %s", hn, en, b.Name(n))
	case evFree:
		return fmt.Sprintf("%s makes a free %s", hn, ActionKind(n))
	case evOutcrop:
		return fmt.Sprintf("%s gains 1 glory for striking from a rocky outcrop", hn)
	case evAlert:
		return fmt.Sprintf("%s becomes alert", en)
	case evEnemyMove:
		return fmt.Sprintf("%s moves to %s", en, b.Name(n))
	case evEnemyBurn:
		return fmt.Sprintf("%s burns: %d damage", en, n)
	case evLeft:
		return fmt.Sprintf("%s walks off the playing area from %s and leaves the encounter", en, b.Name(n))
	case evBlocked:
		return fmt.Sprintf("%s cannot patrol into %s: a huge model is there", en, b.Name(n))
	case evBehaviour:
		bc := &sc.BCards[n>>1]
		col := "Yes"
		if n&1 == 1 {
			col = "No"
		}
		if bc.Q.Kind == QNone {
			return fmt.Sprintf("%s activates: behaviour card %q", en, bc.Name)
		}
		return fmt.Sprintf("%s activates: behaviour card %q, %s: %s", en, bc.Name, questionText(sc, &bc.Q), col)
	case evShocked:
		return fmt.Sprintf("%s is Shocked: its activation ends and the token is discarded", en)
	case evEAction:
		return fmt.Sprintf("%s: %s", en, EKindNames[n])
	case evRepair:
		return fmt.Sprintf("%s repairs %d damage", en, n)
	case evEAttack:
		return fmt.Sprintf("%s attacks %s for %d damage", en, hn, n)
	case evRuin:
		return fmt.Sprintf("%s shelters in the ruin at %s: the attack is ignored and the marker removed", hn, b.Name(n))
	case evHunterCond:
		return fmt.Sprintf("%s suffers %s", hn, Cond(n))
	case evAOEHunter:
		return fmt.Sprintf("%s is caught in the AOE: %d damage, no evade roll", hn, n)
	case evDodge:
		return fmt.Sprintf("%s dodges to %s", hn, b.Name(n))
	case evPushed:
		return fmt.Sprintf("%s is pushed to %s", hn, b.Name(n))
	case evDamage:
		from := "Fire"
		if enemy >= 0 {
			from = fmt.Sprintf("behaviour card %q", sc.BCards[enemy].Name)
		}
		s := &h.H[hunter]
		return fmt.Sprintf("%s suffers %d damage (from %s): hand %d, draw pile %d", hn, n, from, s.NHand, s.NDraw)
	case evFaint:
		return fmt.Sprintf("%s faints (%d faints) and loses its glory", hn, n)
	case evBurn:
		return fmt.Sprintf("%s burns at the end of the activation", hn)
	case evInterrupt:
		return fmt.Sprintf("%s plays %s", hn, sc.Cards[n].Name)
	case evCoopGlory:
		return fmt.Sprintf("glory turned into %d cards shuffled back into %s's draw pile", n, hn)
	case evScrap:
		return fmt.Sprintf("%s scraps %s for the rest of the encounter", hn, sc.Cards[n].Name)
	case evPatrol:
		return fmt.Sprintf("%s patrols from %s", en, b.Name(n))
	case evEnd:
		faints := 0
		for i := 0; i < h.NH; i++ {
			faints += int(h.Rec.Faints[i])
		}
		// the reports count rounds: a round is a turn of every hunter
		round := (h.Turn + h.NH - 1) / max(h.NH, 1)
		return fmt.Sprintf("outcome: %s after %d hunter turns (round %d): %d of %d encounter points, %d faints", Outcome(n), h.Turn, round, h.Points, sc.Threshold, faints)
	}
	return evNames[k]
}

func (h *Hunt) diceText() string {
	var parts []string
	for _, d := range h.tr.dice {
		s := fmt.Sprintf("%s %d", d.Colour, d.Pips)
		if d.Crit {
			s += "+crit"
		}
		if d.Reroll {
			s += " (rerolled)"
		}
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		return "no dice"
	}
	return strings.Join(parts, ", ")
}

func condSuffix(c Cond) string {
	if c == 0 {
		return ""
	}
	return ", " + c.String()
}

func effectsText(sc *Scenario, o *Effects) string {
	var parts []string
	if o.Damage != 0 {
		parts = append(parts, fmt.Sprintf("+%d damage", o.Damage))
	}
	if o.Cond != 0 {
		parts = append(parts, o.Cond.String())
	}
	if o.Push {
		parts = append(parts, "push")
	}
	if o.Dodge {
		parts = append(parts, "dodge")
	}
	if o.AOE >= 0 {
		parts = append(parts, "AOE")
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

func questionText(sc *Scenario, q *Question) string {
	switch q.Kind {
	case QHunter:
		return fmt.Sprintf("a hunter within %d squares?", q.N)
	case QNonAlert:
		return fmt.Sprintf("a non-alert enemy within %d squares?", q.N)
	case QEnemy:
		return fmt.Sprintf("another enemy within %d squares?", q.N)
	case QComponent:
		return fmt.Sprintf("component %d destroyed?", q.Comp+1)
	case QWounded:
		return fmt.Sprintf("at least %d damage taken?", q.N)
	}
	return ""
}
