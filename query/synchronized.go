package query

import (
	"fmt"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/games/synchronized"
	"github.com/tablebase/tablebase/internal/region"
	"github.com/tablebase/tablebase/tablebase"
)

// Synchronized answers Synchronized Triomineering or Domineering
// positions: what each player can guarantee, and the class. It is safe for
// concurrent use.
type Synchronized struct {
	v      synchronized.Variant
	file   *tablebase.File
	solver *synchronized.Solver
}

// NewSynchronized returns a querier for the game, reading from f when f is
// not nil.
func NewSynchronized(v synchronized.Variant, f *tablebase.File) (*Synchronized, error) {
	if f != nil && f.Meta().Game != v.Name {
		return nil, fmt.Errorf("%s holds a %s tablebase, not %s", f.Path(), f.Meta().Game, v.Name)
	}
	return &Synchronized{v: v, file: f, solver: synchronized.NewSolver(v, solverTableBits)}, nil
}

// Result returns what each player can guarantee in r, and where the answer
// came from.
func (q *Synchronized) Result(r region.Region, opts Options) (synchronized.Result, string, error) {
	key, sym := canon.Canonical(r.Crop())
	if q.file != nil {
		v, ok, err := q.file.Lookup(key.Bytes())
		if err != nil {
			return synchronized.Result{}, "", err
		}
		if ok {
			res := synchronized.Unpack(v)
			if sym.Negates() {
				res = res.Swapped()
			}
			return res, FromTablebase, nil
		}
	}
	if err := opts.solvable(r.Cells()); err != nil {
		return synchronized.Result{}, "", err
	}
	return q.solver.Solve(r), FromSolver, nil
}

// Query answers one position written in the SPEC's notation.
func (q *Synchronized) Query(position string, opts Options) Answer {
	a := Answer{Game: q.v.Name, Position: position}
	r, err := region.Parse(position)
	if err != nil {
		a.fail(badPosition{err})
		return a
	}
	res, source, err := q.Result(r, opts)
	if err != nil {
		a.fail(err)
		return a
	}
	a.Source = source
	a.Outcome = res.Class()
	a.Vertical, a.Horizontal = res.Vertical.String(), res.Horizontal.String()
	if opts.Moves {
		a.addMoves(q.Moves(r, opts))
	}
	return a
}
