// Package games is the registry: the one list of the games tablebase
// knows. Each game lives in its own directory below this one (rules,
// solver, build, query and play parts) and is known to the rest of the
// program only through the Game interface; tb, the server and the
// explorer never name a game.
package games

import (
	"fmt"
	"strings"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games/amazons"
	"github.com/tablebase/tablebase/games/clobber"
	"github.com/tablebase/tablebase/games/cram"
	"github.com/tablebase/tablebase/games/domineering"
	"github.com/tablebase/tablebase/games/domineering3d"
	"github.com/tablebase/tablebase/games/kayles"
	"github.com/tablebase/tablebase/games/konane"
	"github.com/tablebase/tablebase/games/snort"
	"github.com/tablebase/tablebase/games/sum"
	"github.com/tablebase/tablebase/games/synchronized"
	"github.com/tablebase/tablebase/games/toadsfrogs"
	"github.com/tablebase/tablebase/games/toppling"
	"github.com/tablebase/tablebase/games/ttt3d"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/query/play"
)

// Game is everything the generic layers need of a game.
type Game interface {
	query.Game // name, board, and a querier
	build.Game // build parameters and the build
	// Summary describes the game in one line, for tb help.
	Summary() string
	// Play plays the game from pos in the terminal (tb play).
	Play(s *play.Session, pos string) error
	// PlayOptions says which of tb play's options the game reads and what
	// they take ("--as L or R; --first L or R").
	PlayOptions() string
}

// All lists every game, in the order tb help and the explorer show them.
var All = []Game{
	domineering.Plain,
	domineering.XT,
	domineering3d.Game,
	synchronized.Triomineering,
	synchronized.Domineering,
	ttt3d.Game,
	cram.Game,
	clobber.Game,
	konane.Game,
	toadsfrogs.Game,
	snort.Snort,
	snort.Col,
	toppling.Game,
	amazons.Game,
	kayles.Kayles,
	kayles.Dawsons,
	Sum,
}

// Sum is the game of sums across the games above; it finds them through
// Lookup.
var Sum = &sum.Game{}

func init() {
	Sum.Lookup = func(name string) (query.Game, error) { return Lookup(name) }
}

// Lookup returns the game named name.
func Lookup(name string) (Game, error) {
	for _, g := range All {
		if g.Name() == name {
			return g, nil
		}
	}
	return nil, fmt.Errorf("unknown game %q (known: %s)", name, Names())
}

// Names lists the games' names, comma-separated.
func Names() string {
	names := make([]string, len(All))
	for i, g := range All {
		names[i] = g.Name()
	}
	return strings.Join(names, ", ")
}

// Queried lists every game as the query layer sees it.
func Queried() []query.Game {
	out := make([]query.Game, len(All))
	for i, g := range All {
		out[i] = g
	}
	return out
}

// Open opens a tablebase file of any game for queries (see query.Open).
func Open(path string, c *query.Config) (*query.Tablebase, error) {
	return query.Open(path, c, Queried()...)
}
