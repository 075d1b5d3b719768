package konane

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

// Querier answers Konane positions with their values. It is safe for
// concurrent use: queries share one Universe and take turns at the
// in-memory solver.
type Querier struct {
	file   *tablebase.File // nil when there is no tablebase
	u      *cgt.Universe
	values *forms.Reader

	mu     sync.Mutex
	solver *Solver
}

// NewQuerier returns a querier reading from f when f is not nil (f must
// hold a Konane tablebase).
func NewQuerier(f *tablebase.File) (*Querier, error) {
	q := &Querier{file: f, u: cgt.NewUniverse(20)}
	q.solver = NewSolver(q.u)
	if f != nil {
		if g := f.Meta().Game; g != "konane" {
			return nil, fmt.Errorf("%s holds a %s tablebase, not konane", f.Path(), g)
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

// part returns the value of a cropped part: from the file, or solved in
// memory (solved) when opts allow a part of its size.
func (q *Querier) part(ctx context.Context, g Position, opts query.Options) (v cgt.ID, solved bool, err error) {
	k, negated := Canonical(g)
	v, stored, err := q.stored(k)
	if err != nil {
		return 0, false, err
	}
	if !stored {
		if err := opts.Solvable(g.Count()); err != nil {
			return 0, false, fmt.Errorf("%w (part %s)", err, g)
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
	return query.SumParts(q.u, q.file != nil, p.Parts(nil), func(g Position) (cgt.ID, bool, error) {
		return q.part(ctx, g, opts)
	})
}

// Moves lists every move of both players, Left's then Right's, each with
// the value it leads to, best first for its player. A move is written as
// the stone's cell and the cell it lands on ("b1-b3"; "b1-b5" jumps twice).
func (q *Querier) Moves(ctx context.Context, p Position, opts query.Options) ([]query.Move, string, error) {
	source := query.FromTablebase
	if q.file == nil {
		source = query.FromSolver
	}
	var moves []query.Move
	var means []cgt.Dyadic
	for _, player := range []string{"L", "R"} {
		start := len(moves)
		type move struct{ from, to int }
		var list []move
		p.Moves(player == "L", func(from, to int) { list = append(list, move{from, to}) })
		for _, m := range list {
			after := p.Play(m.from, m.to)
			v, s, err := q.Value(ctx, after, opts)
			if err != nil {
				return nil, "", err
			}
			if s == query.FromSolver {
				source = query.FromSolver
			}
			name := notation.Piece(notation.Cell(m.from/p.W, m.from%p.W), notation.Cell(m.to/p.W, m.to%p.W))
			moves = append(moves, query.CGTMove(q.u, player, name, after.String(), v))
			means = append(means, q.u.Mean(v))
		}
		query.SortCGTMoves(moves[start:], means[start:], player == "L")
	}
	return moves, source, nil
}

// Query answers one position from the values of its parts.
func (q *Querier) Query(ctx context.Context, position string, opts query.Options) query.Answer {
	return query.ValueAnswer(ctx, "konane", position, Parse, q.u, q, opts)
}
