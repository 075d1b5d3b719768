package amazons

import (
	"context"
	"fmt"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/query/play"
	"github.com/tablebase/tablebase/tablebase"
)

// Game is Amazons in the registry.
var Game game

// game gives the generic layers what they need to answer and play
// Amazons. It has no build yet: positions are solved in memory.
type game struct{}

// Name is the game's name on the command line and in the JSON.
func (game) Name() string { return "amazons" }

// Summary describes the game for tb help.
func (game) Summary() string {
	return "an amazon (x for Left, o for Right) moves like a queen and shoots an arrow that burns a cell (#): exact values of small regions, solved in memory"
}

// playerNames names the players.
var playerNames = map[string]string{"L": "Left (x)", "R": "Right (o)"}

// Board describes positions to the explorer and tb play: "stones" draws
// x, o and empty cells (a burnt cell '#' is not drawn as such).
func (game) Board() query.Board {
	return query.Board{Kind: "stones", Size: "2x4", Start: "x...|...o", Players: playerNames}
}

// Open returns an in-memory querier; there is no Amazons file yet.
func (game) Open(f *tablebase.File, c *query.Config) (query.Querier, error) {
	if f != nil {
		return nil, fmt.Errorf("%s holds a %s tablebase; amazons has no build yet", f.Path(), f.Meta().Game)
	}
	return NewQuerier(), nil
}

// Params lists the build's parameters: none, as there is no build yet.
func (game) Params() []build.Param { return nil }

// Build refuses: Amazons has no build yet.
func (game) Build(context.Context, build.Params, build.Options) (build.Summary, error) {
	return build.Summary{}, build.Usagef("amazons has no build yet: positions are solved in memory")
}

// Play plays from pos, players alternating.
func (game) Play(s *play.Session, pos string) error { return s.CGT(pos, playerNames) }

// PlayOptions says which of tb play's options the game reads.
func (game) PlayOptions() string { return "--as L (x) or R (o); --first L or R" }
