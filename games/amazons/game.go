package amazons

import (
	"github.com/tablebase/tablebase/games/internal/parts"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

// Game is Amazons in the registry, its board drawn as the explorer's
// "stones" (amazons x and o, empty cells, burnt cells '#').
var Game = parts.Game[Position, Key]{
	Rules: Rules, Store: store,
	About: "an amazon (x for Left, o for Right) moves like a queen and shoots an arrow that burns a cell (#): exact values of small regions",
	Look: query.Board{Kind: "stones", Cells: "xo.#", Size: "2x4", Start: "x...|...o",
		Players: map[string]string{"L": "Left (x)", "R": "Right (o)"}},
	Querier: func(f *tablebase.File, _ *query.Config) (query.Querier, error) { return NewQuerier(f) },
}
