package cazadores

import (
	configs "balance/configs/cazadores"
	"balance/game"
)

var _ game.Explainer = Game{}

// Explain returns the entry of a field of an Adversary file (stats.wnd,
// actions.range, minions) or of an effect op, as
// docs/cazadores/adversary-schema.md gives it.
func (Game) Explain(field string) (string, error) {
	s, err := configs.ExplainAdversaryField(field)
	if err != nil {
		return "", game.Usagef("-explain %s: %v", field, err)
	}
	return s, nil
}
