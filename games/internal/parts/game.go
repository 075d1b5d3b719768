package parts

import (
	"context"
	"fmt"
	"strings"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/query/play"
	"github.com/tablebase/tablebase/tablebase"
)

// Game is a game that falls into parts as the registry sees it: its
// name, summary, board, querier, build, play and census, all from its
// Rules, Notation and Store. X is a whole position as written, P a part,
// K a part's canonical key. A game's package declares one (or embeds one
// in a type that adds more, such as a whole-board search).
type Game[X fmt.Stringer, P Part, K build.Key] struct {
	Rules    Rules[P, K]
	Notation Notation[X, P]
	Store    Store[P, K]
	// About describes the game in one line, for tb help.
	About string
	// Look describes positions to the explorer and tb play, and names
	// the players L and R.
	Look query.Board
}

// Part is what a part must be: comparable (the outcome search and the
// solver keep parts in maps) and written for errors and censuses.
type Part interface {
	comparable
	fmt.Stringer
}

// Notation is how a game writes its whole positions and names its moves.
type Notation[X fmt.Stringer, P any] struct {
	// Parse reads a position, or says what is wrong with the text; String
	// writes it back.
	Parse func(string) (X, error)
	// Parts appends to dst the independent parts of a position, each in
	// the form Rules take.
	Parts func(x X, dst []P) []P
	// Moves calls emit with every move of Left (left true) or Right from
	// x: the move's name and the position after it.
	Moves func(x X, left bool, emit func(name string, after X))
}

// Name is the game's name on the command line and in the JSON.
func (g Game[X, P, K]) Name() string { return g.Store.Game }

// Summary describes the game for tb help.
func (g Game[X, P, K]) Summary() string { return g.About }

// Board describes positions to the explorer and tb play.
func (g Game[X, P, K]) Board() query.Board { return g.Look }

// Open returns NewQuerier's querier, reading f when f is not nil.
func (g Game[X, P, K]) Open(f *tablebase.File, _ *query.Config) (query.Querier, error) {
	return NewQuerier(g, f)
}

// Params lists the build's parameter, --max-cells (none when the game has
// no build).
func (g Game[X, P, K]) Params() []build.Param {
	s := g.Store
	if s.Levels == nil {
		return nil
	}
	usage := fmt.Sprintf("%s (1 to %d)", s.Unit, s.MaxCells)
	if s.Default != 0 {
		usage = fmt.Sprintf("%s (1 to %d; default %d)", s.Unit, s.MaxCells, s.Default)
	}
	return []build.Param{{Name: "max-cells", Usage: usage, Grows: s.Grows}}
}

// Build stores every part of at most --max-cells (Build).
func (g Game[X, P, K]) Build(ctx context.Context, p build.Params, opts build.Options) (build.Summary, error) {
	n, err := p.Int("max-cells", g.Store.Default)
	if err != nil {
		return build.Summary{}, err
	}
	if n == 0 && g.Store.Levels != nil {
		return build.Summary{}, build.Usagef("--max-cells N is required for %s", g.Store.Game)
	}
	return Build(ctx, g.Rules, g.Store, n, opts)
}

// EachValue calls fn with every part f stores, level by level, with its
// value (tb stats).
func (g Game[X, P, K]) EachValue(f *tablebase.File, u *cgt.Universe, fn func(level int, pos fmt.Stringer, v cgt.ID) error) error {
	return EachValue(g.Rules, g.Store, f, u, fn)
}

// Play plays from pos, players alternating.
func (g Game[X, P, K]) Play(s *play.Session, pos string) error {
	return s.CGT(pos, g.Look.Players)
}

// PlayOptions says which of tb play's options the game reads: "--as L
// (x) or R (o); --first L or R", from the players' names.
func (g Game[X, P, K]) PlayOptions() string {
	side := func(letter, name string) string {
		if rest := strings.TrimSpace(strings.TrimPrefix(g.Look.Players[letter], name)); rest != "" {
			return letter + " " + rest
		}
		return letter
	}
	return fmt.Sprintf("--as %s or %s; --first L or R", side("L", "Left"), side("R", "Right"))
}
