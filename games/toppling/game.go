package toppling

import (
	"context"
	"fmt"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/query/play"
	"github.com/tablebase/tablebase/tablebase"
)

// Game is Toppling Dominoes in the registry.
var Game game

// game gives the generic layers what they need to build, answer and play
// Toppling Dominoes.
type game struct{}

// Name is the game's name on the command line and in the JSON.
func (game) Name() string { return "toppling-dominoes" }

// Summary describes the game for tb help.
func (game) Summary() string {
	return "rows of blue x (Left), red o (Right) and green g dominoes, toppled left or right with all beyond: exact values"
}

// playerNames names the players.
var playerNames = map[string]string{"L": "Left (blue, x)", "R": "Right (red, o)"}

// Board describes positions to the explorer and tb play: lines of cells
// as Clobber's stones ('x', 'o', '.'); the explorer does not draw green
// dominoes 'g'.
func (game) Board() query.Board {
	return query.Board{Kind: "stones", Size: "2x7", Start: "xoxxoox|ooxxoxo", Players: playerNames}
}

// Open returns a querier reading f when f is not nil.
func (game) Open(f *tablebase.File, _ *query.Config) (query.Querier, error) {
	return NewQuerier(f)
}

// Params lists the build's parameters.
func (game) Params() []build.Param {
	return []build.Param{{Name: "max-cells", Usage: fmt.Sprintf("longest row, in dominoes (1 to %d; default %d)", MaxBuildCells, DefaultBuildCells), Grows: true}}
}

// Build stores every row of at most --max-cells dominoes.
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
func (game) PlayOptions() string { return "--as L (blue) or R (red); --first L or R" }
