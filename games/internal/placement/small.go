package placement

import (
	"math/bits"
	"sync"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/canon/grid8"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/internal/stop"
)

// The solver's path for components that fit an 8x8 frame (every
// component of a board of at most 8 rows and 8 columns): the same values
// as ComponentValue, with positions as words of the frame, no cropping, a
// one-word key, and a memo that several workers share.

// helpedCells is the size from which a component is worth solving with
// helpers: smaller ones take milliseconds at most. Tests lower it.
var helpedCells = 20

// smallComponent returns the value of the connected cells b of the frame,
// with s.Workers workers.
func (s *Solver) smallComponent(b uint64) cgt.ID {
	if s.main == nil {
		s.main = &smallWorker{s: s, stop: &s.Stop, recent: new(recentCache)}
	}
	main := s.main
	if s.Workers < 2 || bits.OnesCount64(b) < helpedCells {
		return main.component(b)
	}
	if key, _ := grid8.Canonical(b); s.small.Has(key) {
		return main.component(b)
	}
	// Helpers solve the same component, each trying options in another
	// order, so that they meet seldom and leave in the shared memo what
	// the main worker will need. They stop when it is done, or stopped.
	done := make(chan struct{})
	var helpers sync.WaitGroup
	defer func() {
		close(done)
		helpers.Wait()
	}()
	for i := 1; i < s.Workers; i++ {
		helpers.Add(1)
		go func() {
			defer helpers.Done()
			h := &smallWorker{s: s, stop: &stop.Check{}, turn: i, recent: new(recentCache)}
			stop.Run(h.stop, done, func() cgt.ID { return h.component(b) })
		}()
	}
	return main.component(b)
}

// smallWorker is one worker of the small path. Worker turn tries the
// options of a component starting turn sevenths of the way through.
type smallWorker struct {
	s      *Solver
	stop   *stop.Check
	turn   int
	recent *recentCache
}

// component returns the value of the connected cells b of the frame.
func (w *smallWorker) component(b uint64) cgt.ID {
	e := w.recent.entry(b)
	if e.cells == b {
		return e.value
	}
	key, sym := grid8.Canonical(b)
	v := w.value(key)
	if w.s.Rules.Negates(sym) {
		v = w.s.U.Neg(v)
	}
	*e = recentEntry{b, v}
	return v
}

// value returns the value of the component whose grid8 key is k.
func (w *smallWorker) value(k uint64) cgt.ID {
	if v, ok := w.s.small.Get(k); ok {
		return cgt.ID(v)
	}
	w.stop.Point()
	v, ok := w.known(k)
	if !ok {
		v = w.options(k)
	}
	if w.s.small.Put(k, uint32(v)) {
		w.s.smallSolved.Add(1)
	}
	return v
}

// known asks the solver's Known for the component whose grid8 key is k.
func (w *smallWorker) known(k uint64) (cgt.ID, bool) {
	if w.s.Known == nil {
		return 0, false
	}
	key, sym := canon.Canonical(grid8.Region(k))
	v, ok := w.s.Known(key)
	if ok && w.s.Rules.Negates(sym) {
		v = w.s.U.Neg(v)
	}
	return v, ok
}

// options computes the canonical form of the component b from its
// options.
func (w *smallWorker) options(b uint64) cgt.ID {
	pieces := piecePool.Get().(*[64]uint64) // Left's moves, then Right's
	defer piecePool.Put(pieces)
	board := grid8.Board(b)
	rules := w.s.Rules
	if rules.Impartial() {
		return w.s.U.Nim(w.mex(b, w.rotate(rules.Moves(board, true, pieces[:0]))))
	}
	left := w.rotate(undominatedMoves(rules, board, true, pieces[:0]))
	var lv, rv [64]cgt.ID
	lvals := w.sums(b, left, lv[:0])
	right := w.rotate(undominatedMoves(rules, board, false, pieces[:0]))
	return w.s.U.FromOptions(lvals, w.sums(b, right, rv[:0]))
}

// rotate starts a worker's list of moves turn sevenths of the way through.
func (w *smallWorker) rotate(moves []uint64) []uint64 {
	if w.turn == 0 || len(moves) < 2 {
		return moves
	}
	n := len(moves) * (w.turn % 7) / 7
	return append(moves[n:], moves[:n]...)
}

// sums appends to dst the value of b after each move.
func (w *smallWorker) sums(b uint64, moves []uint64, dst []cgt.ID) []cgt.ID {
	for _, p := range moves {
		dst = append(dst, w.sum(b&^p))
	}
	return dst
}

// sum returns the value of the cells b: the sum of its components.
func (w *smallWorker) sum(b uint64) cgt.ID {
	var buf [32]uint64
	x := cgt.Zero
	for _, c := range grid8.Components(b, buf[:0]) {
		x = w.s.U.Add(x, w.component(c))
	}
	return x
}

// mex is the least nim-value no move of b reaches.
func (w *smallWorker) mex(b uint64, moves []uint64) int {
	var buf [32]uint64
	return MexOver(moves, func(p uint64) int {
		x := 0
		for _, c := range grid8.Components(b&^p, buf[:0]) {
			x ^= w.s.U.Nimber(w.component(c))
		}
		return x
	})
}
