package snort

import (
	"context"
	"fmt"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/query/play"
	"github.com/tablebase/tablebase/tablebase"
)

// Snort and Col are the two games in the registry.
var (
	Snort = game{SnortRule}
	Col   = game{ColRule}
)

// game gives the generic layers what they need to build, answer and play
// Snort or Col.
type game struct{ rule Rule }

// nameOf names a rule's game on the command line and in the JSON.
func nameOf(rule Rule) string {
	if rule == ColRule {
		return "col"
	}
	return "snort"
}

// Name is the game's name on the command line and in the JSON.
func (g game) Name() string { return nameOf(g.rule) }

// Summary describes the game for tb help.
func (g game) Summary() string {
	if g.rule == ColRule {
		return "colour an empty cell, x for Left and o for Right, never next to your own colour: exact values"
	}
	return "colour an empty cell, x for Left and o for Right, never next to the other's colour: exact values"
}

// playerNames names the players.
var playerNames = map[string]string{"L": "Left (blue, x)", "R": "Right (red, o)"}

// Board describes positions to the explorer and tb play.
func (game) Board() query.Board {
	return query.Board{Kind: "stones", Size: "3x4", Start: "....|....|....", Players: playerNames}
}

// Open returns a querier reading f when f is not nil.
func (g game) Open(f *tablebase.File, _ *query.Config) (query.Querier, error) {
	return NewQuerier(g.rule, f)
}

// Params lists the build's parameters.
func (game) Params() []build.Param {
	return []build.Param{{Name: "max-cells", Usage: fmt.Sprintf("largest group, in empty cells (1 to %d)", MaxBuildCells), Grows: true}}
}

// Build stores every group of at most --max-cells cells.
func (g game) Build(ctx context.Context, p build.Params, opts build.Options) (build.Summary, error) {
	n, err := p.Int("max-cells", 0)
	if err != nil {
		return build.Summary{}, err
	}
	if n == 0 {
		return build.Summary{}, build.Usagef("--max-cells N is required for %s", g.Name())
	}
	return Build(ctx, g.rule, n, opts)
}

// Play plays from pos, players alternating.
func (game) Play(s *play.Session, pos string) error {
	return s.CGT(pos, playerNames)
}

// PlayOptions says which of tb play's options the game reads.
func (game) PlayOptions() string { return "--as L (x) or R (o); --first L or R" }
