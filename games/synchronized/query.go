package synchronized

import (
	"context"
	"fmt"
	"sync/atomic"

	"github.com/tablebase/tablebase/query"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/tablebase"
)

// Querier answers Synchronized Triomineering or Domineering
// positions: what each player can guarantee, and the class. It is safe for
// concurrent use.
type Querier struct {
	v      Variant
	file   *tablebase.File
	solver *Solver
	start  atomic.Int64 // the solver's node count when the last query began
	// progress, when set, is told how far a search has got.
	progress func(query.Progress)
}

// solverTableBits bounds the table of a querier's solver (2^24 entries
// of 24 bytes, fewer on small boards) unless the caller sets it.
const solverTableBits = 24

// Nodes returns the positions searched since the last query began, as
// the search goes (query.Counter, for tb query --progress and --stats).
func (q *Querier) Nodes() int64 { return q.solver.Nodes() - q.start.Load() }

// NewQuerier returns a querier for the game, reading from f when f is
// not nil.
func NewQuerier(v Variant, f *tablebase.File) (*Querier, error) {
	return newQuerier(v, f, solverTableBits)
}

// newQuerier is NewQuerier with a solver's table of 2^tableBits entries.
func newQuerier(v Variant, f *tablebase.File, tableBits uint) (*Querier, error) {
	if f != nil && f.Meta().Game != v.Name() {
		return nil, fmt.Errorf("%s holds a %s tablebase, not %s", f.Path(), f.Meta().Game, v.Name())
	}
	return &Querier{v: v, file: f, solver: newSizedSolver(v, tableBits)}, nil
}

// Result returns what each player can guarantee on b, and where the answer
// came from.
func (q *Querier) Result(ctx context.Context, b Board, opts query.Options) (Result, string, error) {
	if r, ok := b.Region(); ok && q.file != nil {
		key, sym := canon.Canonical(r.Crop())
		v, ok, err := q.file.Lookup(key.Bytes())
		if err != nil {
			return Result{}, "", err
		}
		if ok {
			res := Unpack(v)
			if sym.Negates() {
				res = res.Swapped()
			}
			return res, query.FromTablebase, nil
		}
	}
	if err := opts.Solvable(b.Cells.Count()); err != nil {
		return Result{}, "", err
	}
	q.start.Store(q.solver.Nodes())
	var report func(string)
	if q.progress != nil {
		report = func(where string) { q.progress(query.Progress{Where: where, Nodes: q.Nodes()}) }
	}
	res, ok := q.solver.solve(ctx.Done(), b, report)
	if !ok {
		return res, "", query.ErrTimeout
	}
	return res, query.FromSolver, nil
}

// Query answers one position written in the notation of docs/contract.md.
func (q *Querier) Query(ctx context.Context, position string, opts query.Options) query.Answer {
	a := query.Answer{Game: q.v.Name(), Position: position}
	b, err := ParseBoard(position)
	if err != nil {
		a.Fail(query.BadPosition(err))
		return a
	}
	res, source, err := q.Result(ctx, b, opts)
	if err != nil {
		a.Fail(err)
		return a
	}
	a.Source = source
	a.Outcome = res.Class()
	a.Extra = &Answer{Vertical: res.Vertical.String(), Horizontal: res.Horizontal.String()}
	if opts.Moves {
		a.AddMoves(q.Moves(ctx, b, opts))
	}
	return a
}
