package clobber

import (
	"context"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/games/internal/parts"
	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/internal/stop"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

// Querier answers Clobber positions as parts.Querier does, but for
// OutcomeOnly queries, which it answers by the whole-board search. It is
// safe for concurrent use.
type Querier struct {
	*parts.Querier[Position, Position, Key]

	whole wholeBoard // the whole-board search of OutcomeOnly queries
}

// NewQuerier returns a querier reading from f when f is not nil (f must
// hold a Clobber tablebase), its whole-board search set up by c (nil:
// the defaults): KnownCells the largest group valued exactly
// (DefaultKnownStones, at most the file's groups or MaxBuildStones),
// TableBits the table's size (0: by the board).
func NewQuerier(f *tablebase.File, c *query.Config) (*Querier, error) {
	pq, err := parts.NewQuerier(Game.Game, f)
	if err != nil {
		return nil, err
	}
	q := &Querier{Querier: pq}
	if c != nil {
		q.whole.config = *c
	}
	return q, nil
}

// Query answers one position: with opts.OutcomeOnly by the whole-board
// search, else from the values of its groups (so too with opts.NoSolve,
// which searches nothing).
func (q *Querier) Query(ctx context.Context, position string, opts query.Options) query.Answer {
	if opts.OutcomeOnly && !opts.NoSolve {
		return q.outcome(ctx, position, opts.Moves)
	}
	return q.Querier.Query(ctx, position, opts)
}

// wholeBoard is a querier's whole-board search, made on first use and
// run by one query at a time.
type wholeBoard struct {
	config query.Config
	mu     sync.Mutex
	search atomic.Pointer[OutcomeSearch]
	before atomic.Int64 // the search's nodes before the last query
}

// outcomeSearch returns the search, made for a board of the given
// stones on first use.
func (q *Querier) outcomeSearch(stones int) *OutcomeSearch {
	w := &q.whole
	if s := w.search.Load(); s != nil {
		return s
	}
	known := DefaultKnownStones
	if w.config.KnownCells > 0 {
		known = w.config.KnownCells
	}
	most := MaxBuildStones
	if f := q.File(); f != nil {
		if n, err := strconv.Atoi(f.Meta().Params["max-cells"]); err == nil {
			most = max(n, 10)
		}
	}
	known = min(known, most)
	bits := w.config.TableBits
	if bits == 0 {
		bits = uint(min(max(stones-4, 16), 24))
	}
	solver := parts.NewSolver(q.U, Rules)
	if q.File() != nil {
		solver.Known = q.Known
	}
	s := NewOutcomeSearch(q.U, solver.Part, known, bits)
	w.search.Store(s)
	return s
}

// Nodes returns the positions the last whole-board search visited, so
// far while it runs (query.Counter).
func (q *Querier) Nodes() int64 {
	s := q.whole.search.Load()
	if s == nil {
		return 0
	}
	return s.Nodes() - q.whole.before.Load()
}

// outcome answers a board with its outcome alone, by the whole-board
// search, and with moves each player's best move (a winning one when he
// has one). It gives up with query.ErrTimeout when ctx ends.
func (q *Querier) outcome(ctx context.Context, position string, moves bool) query.Answer {
	a := query.Answer{Game: "clobber", Position: position}
	p, err := Parse(position)
	if err != nil {
		a.Fail(query.BadPosition(err))
		return a
	}
	q.whole.mu.Lock()
	defer q.whole.mu.Unlock()
	s := q.outcomeSearch(p.Cells())
	q.whole.before.Store(s.Nodes())
	if !moves {
		o, solved := stop.Run(&s.Stop, ctx.Done(), func() cgt.Outcome { return s.Outcome(p) })
		if !solved {
			a.Fail(query.ErrTimeout)
			return a
		}
		a.Source, a.Outcome = query.FromSolver, o.String()
		return a
	}
	cell := func(i int) string { return notation.Cell(i/p.W, i%p.W) }
	var wins [2]bool
	a.Moves = []query.Move{}
	for i, player := range []string{"L", "R"} {
		type best struct {
			from, to int
			wins, ok bool
		}
		b, solved := stop.Run(&s.Stop, ctx.Done(), func() best {
			from, to, w, ok := s.BestMove(p, player == "L")
			return best{from, to, w, ok}
		})
		if !solved {
			a.Fail(query.ErrTimeout)
			return a
		}
		wins[i] = b.wins
		if b.ok {
			w := b.wins
			a.Moves = append(a.Moves, query.Move{Player: player, Move: notation.Piece(cell(b.from), cell(b.to)), Position: p.Play(b.from, b.to).String(), Wins: &w})
		}
	}
	a.Source, a.Outcome = query.FromSolver, cgt.OutcomeOf(wins[0], wins[1]).String()
	return a
}
