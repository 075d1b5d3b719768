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
// Rules and Store. A game's package declares one (or embeds one in a type
// that adds more, such as a whole-board search).
type Game[P fmt.Stringer, K build.Key] struct {
	Rules Rules[P, K]
	Store Store[P, K]
	// About describes the game in one line, for tb help.
	About string
	// Look describes positions to the explorer and tb play, and names
	// the players L and R.
	Look query.Board
	// Querier returns the game's querier, reading f when f is not nil.
	Querier func(f *tablebase.File, c *query.Config) (query.Querier, error)
}

// Name is the game's name on the command line and in the JSON.
func (g Game[P, K]) Name() string { return g.Store.Game }

// Summary describes the game for tb help.
func (g Game[P, K]) Summary() string { return g.About }

// Board describes positions to the explorer and tb play.
func (g Game[P, K]) Board() query.Board { return g.Look }

// Open returns a querier reading f when f is not nil.
func (g Game[P, K]) Open(f *tablebase.File, c *query.Config) (query.Querier, error) {
	return g.Querier(f, c)
}

// Params lists the build's parameter, --max-cells (none when the game has
// no build).
func (g Game[P, K]) Params() []build.Param {
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
func (g Game[P, K]) Build(ctx context.Context, p build.Params, opts build.Options) (build.Summary, error) {
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
func (g Game[P, K]) EachValue(f *tablebase.File, u *cgt.Universe, fn func(level int, pos fmt.Stringer, v cgt.ID) error) error {
	return EachValue(g.Rules, g.Store, f, u, fn)
}

// Play plays from pos, players alternating.
func (g Game[P, K]) Play(s *play.Session, pos string) error {
	return s.CGT(pos, g.Look.Players)
}

// PlayOptions says which of tb play's options the game reads: "--as L
// (x) or R (o); --first L or R", from the players' names.
func (g Game[P, K]) PlayOptions() string {
	side := func(letter, name string) string {
		if rest := strings.TrimSpace(strings.TrimPrefix(g.Look.Players[letter], name)); rest != "" {
			return letter + " " + rest
		}
		return letter
	}
	return fmt.Sprintf("--as %s or %s; --first L or R", side("L", "Left"), side("R", "Right"))
}
