package toppling

import (
	"context"
	"fmt"
	"sync"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/internal/stop"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
	"github.com/tablebase/tablebase/tablebase/forms"
)

// Querier answers Toppling Dominoes positions with their values. It is
// safe for concurrent use: queries share one Universe and take turns at
// the in-memory solver.
type Querier struct {
	file   *tablebase.File // nil when there is no tablebase
	u      *cgt.Universe
	values *forms.Reader

	mu     sync.Mutex
	solver *Solver
}

// NewQuerier returns a querier reading from f when f is not nil (f must
// hold a Toppling Dominoes tablebase).
func NewQuerier(f *tablebase.File) (*Querier, error) {
	q := &Querier{file: f, u: cgt.NewUniverse(20)}
	q.solver = NewSolver(q.u)
	if f != nil {
		if g := f.Meta().Game; g != "toppling-dominoes" {
			return nil, fmt.Errorf("%s holds a %s tablebase, not toppling-dominoes", f.Path(), g)
		}
		if err := f.UseLayout(Layout); err != nil {
			return nil, err
		}
		q.values = forms.NewReader(f, q.u)
		q.solver.Known = func(k Key) (cgt.ID, bool) {
			v, ok, err := q.stored(k)
			return v, ok && err == nil
		}
	}
	return q, nil
}

// stored looks a key up in the file.
func (q *Querier) stored(k Key) (cgt.ID, bool, error) {
	if q.file == nil {
		return 0, false, nil
	}
	return q.values.Lookup(k.Bytes())
}

// part returns the value of a part: from the file, or solved in memory
// (solved) when opts allow a part of its length.
func (q *Querier) part(ctx context.Context, r Line, opts query.Options) (v cgt.ID, solved bool, err error) {
	k, negated := Canonical(r)
	v, stored, err := q.stored(k)
	if err != nil {
		return 0, false, err
	}
	if !stored {
		if err := opts.Solvable(int(r.N)); err != nil {
			return 0, false, fmt.Errorf("%w (row %s)", err, r)
		}
		q.mu.Lock()
		v, stored = stop.Run(&q.solver.Stop, ctx.Done(), func() cgt.ID { return q.solver.KeyValue(k) })
		q.mu.Unlock()
		if !stored {
			return 0, false, query.ErrTimeout
		}
		solved = true
	}
	if negated {
		v = q.u.Neg(v)
	}
	return v, solved, nil
}

// Value returns the value of a position and where it came from.
func (q *Querier) Value(ctx context.Context, p Position, opts query.Options) (cgt.ID, string, error) {
	return query.SumParts(q.u, q.file != nil, p.Parts(nil), func(r Line) (cgt.ID, bool, error) {
		return q.part(ctx, r, opts)
	})
}

// MoveName writes a move: the toppled domino's cell (its column a letter,
// its line a number) and '<' when it falls to the left, '>' to the right:
// "c1<" topples the domino on column c of line 1 to the left.
func MoveName(line, col int, right bool) string {
	if right {
		return notation.Cell(line, col) + ">"
	}
	return notation.Cell(line, col) + "<"
}

// Moves lists every move of both players, Left's then Right's, each with
// the value it leads to, best first for its player (MoveName writes
// them).
func (q *Querier) Moves(ctx context.Context, p Position, opts query.Options) ([]query.Move, string, error) {
	source := query.FromTablebase
	if q.file == nil {
		source = query.FromSolver
	}
	var moves []query.Move
	var means []cgt.Dyadic
	for _, player := range []string{"L", "R"} {
		start := len(moves)
		type move struct {
			line, col int
			right     bool
		}
		var list []move
		for r, l := range p {
			l.Moves(player == "L", func(col int, right bool) { list = append(list, move{r, col, right}) })
		}
		for _, m := range list {
			after := append(Position(nil), p...)
			after[m.line] = p[m.line].Play(m.col, m.right)
			v, s, err := q.Value(ctx, after, opts)
			if err != nil {
				return nil, "", err
			}
			if s == query.FromSolver {
				source = query.FromSolver
			}
			moves = append(moves, query.CGTMove(q.u, player, MoveName(m.line, m.col, m.right), after.String(), v))
			means = append(means, q.u.Mean(v))
		}
		query.SortCGTMoves(moves[start:], means[start:], player == "L")
	}
	return moves, source, nil
}

// Query answers one position from the values of its rows.
func (q *Querier) Query(ctx context.Context, position string, opts query.Options) query.Answer {
	return query.ValueAnswer(ctx, "toppling-dominoes", position, Parse, q.u, q, opts)
}
