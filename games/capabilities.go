package games

import (
	"context"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/build/tasks"
	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/internal/region"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase/census"
)

// What a game may offer beyond Game, each an interface its game, its
// querier or its answers' Extra implements: every interface a caller
// asserts. offers.go states at compile time which game offers which;
// tb, libtb, the server and the explorer ask through the functions below
// rather than assert types themselves (the layers below games, which
// cannot import it, assert the interfaces these name).
type (
	// Splitter cuts a whole-board search into tasks (tb solve).
	Splitter = tasks.Splitter
	// Teller is the task game of a Splitter that says in its own words
	// what a plan's outcome means (tb solve's summary, which asserts it).
	Teller = tasks.Teller
	// Rebuilder names the build parameters of a file whose metadata
	// does not hold them as given (build.RebuildParams asserts it).
	Rebuilder = build.Rebuilder
	// Census counts a file of exact values level by level (tb stats).
	Census = census.Source
	// Composite is a game whose positions are made of other games'
	// positions (the sums): it reads no file of its own, and its parts
	// read their games' files through query.Config.Parts (tb query and
	// tb play give it every --db file).
	Composite interface{ PartsOfOtherGames() }

	// Counter is a querier that counts the nodes of its last search (tb
	// query --stats and its progress).
	Counter = query.Counter
	// ComponentCounter is a querier of exact values that counts the
	// component classes it has valued (tb query's progress).
	ComponentCounter = query.ComponentCounter
	// Saver is a querier of exact values that writes the values it found
	// into a file (tb query --save).
	Saver = query.Saver
	// OutcomeValuer is the valuer of a CGT game that searches a
	// position's outcome without its value (query.ValueAnswer asserts it
	// for Options.OutcomeOnly).
	OutcomeValuer[P any] = query.OutcomeValuer[P]

	// ResultToMove is an answer's Extra that gives the result for the
	// side to move (libtb's tb_answer.result).
	ResultToMove = query.ResultToMove
	// TurnOrders is an answer's Extra that gives who can force a win for
	// each turn order (libtb's tb_answer.outcomes).
	TurnOrders = query.TurnOrders
	// Alias is a move's Extra that gives the move a second name (tb
	// play, whose query/play asserts it).
	Alias = query.Alias

	// RegionQuerier is the querier of a placement game, whose position
	// is a region of empty cells valued as the sum of its components,
	// that values one component at a time: its values' Universe, and a
	// component's value (stored, or solved when solvable(cells) allows
	// it), whether it was solved rather than read, or the error
	// (libtb's batches).
	RegionQuerier interface {
		Universe() *cgt.Universe
		Component(ctx context.Context, c region.Region, solvable func(cells int) error) (cgt.ID, bool, error)
	}
	// RegionRules are a placement game's rules as its file keys them:
	// whether the symmetry s of a region negates values, and whether the
	// game is impartial, its file storing nim-values (libtb's batches).
	RegionRules interface {
		Negates(s canon.Symmetry) bool
		Impartial() bool
	}
)

// SplitterOf returns g's split of a search into tasks, if it has one.
func SplitterOf(g Game) (Splitter, bool) { return as[Splitter](g) }

// CensusOf returns g's census of a file, if it has one.
func CensusOf(g Game) (Census, bool) { return as[Census](g) }

// CompositeOf returns g as a game made of other games' positions, if it
// is one.
func CompositeOf(g Game) (Composite, bool) { return as[Composite](g) }

// CounterOf returns q's count of search nodes, if it keeps one.
func CounterOf(q query.Querier) (Counter, bool) { return as[Counter](q) }

// ComponentCounterOf returns q's count of components valued, if it keeps
// one.
func ComponentCounterOf(q query.Querier) (ComponentCounter, bool) { return as[ComponentCounter](q) }

// SaverOf returns q's writer of the values it found, if it has one.
func SaverOf(q query.Querier) (Saver, bool) { return as[Saver](q) }

// ResultToMoveOf returns an answer's Extra as the result for the side to
// move, if it gives one.
func ResultToMoveOf(e query.Extra) (ResultToMove, bool) { return as[ResultToMove](e) }

// TurnOrdersOf returns an answer's Extra as the outcomes by turn order,
// if it gives them.
func TurnOrdersOf(e query.Extra) (TurnOrders, bool) { return as[TurnOrders](e) }

// RegionQuerierOf returns q as the querier of a placement game, if it is
// one.
func RegionQuerierOf(q query.Querier) (RegionQuerier, bool) { return as[RegionQuerier](q) }

// RegionRulesOf returns g's rules as a placement game, if it is one.
func RegionRulesOf(g query.Game) (RegionRules, bool) { return as[RegionRules](g) }

// as returns v as a T, if it is one.
func as[T any](v any) (T, bool) {
	t, ok := v.(T)
	return t, ok
}
