package domineering3d

import (
	"cmp"
	"context"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/tablebase/tablebase/query"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/tablebase"
)

// solverTableBits sizes the table of an in-memory three-player solver
// unless the caller sets it (2^24 entries of 24 bytes, 384 MiB, allocated
// lazily by the system).
const solverTableBits = 24

// Querier answers three-player Domineering positions: who can force
// a win under each turn order. It is safe for concurrent use.
type Querier struct {
	file  *tablebase.File
	box   Box             // the file's box, if there is a file
	group *canon.BoxGroup // its symmetries, for lookups

	// tableBits and workers size the in-memory solvers (0: 2^24 entries
	// and two cores).
	tableBits uint
	workers   int

	mu      sync.Mutex
	solvers map[Box]*Solver

	searching atomic.Pointer[Solver] // the solver of the last search begun
	start     atomic.Int64           // its node count when that search began
}

// Nodes returns the positions searched since the last search began, as
// the search goes (query.Counter, for tb query --progress and --stats).
func (q *Querier) Nodes() int64 {
	s := q.searching.Load()
	if s == nil {
		return 0
	}
	return s.Nodes() - q.start.Load()
}

// NewQuerier returns a querier reading from f when f is not nil.
func NewQuerier(f *tablebase.File) (*Querier, error) {
	q := &Querier{file: f, solvers: map[Box]*Solver{}}
	if f != nil {
		m := f.Meta()
		if m.Game != "domineering3d" {
			return nil, fmt.Errorf("%s holds a %s tablebase, not domineering3d", f.Path(), m.Game)
		}
		box, err := ParseBox(m.Params["board"])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.Path(), err)
		}
		q.box, q.group = box, canon.NewBoxGroup(box.A, box.B, box.C)
	}
	return q, nil
}

func (q *Querier) solver(b Box) *Solver {
	q.mu.Lock()
	defer q.mu.Unlock()
	s, ok := q.solvers[b]
	if !ok {
		s = NewSolver(b, cmp.Or(q.tableBits, solverTableBits), cmp.Or(q.workers, 2))
		q.solvers[b] = s
	}
	return s
}

// Outcomes returns who can force a win under each of the six turn orders
// (in the order of Orders), and where the answer came from.
func (q *Querier) Outcomes(ctx context.Context, p Position, opts query.Options) ([6]Player, string, error) {
	if q.file != nil && p.Box == q.box {
		key, m := q.group.Canonical(p.Empty)
		v, ok, err := q.file.Lookup(Key(p.Box, key.Lo))
		if err != nil {
			return [6]Player{}, "", err
		}
		if ok {
			return Through(Unpack(v), m), query.FromTablebase, nil
		}
	}
	if err := opts.Solvable(p.Empty.Count()); err != nil {
		return [6]Player{}, "", err
	}
	s := q.solver(p.Box)
	q.searching.Store(s)
	q.start.Store(s.Nodes())
	out, ok := s.OutcomesWithin(ctx.Done(), p.Empty)
	if !ok {
		return out, "", query.ErrTimeout
	}
	return out, query.FromSolver, nil
}

// Query answers one position written in the notation of docs/contract.md.
func (q *Querier) Query(ctx context.Context, position string, opts query.Options) query.Answer {
	a := query.Answer{Game: "domineering3d", Position: position}
	p, err := Parse(position)
	if err != nil {
		a.Fail(query.BadPosition(err))
		return a
	}
	out, source, err := q.Outcomes(ctx, p, opts)
	if err != nil {
		a.Fail(err)
		return a
	}
	a.Source = source
	outcomes := Outcomes{}
	for i, o := range Orders {
		outcomes[o.String()] = out[i].String()
	}
	a.Extra = outcomes
	if opts.Moves {
		a.AddMoves(q.Moves(ctx, p, opts))
	}
	return a
}
