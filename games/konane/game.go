package konane

import (
	"github.com/tablebase/tablebase/games/internal/parts"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

// Game is Konane in the registry.
var Game = parts.Game[Position, Key]{
	Rules: Rules, Store: store,
	About: "a stone jumps over the other's stones in a line, taking them, x for Left and o for Right: exact values",
	Look: query.Board{Kind: "stones", Cells: "xo.#", Size: "4x4", Start: "xoxo|o..x|xoxo|oxox",
		Players: map[string]string{"L": "Left (x)", "R": "Right (o)"}},
	Querier: func(f *tablebase.File, _ *query.Config) (query.Querier, error) { return NewQuerier(f) },
}
