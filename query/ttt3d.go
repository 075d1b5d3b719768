package query

import (
	"fmt"
	"sync"

	"github.com/tablebase/tablebase/games/ttt3d"
	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/tablebase"
)

// solveBudget bounds an in-memory ttt3d search per move (4x4x4 positions
// far from the end are out of reach without a strategy file).
const solveBudget = 20_000_000

// TTT3D answers 3D tic-tac-toe positions: result, plies and every move,
// best first. It is safe for concurrent use.
type TTT3D struct {
	file    *tablebase.File
	n       int // the file's board side
	solvers [5]func() *ttt3d.Solver
}

// NewTTT3D returns a querier reading from f when f is not nil.
func NewTTT3D(f *tablebase.File) (*TTT3D, error) {
	q := &TTT3D{}
	for _, n := range []int{3, 4} {
		q.solvers[n] = sync.OnceValue(func() *ttt3d.Solver { return ttt3d.NewSolver(ttt3d.MustGet(n), 22) })
	}
	if f != nil {
		m := f.Meta()
		if m.Game != "ttt3d" {
			return nil, fmt.Errorf("%s holds a %s tablebase, not ttt3d", f.Path(), m.Game)
		}
		q.file, q.n = f, 3
		if m.Params["n"] == "4" {
			q.n = 4
		}
	}
	return q, nil
}

// lookup returns the stored outcome of an unfinished position, if the
// file holds it.
func (q *TTT3D) lookup(p ttt3d.Position) (ttt3d.Outcome, bool, error) {
	if q.file == nil || p.B.N != q.n {
		return ttt3d.Outcome{}, false, nil
	}
	key, err := ttt3d.StoredKey(p)
	if err != nil {
		return ttt3d.Outcome{}, false, nil
	}
	v, ok, err := q.file.Lookup(key)
	if err != nil || !ok {
		return ttt3d.Outcome{}, false, err
	}
	return ttt3d.Unpack(v), true, nil
}

// Moves returns every legal move of p with its outcome, best first, and
// where the answers came from: the file when it holds p and its
// children, else a search.
func (q *TTT3D) Moves(p ttt3d.Position, opts Options) ([]ttt3d.Move, string, error) {
	if p.Finished() {
		return nil, FromSolver, nil
	}
	if q.n == 4 && p.B.N == 4 && p.Blocked == 0 {
		moves, ok, err := q.strategyMoves(p)
		if err != nil || ok {
			return moves, FromTablebase, err
		}
	} else if _, ok, err := q.lookup(p); err != nil {
		return nil, "", err
	} else if ok {
		moves, complete, err := q.storedMoves(p)
		if err != nil || complete {
			return moves, FromTablebase, err
		}
	}
	if opts.NoSolve {
		return nil, "", ErrNotStored
	}
	moves, err := q.solvers[p.B.N]().MovesWithin(p, 2, solveBudget)
	return moves, FromSolver, err
}

// strategyMove returns x's move in a 4x4x4 strategy file and the plies
// to the win under the strategy, if the file holds the position.
func (q *TTT3D) strategyMove(x, o uint64) (ttt3d.Move, bool, error) {
	b := ttt3d.MustGet(4)
	if t := b.Threats(x, b.Full()&^(x|o)); t != 0 {
		return ttt3d.Move{Cell: ttt3d.LowCell(t), Outcome: ttt3d.Outcome{Result: ttt3d.Win, Plies: 1}}, true, nil
	}
	a, c, g := b.Canonical(x, o)
	v, ok, err := q.file.Lookup(ttt3d.StrategyKey(a, c))
	if err != nil || !ok {
		return ttt3d.Move{}, false, err
	}
	m := ttt3d.ParseStrategyValue(v)
	if m.Cell >= b.Cells {
		return ttt3d.Move{}, false, fmt.Errorf("%s: strategy entry %d plays off the board", q.file.Path(), v)
	}
	cell := int(b.Group[g].Inverse[m.Cell])
	return ttt3d.Move{Cell: cell, Outcome: ttt3d.Outcome{Result: ttt3d.Win, Plies: m.Plies}}, true, nil
}

// strategyMoves answers a 4x4x4 position from a strategy file: with x to
// move, x's strategy move alone; with o to move, every reply of o, each a
// loss within the strategy's plies. ok is false if the file does not
// cover the position.
func (q *TTT3D) strategyMoves(p ttt3d.Position) (moves []ttt3d.Move, ok bool, err error) {
	if p.XToMove() {
		m, ok, err := q.strategyMove(p.X, p.O)
		if !ok || err != nil {
			return nil, false, err
		}
		return []ttt3d.Move{m}, true, nil
	}
	for e := p.EmptyCells(); e != 0; e &= e - 1 {
		c := ttt3d.LowCell(e)
		if p.B.Completes(p.O, c) {
			return nil, false, nil
		}
		m, ok, err := q.strategyMove(p.X, p.O|1<<c)
		if !ok || err != nil {
			return nil, false, err
		}
		moves = append(moves, ttt3d.Move{Cell: c, Outcome: m.Outcome.Parent()})
	}
	ttt3d.SortMoves(moves)
	return moves, true, nil
}

// storedMoves answers each move of p from the file; complete is false if
// a child is missing.
func (q *TTT3D) storedMoves(p ttt3d.Position) (moves []ttt3d.Move, complete bool, err error) {
	me, _ := p.Mover()
	for e := p.EmptyCells(); e != 0; e &= e - 1 {
		c := ttt3d.LowCell(e)
		m := ttt3d.Move{Cell: c, Outcome: ttt3d.Outcome{Result: ttt3d.Win, Plies: 1}}
		switch next := p.Play(c); {
		case p.B.Completes(me, c):
		case next.EmptyCells() == 0:
			m.Outcome = ttt3d.Outcome{Result: ttt3d.Draw, Plies: 1}
		default:
			o, ok, err := q.lookup(next)
			if err != nil || !ok {
				return nil, false, err
			}
			m.Outcome = o.Parent()
		}
		moves = append(moves, m)
	}
	ttt3d.SortMoves(moves)
	return moves, true, nil
}

// Query answers one position written in the SPEC's notation.
func (q *TTT3D) Query(position string, opts Options) Answer {
	a := Answer{Game: "ttt3d", Position: position}
	p, err := ttt3d.Parse(position)
	if err != nil {
		a.fail(badPosition{err})
		return a
	}
	moves, source, err := q.Moves(p, opts)
	if err != nil {
		a.fail(err)
		return a
	}
	o := ttt3d.Finished(p)
	if len(moves) > 0 {
		o = moves[0].Outcome
	}
	a.Source, a.Result, a.Plies = source, o.Result.String(), &o.Plies
	a.Strategy = source == FromTablebase && p.B.N == 4
	a.Moves = []Move{}
	n := p.B.N
	for _, m := range moves {
		a.Moves = append(a.Moves, Move{
			Move:     notation.Cell3(m.Cell/(n*n), m.Cell/n%n, m.Cell%n),
			Position: p.Play(m.Cell).String(),
			Cell:     &m.Cell,
			Result:   m.Outcome.Result.String(),
			Plies:    &m.Outcome.Plies,
		})
	}
	return a
}
