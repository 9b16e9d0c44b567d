package cazadores

import (
	configs "balance/configs/cazadores"
	"balance/game"
)

var _ game.Explainer = Game{}

// Explain returns the entry of a field of an Adversary file (stats.wnd,
// actions.range, minions), of a scenario file (scenario.terrain.height),
// of a Pack file or rules.yaml (weapons.pow, rules.cover) or of an
// effect op, as docs/cazadores/adversary-schema.md, scenario-schema.md and
// pack-schema.md give it.
func (Game) Explain(field string) (string, error) {
	s, err := configs.ExplainField(field)
	if err != nil {
		return "", game.Usagef("-explain %s: %v", field, err)
	}
	return s, nil
}
