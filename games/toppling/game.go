package toppling

import (
	"github.com/tablebase/tablebase/games/internal/parts"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

// Game is Toppling Dominoes in the registry, its rows drawn as the
// explorer's "strip" boards (rows of any lengths).
var Game = parts.Game[Line, Key]{
	Rules: Rules, Store: store,
	About: "rows of blue x (Left), red o (Right) and green g dominoes, toppled left or right with all beyond: exact values",
	Look: query.Board{Kind: "strip", Cells: "xog.", Size: "2x7", Start: "xoxxoox|ooxxoxo",
		Players: map[string]string{"L": "Left (blue, x)", "R": "Right (red, o)"}},
	Querier: func(f *tablebase.File, _ *query.Config) (query.Querier, error) { return NewQuerier(f) },
}
