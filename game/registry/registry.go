// Package registry holds the one list of the games balance plays. The
// command line and the instruction gate both read it, so a game added
// here is offered by every command and must have its row in the gate.
package registry

import (
	"balance/game"
	"balance/game/cazadores"
	"balance/game/crims"
	"balance/game/horizon"
	"balance/game/skirmish"
	"balance/game/vantage"
)

// Games are the games balance plays, the default first.
var Games = []game.Game{cazadores.Game{}, crims.Game{}, horizon.Game{}, skirmish.Game{}, vantage.Game{}}

// Default is the game played when none is named.
func Default() game.Game { return Games[0] }
