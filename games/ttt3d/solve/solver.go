package solve

import (
	"errors"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/tablebase/tablebase/games/ttt3d/rules"
)

// Solver finds exact outcomes (result and plies) by alpha-beta search to
// the end of the game, with forced moves (an immediate win, a forced
// block, two threats of the opponent) and a transposition table on
// canonical positions shared by its goroutines. It is safe for concurrent
// use.
type Solver struct {
	b     *rules.Board
	tt    *table
	nodes atomic.Int64
	// pairings makes the win-or-draw search look for pairing strategies
	// (4x4x4: on 3x3x3 a line's three cells seldom leave room for them).
	pairings bool
}

// NewSolver returns a solver for the board with a table of 2^tableBits
// entries (16 bytes each).
func NewSolver(b *rules.Board, tableBits uint) *Solver {
	return &Solver{b: b, tt: newTable(tableBits), pairings: b.N == 4}
}

// On returns a solver for the board r (a restriction of the solver's own,
// see Restrict) sharing the solver's table: a table key names its
// position with the blocked cells, so positions of different boards never
// share one.
func (s *Solver) On(r *rules.Board) *Solver {
	return &Solver{b: r, tt: s.tt, pairings: s.pairings}
}

// Nodes returns the number of positions searched so far.
func (s *Solver) Nodes() int64 { return s.nodes.Load() }

// Move is a legal move and the outcome it leads to, from the point of view
// of the side that makes it, counting the move itself in the plies.
type Move struct {
	Cell    int
	Outcome Outcome
}

// Solve returns the outcome of p for the side to move.
func (s *Solver) Solve(p rules.Position) Outcome {
	o, _ := s.SolveWithin(p, 0)
	return o
}

// ErrBudget reports a search that gave up at its node budget.
var ErrBudget = errors.New("ttt3d: not solved within the node budget")

// SolveWithin is Solve giving up with ErrBudget after searching about
// budget positions (0: no limit).
func (s *Solver) SolveWithin(p rules.Position, budget int64) (Outcome, error) {
	if p.Finished() {
		return Finished(p), nil
	}
	me, opp := p.Mover()
	w := searcher{s: s, budget: budget}
	v := w.search(me, opp, p.EmptyCells(), -big, big)
	s.nodes.Add(w.nodes)
	if w.stopped {
		return Outcome{}, ErrBudget
	}
	return outcome(v, rules.Count(p.EmptyCells())), nil
}

// Finished returns the outcome of a finished position for the side to
// move: a loss in 0 plies if the other side has a line, else a draw.
func Finished(p rules.Position) Outcome {
	if _, opp := p.Mover(); p.B.HasLine(opp) {
		return Outcome{Loss, 0}
	}
	return Outcome{Draw, 0}
}

// Moves returns every legal move of p with its outcome, best first (ties
// by cell), solving the moves on workers goroutines. A finished position
// has none.
func (s *Solver) Moves(p rules.Position, workers int) []Move {
	moves, _ := s.MovesWithin(nil, p, workers, 0)
	return moves
}

// MovesWithin is Moves giving up with ErrBudget when a move takes more
// than about budget positions to solve (0: no limit), or when done is
// closed (nil: never).
func (s *Solver) MovesWithin(done <-chan struct{}, p rules.Position, workers int, budget int64) ([]Move, error) {
	if p.Finished() {
		return nil, nil
	}
	me, opp := p.Mover()
	empty := p.EmptyCells()
	var moves []Move
	for e := empty; e != 0; e &= e - 1 {
		moves = append(moves, Move{Cell: bits.TrailingZeros64(e)})
	}
	var next atomic.Int64
	var gaveUp atomic.Bool
	var wg sync.WaitGroup
	for range max(workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var nodes int64
			for {
				i := int(next.Add(1) - 1)
				if i >= len(moves) || gaveUp.Load() {
					break
				}
				c := moves[i].Cell
				v := big - 1
				if !s.b.Completes(me, c) {
					w := searcher{s: s, budget: budget, done: done}
					v = parent(w.search(opp, me|1<<c, empty&^(1<<c), -big, big))
					nodes += w.nodes
					if w.stopped {
						gaveUp.Store(true)
					}
				}
				moves[i].Outcome = outcome(v, rules.Count(empty))
			}
			s.nodes.Add(nodes)
		}()
	}
	wg.Wait()
	if gaveUp.Load() {
		return nil, ErrBudget
	}
	SortMoves(moves)
	return moves, nil
}

