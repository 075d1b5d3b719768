package synchronized

import (
	"sync"

	"github.com/tablebase/tablebase/internal/bits128"
	"github.com/tablebase/tablebase/internal/stop"
)

// One question at a time, for tb solve: whether a player can guarantee a
// result, and whether one of his moves keeps it whatever the other plays.

// AtLeastWithin reports whether p can guarantee at least k (Draw or Win)
// on b, searching on a second goroutine beside the first when helped;
// ok is false when done was closed first.
func (s *Solver) AtLeastWithin(done <-chan struct{}, b Board, p Player, k Guarantee, helped bool) (yes, ok bool) {
	return s.within(done, b, helped, func(w *searcher) bool { return w.atLeast(b.Cells, p, k) })
}

// HoldsWithin reports whether p's piece starting at cell keeps p sure of
// at least k whatever the other plays at the same time: every reply of
// the other leaves a position where p can guarantee k. A move on a board
// where the other has no move holds. ok is false when done was closed
// first.
func (s *Solver) HoldsWithin(done <-chan struct{}, b Board, p Player, k Guarantee, cell int, helped bool) (yes, ok bool) {
	return s.within(done, b, helped, func(w *searcher) bool { return w.holds(b.Cells, p, k, cell) })
}

// within runs the search f on one goroutine until it ends or done is
// closed; when helped, a helper runs the same search beside it (trying
// the other's replies from the middle of their list) and leaves what it
// proves in the shared table, until the first is done.
func (s *Solver) within(done <-chan struct{}, b Board, helped bool, f func(w *searcher) bool) (yes, ok bool) {
	g := newGeometry(s.v, int(b.H), int(b.W))
	run := func(helping bool, quit <-chan struct{}) (bool, bool) {
		w := &searcher{s: s, g: g, helping: helping}
		v, ok := stop.Run(&w.stop, quit, func() bool { return f(w) })
		s.nodes.Add(w.nodes - w.counted)
		return v, ok
	}
	if !helped {
		return run(false, done)
	}
	finished := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		run(true, finished)
	}()
	yes, ok = run(false, done)
	close(finished)
	wg.Wait()
	return yes, ok
}

// holds is HoldsWithin's search: whether p's piece at cell keeps k
// against every reply.
func (w *searcher) holds(e bits128.Set, p Player, k Guarantee, cell int) bool {
	v, g := w.s.v, w.g
	mine, theirs := g.moves(v, e, p), g.moves(v, e, p.other())
	var tbuf [MaxCells]uint8
	replies := w.ordered(p.other(), theirs, mine, tbuf[:0])
	if w.helping {
		rotateHalf(replies)
	}
	after := e.AndNot(g.pieceAt(p, cell))
	for _, r := range replies {
		if !w.atLeast(after.AndNot(g.pieceAt(p.other(), int(r))), p, k) {
			return false
		}
	}
	return true
}
