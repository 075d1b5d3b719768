package amazons

import (
	"context"
	"math/bits"
	"sync"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/internal/stop"
	"github.com/tablebase/tablebase/query"
)

// Querier answers Amazons positions with their values, solved in memory
// (there is no Amazons tablebase file yet). It is safe for concurrent
// use: queries share one Universe and take turns at the solver.
type Querier struct {
	u      *cgt.Universe
	mu     sync.Mutex
	solver *Solver
}

// NewQuerier returns an in-memory querier.
func NewQuerier() *Querier {
	q := &Querier{u: cgt.NewUniverse(20)}
	q.solver = NewSolver(q.u)
	return q
}

// part returns the value of a cropped part, solved in memory.
func (q *Querier) part(ctx context.Context, g Position, opts query.Options) (cgt.ID, bool, error) {
	if err := opts.Solvable(g.Size()); err != nil {
		return 0, false, err
	}
	k, negated := Canonical(g)
	q.mu.Lock()
	v, ok := stop.Run(&q.solver.Stop, ctx.Done(), func() cgt.ID { return q.solver.KeyValue(k) })
	q.mu.Unlock()
	if !ok {
		return 0, false, query.ErrTimeout
	}
	if negated {
		v = q.u.Neg(v)
	}
	return v, true, nil
}

// Value returns the value of a position and where it came from.
func (q *Querier) Value(ctx context.Context, p Position, opts query.Options) (cgt.ID, string, error) {
	return query.SumParts(q.u, false, p.Components(nil), func(g Position) (cgt.ID, bool, error) {
		return q.part(ctx, g, opts)
	})
}

// MoveName writes a move as the amazon's cell, its new cell and the
// arrow's cell: "a1-c3/c1" (columns from a at the left, rows from 1 at
// the top, as the project's other boards).
func MoveName(p Position, from, to, arrow int) string {
	return notation.Cell(from/p.W, from%p.W) + "-" + notation.Cell(to/p.W, to%p.W) + "/" + notation.Cell(arrow/p.W, arrow%p.W)
}

// Moves lists every move of both players, Left's then Right's, each with
// the value it leads to, best first for its player.
func (q *Querier) Moves(ctx context.Context, p Position, opts query.Options) ([]query.Move, string, error) {
	var moves []query.Move
	var means []cgt.Dyadic
	for _, player := range []string{"L", "R"} {
		start := len(moves)
		var list [][3]int
		p.Moves(player == "L", func(from, to, arrow int) { list = append(list, [3]int{from, to, arrow}) })
		for _, m := range list {
			after := p.Play(m[0], m[1], m[2])
			v, _, err := q.Value(ctx, after, opts)
			if err != nil {
				return nil, "", err
			}
			moves = append(moves, query.CGTMove(q.u, player, MoveName(p, m[0], m[1], m[2]), after.String(), v))
			means = append(means, q.u.Mean(v))
		}
		query.SortCGTMoves(moves[start:], means[start:], player == "L")
	}
	return moves, query.FromSolver, nil
}

// Query answers one position from the values of its parts.
func (q *Querier) Query(ctx context.Context, position string, opts query.Options) query.Answer {
	return query.ValueAnswer(ctx, "amazons", position, Parse, q.u, q, opts)
}

// Size returns the number of non-burnt cells.
func (p Position) Size() int { return bits.OnesCount64(p.Cells) }
