package konane

import (
	"context"
	"fmt"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/query/play"
	"github.com/tablebase/tablebase/tablebase"
)

// Game is Konane in the registry.
var Game game

// game gives the generic layers what they need to build, answer and play
// Konane.
type game struct{}

// Name is the game's name on the command line and in the JSON.
func (game) Name() string { return "konane" }

// Summary describes the game for tb help.
func (game) Summary() string {
	return "a stone jumps over the other's stones in a line, taking them, x for Left and o for Right: exact values"
}

// playerNames names the players.
var playerNames = map[string]string{"L": "Left (x)", "R": "Right (o)"}

// Board describes positions to the explorer and tb play.
func (game) Board() query.Board {
	return query.Board{Kind: "stones", Size: "4x4", Start: "xoxo|o..x|xoxo|oxox", Players: playerNames}
}

// Open returns a querier reading f when f is not nil.
func (game) Open(f *tablebase.File, _ *query.Config) (query.Querier, error) {
	return NewQuerier(f)
}

// Params lists the build's parameters.
func (game) Params() []build.Param {
	return []build.Param{{Name: "max-cells", Usage: fmt.Sprintf("largest part, in cells (1 to %d)", MaxBuildCells)}}
}

// Build stores every part of at most --max-cells cells.
func (game) Build(ctx context.Context, p build.Params, opts build.Options) (build.Summary, error) {
	n, err := p.Int("max-cells", 0)
	if err != nil {
		return build.Summary{}, err
	}
	if n == 0 {
		return build.Summary{}, build.Usagef("--max-cells N is required for konane")
	}
	return Build(ctx, n, opts)
}

// Play plays from pos, players alternating.
func (game) Play(s *play.Session, pos string) error {
	return s.CGT(pos, playerNames)
}

// PlayOptions says which of tb play's options the game reads.
func (game) PlayOptions() string { return "--as L (x) or R (o); --first L or R" }
