package query

import (
	"fmt"
	"math/bits"
	"sync"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/games/domineering3d"
	"github.com/tablebase/tablebase/tablebase"
)

// solverTableBits sizes the table of an in-memory three-player solver
// (2^24 entries, 256 MB, allocated lazily by the system).
const solverTableBits = 24

// Domineering3D answers three-player Domineering positions: who can force
// a win under each turn order. It is safe for concurrent use.
type Domineering3D struct {
	file  *tablebase.File
	box   domineering3d.Box // the file's box, if there is a file
	group *canon.BoxGroup   // its symmetries, for lookups

	mu      sync.Mutex
	solvers map[domineering3d.Box]*domineering3d.Solver
}

// NewDomineering3D returns a querier reading from f when f is not nil.
func NewDomineering3D(f *tablebase.File) (*Domineering3D, error) {
	q := &Domineering3D{file: f, solvers: map[domineering3d.Box]*domineering3d.Solver{}}
	if f != nil {
		m := f.Meta()
		if m.Game != "domineering3d" {
			return nil, fmt.Errorf("%s holds a %s tablebase, not domineering3d", f.Path(), m.Game)
		}
		box, err := domineering3d.ParseBox(m.Params["board"])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.Path(), err)
		}
		q.box, q.group = box, canon.NewBoxGroup(box.A, box.B, box.C)
	}
	return q, nil
}

func (q *Domineering3D) solver(b domineering3d.Box) *domineering3d.Solver {
	q.mu.Lock()
	defer q.mu.Unlock()
	s, ok := q.solvers[b]
	if !ok {
		s = domineering3d.NewSolver(b, solverTableBits, 2)
		q.solvers[b] = s
	}
	return s
}

// Outcomes returns who can force a win under each of the six turn orders
// (in the order of domineering3d.Orders), and where the answer came from.
func (q *Domineering3D) Outcomes(p domineering3d.Position, opts Options) ([6]domineering3d.Player, string, error) {
	if q.file != nil && p.Box == q.box {
		key, m := q.group.Canonical(p.Empty)
		v, ok, err := q.file.Lookup(domineering3d.Key(p.Box, key))
		if err != nil {
			return [6]domineering3d.Player{}, "", err
		}
		if ok {
			return domineering3d.Through(domineering3d.Unpack(v), m), FromTablebase, nil
		}
	}
	if err := opts.solvable(bits.OnesCount64(p.Empty)); err != nil {
		return [6]domineering3d.Player{}, "", err
	}
	return q.solver(p.Box).Outcomes(p.Empty), FromSolver, nil
}

// Query answers one position written in the SPEC's notation.
func (q *Domineering3D) Query(position string, opts Options) Answer {
	a := Answer{Game: "domineering3d", Position: position}
	p, err := domineering3d.Parse(position)
	if err != nil {
		a.fail(badPosition{err})
		return a
	}
	out, source, err := q.Outcomes(p, opts)
	if err != nil {
		a.fail(err)
		return a
	}
	a.Source = source
	a.Outcomes = map[string]string{}
	for i, o := range domineering3d.Orders {
		a.Outcomes[o.String()] = out[i].String()
	}
	if opts.Moves {
		a.addMoves(q.Moves(p, opts))
	}
	return a
}
