package ttt3d

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"sync"
	"sync/atomic"

	"github.com/tablebase/tablebase/games/ttt3d/qubic"
	"github.com/tablebase/tablebase/games/ttt3d/rules"
	"github.com/tablebase/tablebase/games/ttt3d/solve"
	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

// exactBudget bounds the exact search of each move in memory (or
// query.Options.MaxNodes, if smaller): a 4x4x4 position that needs more
// is decided without plies instead (Decide).
const exactBudget = 500_000

// defaultTableBits is the log2 of the solver table's entries for each
// board side: the whole 3x3x3 game, every move of the empty board, takes
// 2,520 nodes, so its table is small and quick to clear; a 4x4x4 search
// may take up to exactBudget nodes a move.
var defaultTableBits = [5]uint{3: 16, 4: 22}

// Querier answers 3D tic-tac-toe positions: result, plies and every move,
// best first. It is safe for concurrent use.
type Querier struct {
	file *tablebase.File
	n    int // the file's board side
	// board is the board of a 4x4x4 strategy file: restricted to the
	// cells not blocked in the position it was built from.
	board   *rules.Board
	solvers [5]func() *solve.Solver
	// tableBits sizes the solvers' tables, by board side: 2^tableBits
	// slots, made at the first search of each board (defaultTableBits).
	tableBits [5]uint
	nodes     atomic.Int64 // the nodes of the decision under way
	// Workers is the number of cores a decision's search uses (see
	// DecideOptions.Workers).
	Workers int
}

// Nodes returns the nodes searched so far by the decision under way, or
// the last one (query.Counter, for tb query --progress).
func (q *Querier) Nodes() int64 { return q.nodes.Load() }

// NewQuerier returns a querier reading from f when f is not nil.
func NewQuerier(f *tablebase.File) (*Querier, error) {
	q := &Querier{tableBits: defaultTableBits}
	for _, n := range []int{3, 4} {
		q.solvers[n] = sync.OnceValue(func() *solve.Solver { return solve.NewSolver(rules.MustGet(n), q.tableBits[n]) })
	}
	if f != nil {
		m := f.Meta()
		if m.Game != "ttt3d" {
			return nil, fmt.Errorf("%s holds a %s tablebase, not ttt3d", f.Path(), m.Game)
		}
		if err := f.UseLayout(Layout); err != nil {
			return nil, err
		}
		if m.Params["values"] == "census" {
			return nil, fmt.Errorf("%s holds a census of 4x4x4 patterns, which answers no position; tb build ttt3d --n 4 --fair --report --db %s prints it", f.Path(), f.Path())
		}
		q.file, q.n = f, 3
		if m.Params["n"] == "4" {
			q.n, q.board = 4, rules.MustGet(4)
			if from, err := rules.Parse(m.Params["from"]); err == nil && from.B.N == 4 {
				q.board = q.board.Restrict(from.Blocked)
			}
		}
	}
	return q, nil
}

// lookup returns the stored outcome of an unfinished position, if the
// file holds it.
func (q *Querier) lookup(p rules.Position) (solve.Outcome, bool, error) {
	if q.file == nil || p.B.N != q.n {
		return solve.Outcome{}, false, nil
	}
	key, err := StoredKey(p)
	if err != nil {
		return solve.Outcome{}, false, nil
	}
	v, ok, err := q.file.Lookup(key)
	if err != nil || !ok {
		return solve.Outcome{}, false, err
	}
	return solve.Unpack(v), true, nil
}

// Moves returns every legal move of p with its outcome, best first, and
// where the answers came from: the file when it holds p and its
// children, else a search.
func (q *Querier) Moves(ctx context.Context, p rules.Position, opts query.Options) ([]solve.Move, string, error) {
	if p.Finished() {
		return nil, query.FromSolver, nil
	}
	if q.n == 4 && p.B.N == 4 && p.Blocked == q.board.Blocked() {
		moves, ok, err := q.strategyMoves(p)
		if err != nil || ok {
			return moves, query.FromTablebase, err
		}
	} else if _, ok, err := q.lookup(p); err != nil {
		return nil, "", err
	} else if ok {
		moves, complete, err := q.storedMoves(p)
		if err != nil || complete {
			return moves, query.FromTablebase, err
		}
	}
	if err := q.solvable(p, opts); err != nil {
		return nil, "", err
	}
	budget := int64(exactBudget)
	if opts.MaxNodes > 0 {
		budget = min(budget, opts.MaxNodes)
	}
	moves, err := q.solvers[p.B.N]().MovesWithin(ctx.Done(), p, 2, budget)
	if ctx.Err() != nil {
		return nil, "", query.ErrTimeout
	}
	return moves, query.FromSolver, err
}

