package toadsfrogs

import (
	"context"
	"fmt"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/query/play"
	"github.com/tablebase/tablebase/tablebase"
)

// Game is Toads and Frogs in the registry.
var Game game

// game gives the generic layers what they need to build, answer and play
// Toads and Frogs.
type game struct{}

// Name is the game's name on the command line and in the JSON.
func (game) Name() string { return "toads-and-frogs" }

// Summary describes the game for tb help.
func (game) Summary() string {
	return "strips of toads T (Left, moving right) and frogs F (Right, moving left), stepping or jumping one of the other's: exact values"
}

// playerNames names the players.
var playerNames = map[string]string{"L": "Left (toads)", "R": "Right (frogs)"}

// Board describes positions to tb play. The explorer has no kind of
// board that draws toads and frogs: "strip" is one it does not know.
func (game) Board() query.Board {
	return query.Board{Kind: "strip", Size: "7", Start: "TTT.FFF", Players: playerNames}
}

// Open returns a querier reading f when f is not nil.
func (game) Open(f *tablebase.File, _ *query.Config) (query.Querier, error) {
	return NewQuerier(f)
}

// Params lists the build's parameters.
func (game) Params() []build.Param {
	return []build.Param{{Name: "max-cells", Usage: fmt.Sprintf("longest part, in cells (1 to %d; default %d)", MaxBuildCells, DefaultBuildCells), Grows: true}}
}

// Build stores every part of at most --max-cells cells.
func (game) Build(ctx context.Context, p build.Params, opts build.Options) (build.Summary, error) {
	n, err := p.Int("max-cells", DefaultBuildCells)
	if err != nil {
		return build.Summary{}, err
	}
	return Build(ctx, n, opts)
}

// Play plays from pos, players alternating.
func (game) Play(s *play.Session, pos string) error {
	return s.CGT(pos, playerNames)
}

// PlayOptions says which of tb play's options the game reads.
func (game) PlayOptions() string { return "--as L (toads) or R (frogs); --first L or R" }
