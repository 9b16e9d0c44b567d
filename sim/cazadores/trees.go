package cazadores

// The vocabulary of the Decision Trees: the questions a tree may ask, each
// with what a Yes does (TreeSteps), and the Aggro rules that pick a Foe's
// target (AggroRules). The three trees of the rulebook are written in it
// (BuiltinTrees), as an Adversary file's own trees are; the Foes' AI plays
// every tree from it, and docs/cazadores/adversary-schema.md is written
// from the same tables.

// TreeStep is one question of a Decision Tree with the answer a Yes gives.
type TreeStep uint8

// The questions.
const (
	StepCloseCombat TreeStep = iota
	StepRangedCombat
	StepAggress
	StepReposition
	StepRetreat
	StepHoldGround
)

// TreeStepSpec is a question as files name it and the reference
// describes it.
type TreeStepSpec struct {
	Step     TreeStep
	Name     string
	Question string
	Yes      string
}

// TreeSteps is the table of the questions, in the order of TreeStep.
var TreeSteps = []TreeStepSpec{
	{StepCloseCombat, "close_combat", "is a Hostile model in the reach of its melee attack and in sight?", "a Melee Attack on the Aggro target (a card action that makes no attack is carried out here)"},
	{StepRangedCombat, "ranged_combat", "is a Hostile model in the range of its Shooting or Terror Attack and in sight?", "that attack on the Aggro target"},
	{StepAggress, "aggress", "is a Hostile model within 10\"?", "a Move toward the Aggro target, then Close Combat, else Ranged Combat, else a second Move toward it"},
	{StepReposition, "reposition", "is it more than 5\" from every Friendly model?", "a Move toward the furthest Objective, else the largest group of Minions, else the nearest other model of the Adversary; then Close Combat, else Ranged Combat, else Hold Ground"},
	{StepRetreat, "retreat", "is it in a Hostile model's melee reach and sight?", "a Move straight away from those models, then Ranged Combat, else Hold Ground"},
	{StepHoldGround, "hold_ground", "always Yes", "it stays where it is and Passes"},
}

// AggroRule is how a tree picks its target among the Hostile models in
// sight within 10" (ties broken at random).
type AggroRule uint8

// The Aggro rules.
const (
	AggroMostWND AggroRule = iota
	AggroFewestWND
	AggroNearest
)

// AggroSpec is an Aggro rule as files name it and the reference describes
// it.
type AggroSpec struct {
	Rule AggroRule
	Name string
	Doc  string
}

// AggroRules is the table of the Aggro rules, in the order of AggroRule.
var AggroRules = []AggroSpec{
	{AggroMostWND, "most_wnd", "the model with most WNDs left"},
	{AggroFewestWND, "fewest_wnd", "the model with fewest WNDs left"},
	{AggroNearest, "nearest", "the nearest model"},
}

// MaxTreeSteps is the most questions a tree asks (each at most once).
const MaxTreeSteps = 6

// MaxTrees is the most trees of its own an Adversary file may write.
const MaxTrees = 4

// TreeDef is a Decision Tree: its questions in order (the first Yes is
// acted on; with none, the Foe holds its ground) and its Aggro rule.
type TreeDef struct {
	Name   string
	Steps  [MaxTreeSteps]TreeStep
	NSteps uint8
	Aggro  AggroRule
}

// BuiltinTrees are the rulebook's three trees, by Tree.
var BuiltinTrees = [...]TreeDef{
	Aggressive: {Name: "aggressive", Steps: [MaxTreeSteps]TreeStep{StepCloseCombat, StepAggress, StepReposition, StepHoldGround}, NSteps: 4, Aggro: AggroMostWND},
	Defensive:  {Name: "defensive", Steps: [MaxTreeSteps]TreeStep{StepRetreat, StepReposition, StepAggress, StepHoldGround}, NSteps: 4, Aggro: AggroFewestWND},
	Sentry:     {Name: "sentry", Steps: [MaxTreeSteps]TreeStep{StepCloseCombat, StepRangedCombat, StepReposition, StepHoldGround}, NSteps: 4, Aggro: AggroNearest},
}

// TreeOf returns tree t: a built-in one, else one of the Adversary's own
// (Trees, numbered from len(BuiltinTrees)).
func (a *AdversaryDef) TreeOf(t Tree) *TreeDef {
	if int(t) < len(BuiltinTrees) {
		return &BuiltinTrees[t]
	}
	return &a.Trees[int(t)-len(BuiltinTrees)]
}

// TreeName returns tree t's name.
func (a *AdversaryDef) TreeName(t Tree) string { return a.TreeOf(t).Name }

// StepByName returns the question named s and whether there is one.
func StepByName(s string) (TreeStep, bool) {
	for _, x := range TreeSteps {
		if x.Name == s {
			return x.Step, true
		}
	}
	return 0, false
}

// AggroByName returns the Aggro rule named s and whether there is one.
func AggroByName(s string) (AggroRule, bool) {
	for _, x := range AggroRules {
		if x.Name == s {
			return x.Rule, true
		}
	}
	return 0, false
}

// TreeStepNames are the questions' names, AggroNames the Aggro rules'.
func TreeStepNames() []string {
	out := make([]string, len(TreeSteps))
	for i, x := range TreeSteps {
		out[i] = x.Name
	}
	return out
}

// AggroNames are the Aggro rules' names.
func AggroNames() []string {
	out := make([]string, len(AggroRules))
	for i, x := range AggroRules {
		out[i] = x.Name
	}
	return out
}
