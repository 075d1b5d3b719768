package clobber

import (
	"github.com/tablebase/tablebase/games/internal/parts"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

// Game is Clobber in the registry.
var Game = game{parts.Game[Position, Key]{
	Rules: Rules, Store: store,
	About: "a stone captures an adjacent stone of the other's, x for Left and o for Right: exact values; whole boards' outcomes",
	Look: query.Board{Kind: "stones", Cells: "xo.", Size: "3x4", Start: "xoxo|oxox|xoxo", WholeBoard: true,
		Players: map[string]string{"L": "Left (x)", "R": "Right (o)"}},
	Querier: open,
}}

// game is Clobber as parts.Game gives it, with the whole-board search
// split into tasks (tasks.go).
type game struct{ parts.Game[Position, Key] }

// open returns a querier reading f when f is not nil, its whole-board
// search set up by c.
func open(f *tablebase.File, c *query.Config) (query.Querier, error) {
	q, err := NewQuerier(f)
	if err != nil {
		return nil, err
	}
	q.Configure(c)
	return q, nil
}
