package placement

import (
	"context"
	"fmt"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/query/play"
	"github.com/tablebase/tablebase/tablebase"
)

// Game makes a game of the registry from a placement game's rules: built
// region by region up to --max-cells, answered with exact values, played
// in the terminal with the player who cannot move losing.
type Game struct {
	Rules
	// About describes the game in one line, for tb help.
	About string
	// Players names Left ("L") and Right ("R") in tb play and the
	// explorer.
	Players map[string]string
}

// Summary describes the game for tb help.
func (g Game) Summary() string { return g.About }

// Board describes positions to the explorer and tb play.
func (g Game) Board() query.Board {
	return query.Board{Kind: "2d", Size: "4x4", Start: "....|....|....|....", Players: g.Players}
}

// Open returns a querier reading f when f is not nil.
func (g Game) Open(f *tablebase.File, c *query.Config) (query.Querier, error) {
	return NewQuerier(g.Rules, f, c)
}

// Params lists the build's parameters.
func (g Game) Params() []build.Param {
	return []build.Param{{Name: "max-cells", Usage: fmt.Sprintf("largest region, in cells (1 to %d)", build.MaxRegionCells), Grows: true}}
}

// Build stores every connected region of at most --max-cells cells.
func (g Game) Build(ctx context.Context, p build.Params, opts build.Options) (build.Summary, error) {
	n, err := p.Int("max-cells", 0)
	if err != nil {
		return build.Summary{}, err
	}
	if n == 0 {
		return build.Summary{}, build.Usagef("--max-cells N is required for %s", g.Name())
	}
	return Build(ctx, g.Rules, n, opts)
}

// Play plays from pos, players alternating.
func (g Game) Play(s *play.Session, pos string) error { return s.CGT(pos, g.Players) }

// PlayOptions says which of tb play's options the game reads.
func (g Game) PlayOptions() string { return "--as L or R; --first L or R" }