// solvable returns the error for solving p in memory, or nil if it may
// be: a 4x4x4 position with more empty cells than opts.MaxSolveCells is
// too large (the whole 3x3x3 game is solved in milliseconds).
func (q *Querier) solvable(p rules.Position, opts query.Options) error {
	if p.B.N == 3 {
		return opts.Solvable(0)
	}
	return opts.Solvable(bits.OnesCount64(p.EmptyCells()))
}

// strategyMove returns x's move in a 4x4x4 strategy file and the plies
// to the win under the strategy, if the file holds the position (on the
// file's board: its pattern of blocked cells).
func (q *Querier) strategyMove(x, o uint64) (solve.Move, bool, error) {
	b := q.board
	if t := b.Threats(x, b.Full()&^(x|o)); t != 0 {
		return solve.Move{Cell: rules.LowCell(t), Outcome: solve.Outcome{Result: solve.Win, Plies: 1}}, true, nil
	}
	a, c, g := b.Canonical(x, o)
	v, ok, err := q.file.Lookup(qubic.StrategyKey(a, c))
	if err != nil || !ok {
		return solve.Move{}, false, err
	}
	m := qubic.ParseStrategyValue(v)
	if m.Cell >= b.Cells {
		return solve.Move{}, false, fmt.Errorf("%s: strategy entry %d plays off the board", q.file.Path(), v)
	}
	cell := int(b.Group[g].Inverse[m.Cell])
	return solve.Move{Cell: cell, Outcome: solve.Outcome{Result: solve.Win, Plies: m.Plies}}, true, nil
}

// strategyMoves answers a 4x4x4 position from a strategy file: with x to
// move, x's strategy move alone; with o to move, every reply of o, each a
// loss within the strategy's plies. A position with x to move that the
// file does not hold is answered by a move of x into a position it
// covers with o to move (a file built from such a position answers the
// positions one move before it). ok is false if the file does not cover
// the position.
func (q *Querier) strategyMoves(p rules.Position) (moves []solve.Move, ok bool, err error) {
	if p.XToMove() {
		m, ok, err := q.strategyMove(p.X, p.O)
		if err != nil {
			return nil, false, err
		}
		if ok {
			return []solve.Move{m}, true, nil
		}
		for e := p.EmptyCells(); e != 0; e &= e - 1 {
			c := rules.LowCell(e)
			replies, ok, err := q.strategyMoves(p.Play(c))
			if err != nil {
				return nil, false, err
			}
			if ok {
				// The replies come best first for o: the longest loss.
				return []solve.Move{{Cell: c, Outcome: replies[0].Outcome.Parent()}}, true, nil
			}
		}
		return nil, false, nil
	}
	for e := p.EmptyCells(); e != 0; e &= e - 1 {
		c := rules.LowCell(e)
		if q.board.Completes(p.O, c) {
			return nil, false, nil
		}
		m, ok, err := q.strategyMove(p.X, p.O|1<<c)
		if !ok || err != nil {
			return nil, false, err
		}
		moves = append(moves, solve.Move{Cell: c, Outcome: m.Outcome.Parent()})
	}
	solve.SortMoves(moves)
	return moves, true, nil
}

// storedMoves answers each move of p from the file; complete is false if
// a child is missing.
func (q *Querier) storedMoves(p rules.Position) (moves []solve.Move, complete bool, err error) {
	me, _ := p.Mover()
	for e := p.EmptyCells(); e != 0; e &= e - 1 {
		c := rules.LowCell(e)
		m := solve.Move{Cell: c, Outcome: solve.Outcome{Result: solve.Win, Plies: 1}}
		switch next := p.Play(c); {
		case p.B.Completes(me, c):
		case next.EmptyCells() == 0:
			m.Outcome = solve.Outcome{Result: solve.Draw, Plies: 1}
		default:
			o, ok, err := q.lookup(next)
			if err != nil || !ok {
				return nil, false, err
			}
			m.Outcome = o.Parent()
		}
		moves = append(moves, m)
	}
	solve.SortMoves(moves)
	return moves, true, nil
}

