package domineering

import (
	"context"
	"fmt"
	"strconv"
	"sync"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/games/domineering/engine"
	"github.com/tablebase/tablebase/games/internal/placement"
	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/internal/region"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

// solveCells bounds the components the whole-board search values with the
// in-memory solver when the file lacks them.
const solveCells = 10

// DefaultKnownCells is the default of query.Config.KnownCells. Valuing
// larger components from a 15-cell file saves 1 to 10% of the nodes but
// costs more time than that on boards up to 8x8 and 4x13 (first lookups,
// sums and comparisons of larger values); on 8x9 it takes the same time,
// on 9x9 4% less (docs/benchmarks.md).
const DefaultKnownCells = 10

// Querier answers Domineering and XT Domineering positions with their
// exact values (placement.Querier), and whole Domineering boards asked
// for their outcome alone by the whole-board search. It is safe for
// concurrent use.
type Querier struct {
	*placement.Querier
	variant Variant
	engine  func() *engine.Engine // the whole-board search, made on first use
}

// NewQuerier returns a querier for the variant, reading from f when f is
// not nil (f must hold a tablebase of the same game); c sets up the
// whole-board search and the cores of the exact values (nil: the
// defaults).
func NewQuerier(v Variant, f *tablebase.File, c *query.Config) (*Querier, error) {
	pq, err := placement.NewQuerier(v, f, c)
	if err != nil {
		return nil, err
	}
	if c == nil {
		c = &query.Config{}
	}
	q := &Querier{Querier: pq, variant: v}
	q.engine = sync.OnceValue(func() *engine.Engine {
		most := solveCells
		if f != nil {
			if n, err := strconv.Atoi(f.Meta().Params["max-cells"]); err == nil {
				most = max(most, n)
			}
		}
		known := DefaultKnownCells
		if c.KnownCells > 0 {
			known = c.KnownCells
		}
		known = min(known, most)
		opts := engine.Options{KnownCells: known, TableBits: c.TableBits, Workers: c.Workers, Progress: engineProgress(c.Progress)}
		return engine.New(pq.Universe(), q.componentValue, opts)
	})
	return q, nil
}

// engineProgress returns the engine's progress callback that tells
// progress where the search is (nil when progress is nil).
func engineProgress(progress func(query.Progress)) func(engine.Progress) {
	if progress == nil {
		return nil
	}
	return func(p engine.Progress) { progress(query.Progress{Where: describe(p), Nodes: p.Nodes}) }
}

// describe says where a whole-board search is.
func describe(at engine.Progress) string {
	first := "Horizontal"
	if at.Left {
		first = "Vertical"
	}
	where := fmt.Sprintf("%s first: root move %d of %d (%d lost)", first, at.Move, at.Moves, at.Lost)
	if at.Replies > 0 {
		where += fmt.Sprintf(", %d of its %d replies beaten", at.Beaten, at.Replies)
	}
	return where
}

// componentValue gives the whole-board search the value of a component:
// from the file, or solved in memory when it has at most solveCells cells.
func (q *Querier) componentValue(c region.Region) (cgt.ID, bool) {
	v, _, err := q.Component(context.Background(), c, func(cells int) error {
		if cells > solveCells {
			return query.ErrTooLarge
		}
		return nil
	})
	return v, err == nil
}

// Query answers one position. A Domineering board asked for its outcome
// alone goes to the whole-board search (up to 256 cells), which gives up
// with query.ErrTimeout when ctx ends; with opts.Moves the answer lists
// each player's best move the search finds (a winning one when there is
// one; wins says which). With opts.NoSolve it is not searched: its
// outcome comes from the file's values, as every other answer does.
func (q *Querier) Query(ctx context.Context, position string, opts query.Options) query.Answer {
	if opts.OutcomeOnly && !opts.NoSolve && q.variant == Plain {
		return q.outcome(ctx, position, opts.Moves)
	}
	return q.Querier.Query(ctx, position, opts)
}

// outcome answers a board with its outcome alone, by the whole-board
// search, and with moves each player's best move.
func (q *Querier) outcome(ctx context.Context, position string, moves bool) query.Answer {
	a := query.Answer{Game: q.variant.Name(), Position: position}
	p, err := engine.Parse(position)
	if err != nil {
		a.Fail(query.BadPosition(err))
		return a
	}
	if !moves {
		o, solved := q.engine().OutcomeWithin(ctx, p)
		if !solved {
			a.Fail(query.ErrTimeout)
			return a
		}
		a.Source, a.Outcome = query.FromSolver, o.String()
		return a
	}
	// With moves: each player's best move, a winning one when he has one.
	cell := func(i int) string { return notation.Cell(i/p.W, i%p.W) }
	var wins [2]bool
	a.Moves = []query.Move{}
	for i, player := range []string{"L", "R"} {
		m, w, solved, ok := q.engine().BestMoveWithin(ctx, p, player == "L")
		if !solved {
			a.Fail(query.ErrTimeout)
			return a
		}
		wins[i] = w
		if ok {
			a.Moves = append(a.Moves, query.Move{Player: player, Move: notation.Piece(cell(m.First), cell(m.Second)), Position: p.Play(m).String(), Wins: &w})
		}
	}
	a.Source, a.Outcome = query.FromSolver, cgt.OutcomeOf(wins[0], wins[1]).String()
	return a
}

// Engine returns the whole-board search, which uses the file's values.
func (q *Querier) Engine() *engine.Engine { return q.engine() }

// Nodes returns the nodes of the whole-board search so far (query.Counter).
func (q *Querier) Nodes() int64 { return q.engine().Nodes() }
