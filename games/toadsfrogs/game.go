package toadsfrogs

import (
	"github.com/tablebase/tablebase/games/internal/parts"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

// Game is Toads and Frogs in the registry, its strips drawn as the
// explorer's "strip" boards.
var Game = parts.Game[Strip, Key]{
	Rules: Rules, Store: store,
	About: "strips of toads T (Left, moving right) and frogs F (Right, moving left), stepping or jumping one of the other's: exact values",
	Look: query.Board{Kind: "strip", Cells: "TF.", Size: "1x7", Start: "TTT.FFF",
		Players: map[string]string{"L": "Left (toads)", "R": "Right (frogs)"}},
	Querier: func(f *tablebase.File, _ *query.Config) (query.Querier, error) { return NewQuerier(f) },
}