// settledMoves lists the moves of p whose outcome the rules settle: those
// that complete a line, and a last move that fills the board.
func settledMoves(p rules.Position) []solve.Move {
	me, _ := p.Mover()
	var moves []solve.Move
	for e := p.EmptyCells(); e != 0; e &= e - 1 {
		c := rules.LowCell(e)
		switch {
		case p.B.Completes(me, c):
			moves = append(moves, solve.Move{Cell: c, Outcome: solve.Outcome{Result: solve.Win, Plies: 1}})
		case p.Play(c).EmptyCells() == 0:
			moves = append(moves, solve.Move{Cell: c, Outcome: solve.Outcome{Result: solve.Draw, Plies: 1}})
		}
	}
	solve.SortMoves(moves)
	return moves
}

// Query answers one position written in the notation of docs/contract.md.
func (q *Querier) Query(ctx context.Context, position string, opts query.Options) query.Answer {
	a := query.Answer{Game: "ttt3d", Position: position}
	p, err := rules.Parse(position)
	if err != nil {
		a.Fail(query.BadPosition(err))
		return a
	}
	if p.B.N == 4 {
		if d, ok := solve.PairedDraw(p); ok {
			// Pairings settle it at once, plies included: a draw fills
			// the board.
			answerDecision(p, d, &a)
			return a
		}
	}
	moves, source, err := q.Moves(ctx, p, opts)
	if errors.Is(err, solve.ErrBudget) && p.B.N == 4 {
		q.decide(ctx, p, opts, &a)
		return a
	}
	o, frontier := solve.Finished(p), false
	if errors.Is(err, query.ErrNotStored) {
		// A position of the file's last ply: its own outcome is stored,
		// its children are not; without solving, the moves listed are
		// those the rules settle.
		if stored, ok, lerr := q.lookup(p); lerr == nil && ok {
			moves, source, err, o, frontier = settledMoves(p), query.FromTablebase, nil, stored, true
		}
	}
	if err != nil {
		a.Fail(err)
		return a
	}
	if !frontier && len(moves) > 0 {
		o = moves[0].Outcome
	}
	a.Source = source
	answerResult(&a, Answer{Result: o.Result.String(), Plies: &o.Plies, Strategy: source == query.FromTablebase && p.B.N == 4})
	a.Moves = []query.Move{}
	for _, m := range moves {
		a.Moves = append(a.Moves, answerMove(p, m.Cell, m.Outcome.Result, &m.Outcome.Plies))
	}
	return a
}

// answerResult puts ttt3d's fields e on a, with the outcome and distance
// they give.
func answerResult(a *query.Answer, e Answer) {
	a.Extra, a.Outcome, a.Distance = &e, outcomeOf(e.Result), e.Plies
}

// answerMove is the answer's entry for the move c of p, of the given
// result for its mover (plies nil where not counted).
func answerMove(p rules.Position, c int, r solve.Result, plies *int) query.Move {
	n := p.B.N
	return query.Move{
		Move:     notation.Cell3(c/(n*n), c/n%n, c%n),
		Position: p.Play(c).String(),
		Result:   r.String(),
		Distance: plies,
		Extra:    &Move{Cell: c, Plies: plies},
	}
}

// decide answers a position the exact search could not finish: its
// result proved without the plies of a win or a loss (Decide), within
// opts.MaxNodes a search and the context's time. The moves listed are
// those the proof gives: the winning move of a win, every drawing move of
// a draw, none for a loss.
func (q *Querier) decide(ctx context.Context, p rules.Position, opts query.Options, a *query.Answer) {
	q.nodes.Store(0)
	d, err := solve.Decide(p, solve.DecideOptions{MaxNodes: opts.MaxNodes, Done: ctx.Done(), Nodes: q.nodes.Store, Workers: q.Workers})
	switch {
	case ctx.Err() != nil:
		err = query.ErrTimeout
	case errors.Is(err, solve.ErrBudget):
		err = fmt.Errorf("%w: not decided within %d nodes a search (the node limit)", query.ErrTooLarge, opts.MaxNodes)
	}
	if err != nil {
		a.Fail(err)
		return
	}
	answerDecision(p, d, a)
}

// answerDecision puts a decision on the answer. A draw has its plies (the
// board fills), a win or a loss none.
func answerDecision(p rules.Position, d solve.Decision, a *query.Answer) {
	var plies *int
	if d.Result == solve.Draw {
		n := rules.Count(p.EmptyCells())
		plies = &n
	}
	a.Source = query.FromSolver
	answerResult(a, Answer{Result: d.Result.String(), Plies: plies, Proof: d.Proof})
	a.Moves = []query.Move{}
	for _, c := range d.Moves {
		a.Moves = append(a.Moves, answerMove(p, c, d.Result, plies))
	}
}