// SortMoves orders moves best first for the side making them, ties by
// cell.
func SortMoves(moves []Move) {
	slices.SortFunc(moves, func(a, b Move) int {
		if d := b.Outcome.score() - a.Outcome.score(); d != 0 {
			return d
		}
		return a.Cell - b.Cell
	})
}

// searcher is one goroutine's search state.
type searcher struct {
	s       *Solver
	nodes   int64
	budget  int64           // give up after this many nodes (0: never)
	done    <-chan struct{} // give up when it is closed (nil: never)
	stopped bool            // gave up: every score since is meaningless
}

// search returns the score of the position where the side to move has
// the stones me and the other side opp, neither with a line, within the
// window (alpha, beta): fail-soft, so a score at or below alpha is an
// upper bound and one at or above beta a lower bound.
// tick counts a node and reports whether the search has given up: past
// its budget, or done closed.
func (w *searcher) tick() bool {
	w.nodes++
	if w.budget > 0 && w.nodes > w.budget {
		w.stopped = true
	}
	if w.done != nil && w.nodes&4095 == 0 {
		select {
		case <-w.done:
			w.stopped = true
		default:
		}
	}
	return w.stopped
}

func (w *searcher) search(me, opp, empty uint64, alpha, beta int) int {
	if w.tick() || empty == 0 {
		return 0
	}
	b := w.s.b
	if b.Threats(me, empty) != 0 {
		return big - 1
	}
	if t := b.Threats(opp, empty); t != 0 {
		if t&(t-1) != 0 {
			return 2 - big
		}
		return parent(w.search(opp, me|t, empty&^t, child(beta), child(alpha)))
	}
	if empty&(empty-1) == 0 {
		return 0 // one cell left and no threat: the board fills without a line
	}
	blocked := (b.Full() | b.Blocked()) &^ (me | opp | empty)
	ca, cb, g := b.Canonical(me|blocked, opp|blocked)
	key := b.Key(ca, cb)
	first := -1
	if e, ok := w.s.tt.get(key); ok {
		switch {
		case e.bound == exact:
			return e.score
		case e.bound == lower && e.score >= beta, e.bound == upper && e.score <= alpha:
			return e.score
		case e.bound == lower:
			alpha = max(alpha, e.score)
		case e.bound == upper:
			beta = min(beta, e.score)
		}
		if e.move >= 0 {
			first = int(b.Group[g].Inverse[e.move])
		}
	}
	var moves [64]int
	n := w.orderMoves(me, opp, empty, first, moves[:])
	best, bestMove := -big, -1
	a := alpha
	for _, c := range moves[:n] {
		v := parent(w.search(opp, me|1<<c, empty&^(1<<c), child(beta), child(a)))
		if w.stopped {
			return 0
		}
		if v > best {
			best, bestMove = v, c
			if v > a {
				a = v
				if a >= beta {
					break
				}
			}
		}
	}
	bound := exact
	switch {
	case best <= alpha:
		bound = upper
	case best >= beta:
		bound = lower
	}
	w.s.tt.put(key, entry{score: best, bound: bound, move: int(b.Group[g].Perm[bestMove])})
	return best
}

// orderMoves writes the empty cells into out, first (if not -1) leading
// and the rest by a static weight: lines through the cell still open to a
// side count more the more stones that side has on them.
func (w *searcher) orderMoves(me, opp, empty uint64, first int, out []int) int {
	var weight [64]int
	n := 0
	for e := empty; e != 0; e &= e - 1 {
		c := bits.TrailingZeros64(e)
		h := 0
		for _, l := range w.s.b.Through[c] {
			switch {
			case l&opp == 0:
				h += 1 << (2 * rules.Count(l&me))
			case l&me == 0:
				h += 1 << (2 * rules.Count(l&opp))
			}
		}
		if c == first {
			h = 1 << 30
		}
		// Insertion sort, heaviest first.
		i := n
		for i > 0 && weight[out[i-1]] < h {
			out[i] = out[i-1]
			i--
		}
		out[i], weight[c] = c, h
		n++
	}
	return n
}
