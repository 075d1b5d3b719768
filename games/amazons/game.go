package amazons

import (
	"github.com/tablebase/tablebase/games/internal/parts"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

// Game is Amazons in the registry. Its board is drawn as the explorer's
// "stones" (x, o and empty cells; a burnt cell '#' is not drawn as such).
var Game = parts.Game[Position, Key]{
	Rules: Rules, Store: store,
	About: "an amazon (x for Left, o for Right) moves like a queen and shoots an arrow that burns a cell (#): exact values of small regions",
	Look: query.Board{Kind: "stones", Size: "2x4", Start: "x...|...o",
		Players: map[string]string{"L": "Left (x)", "R": "Right (o)"}},
	Querier: func(f *tablebase.File, _ *query.Config) (query.Querier, error) { return NewQuerier(f) },
}
