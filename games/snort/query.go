package snort

import (
	"context"
	"fmt"
	"math/bits"
	"sync"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/internal/stop"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
	"github.com/tablebase/tablebase/tablebase/forms"
)

// Querier answers Snort or Col positions with their values. It is safe
// for concurrent use: queries share one Universe and take turns at the
// in-memory solver.
type Querier struct {
	rule   Rule
	file   *tablebase.File // nil when there is no tablebase
	u      *cgt.Universe
	values *forms.Reader

	mu     sync.Mutex
	solver *Solver
}

// NewQuerier returns a querier of rule's game reading from f when f is
// not nil (f must hold a tablebase of that game).
func NewQuerier(rule Rule, f *tablebase.File) (*Querier, error) {
	q := &Querier{rule: rule, file: f, u: cgt.NewUniverse(20)}
	q.solver = NewSolver(q.u, rule)
	if f != nil {
		if g := f.Meta().Game; g != nameOf(rule) {
			return nil, fmt.Errorf("%s holds a %s tablebase, not %s", f.Path(), g, nameOf(rule))
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

// group returns the value of a cropped group: from the file, or solved in
// memory (solved) when opts allow a group of its size.
func (q *Querier) group(ctx context.Context, g State, opts query.Options) (v cgt.ID, solved bool, err error) {
	k, negated := Canonical(g)
	v, stored, err := q.stored(k)
	if err != nil {
		return 0, false, err
	}
	if !stored {
		if err := opts.Solvable(g.Cells()); err != nil {
			return 0, false, fmt.Errorf("%w (group %s)", err, g)
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
func (q *Querier) Value(ctx context.Context, b Board, opts query.Options) (cgt.ID, string, error) {
	return query.SumParts(q.u, q.file != nil, b.State(q.rule).Components(nil), func(g State) (cgt.ID, bool, error) {
		return q.group(ctx, g, opts)
	})
}

// Moves lists every move of both players, Left's then Right's, each with
// the value it leads to, best first for its player. A move is the cell
// coloured ("b1").
func (q *Querier) Moves(ctx context.Context, b Board, opts query.Options) ([]query.Move, string, error) {
	source := query.FromTablebase
	if q.file == nil {
		source = query.FromSolver
	}
	s := b.State(q.rule)
	var moves []query.Move
	var means []cgt.Dyadic
	for _, player := range []string{"L", "R"} {
		start := len(moves)
		mine := s.R
		if player == "L" {
			mine = s.L
		}
		for m := mine; m != 0; m &= m - 1 {
			i := bits.TrailingZeros64(m)
			after := b.Play(i, player == "L")
			v, src, err := q.Value(ctx, after, opts)
			if err != nil {
				return nil, "", err
			}
			if src == query.FromSolver {
				source = query.FromSolver
			}
			moves = append(moves, query.CGTMove(q.u, player, notation.Cell(i/b.W, i%b.W), after.String(), v))
			means = append(means, q.u.Mean(v))
		}
		query.SortCGTMoves(moves[start:], means[start:], player == "L")
	}
	return moves, source, nil
}

// Query answers one position from the values of its groups.
func (q *Querier) Query(ctx context.Context, position string, opts query.Options) query.Answer {
	return query.ValueAnswer(ctx, nameOf(q.rule), position, Parse, q.u, q, opts)
}

// String writes a group as rows of its cells: '+' for a cell both
// players may colour, 'L' for one only Left may, 'R' only Right, '#'
// for a cell not in it.
func (s State) String() string {
	var b []byte
	for i := range int(s.H) {
		if i > 0 {
			b = append(b, '|')
		}
		for j := range int(s.W) {
			bit := uint64(1) << (i*int(s.W) + j)
			c := byte('#')
			switch {
			case s.L&s.R&bit != 0:
				c = '+'
			case s.L&bit != 0:
				c = 'L'
			case s.R&bit != 0:
				c = 'R'
			}
			b = append(b, c)
		}
	}
	return string(b)
}
