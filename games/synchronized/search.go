package synchronized

import (
	"math/bits"

	"github.com/tablebase/tablebase/internal/bits128"
	"github.com/tablebase/tablebase/internal/stop"
)

// searchQuestion answers, on b, whether p can be sure of at least k
// (cell < 0) or whether p's piece starting at cell keeps him sure of k
// whatever the other plays at the same time, until quit is closed (ok
// false). A helper (helping) tries the other's replies from the middle of
// their list, so that it proves other subtrees than the main search; st,
// when not nil, is told how the search of b goes.
func searchQuestion(s *Solver, b Board, p Player, k Guarantee, cell int, helping bool, st *status, quit <-chan struct{}) (yes, ok bool) {
	w := &searcher{s: s, g: newGeometry(s.v, int(b.H), int(b.W)), tt: tableOf(s, b), helping: helping}
	e := cellsOf(b)
	if st != nil {
		w.root, w.status = e, st
	}
	yes, ok = stop.Run(&w.stop, quit, func() bool {
		if cell >= 0 {
			return w.holds(e, p, k, cell)
		}
		return w.atLeast(e, p, k)
	})
	s.nodes.Add(w.nodes - w.counted)
	return yes, ok
}

type searcher struct {
	s       *Solver
	g       *geometry
	nodes   int64      // positions searched
	counted int64      // of which the solver's count holds so far
	visits  int64      // positions searched or settled by the bounds
	stop    stop.Check // where a search whose request ended unwinds
	// helping marks a helper: it tries the other's replies from the middle
	// of their list, so that it proves other subtrees than the main search.
	helping bool
	// status, when set, is told how far the search of the position root
	// has got.
	status *status
	root   bits128.Set
	tt     *table
}

// atLeast reports whether p can guarantee a result of at least k (Draw or
// Win) with the empty cells e: some move of his such that, whatever the
// other plays at the same time, he can still guarantee k afterwards.
func (w *searcher) atLeast(e bits128.Set, p Player, k Guarantee) bool {
	v, g := w.s.v, w.g
	mine, theirs := g.moves(v, e, p), g.moves(v, e, p.other())
	switch {
	case mine.Empty() && theirs.Empty():
		return k <= Draw
	case mine.Empty():
		return false
	case theirs.Empty():
		return true
	}
	// The stop check counts the positions the bounds settle too: there
	// may be hundreds of them for each position searched.
	w.visits++
	if w.visits&4095 == 0 {
		w.stop.Point()
		w.s.nodes.Add(w.nodes - w.counted) // so that Nodes follows the search
		w.counted = w.nodes
	}
	if !w.s.noBounds {
		if res, ok := g.bound(v, mine, theirs, p, k); ok {
			return res
		}
	}
	w.nodes++
	root := w.status != nil && e == w.root
	// Cells no piece of either player can cover take no part in the
	// game: without them, positions that differ only there are one.
	e = g.covered(v, mine, p).Or(g.covered(v, theirs, p.other()))
	key, kh, kw, transposed, symmetric := canonicalKey(e, g.h, g.w)
	cp := p
	switch {
	case symmetric && k == Win:
		// The position is its own image with the players exchanged: were
		// p sure of a win, so would the other be, against p's strategy.
		return false
	case symmetric:
		cp = Vertical // both players' questions are one
	case transposed:
		cp = p.other() // rows become columns: the players swap
	}
	tag := uint32(kh-1) | uint32(kw-1)<<6 | uint32(cp)<<12 | uint32(k)<<13
	if res, ok := lookup(w.tt, key, tag); ok {
		return res == 1
	}
	before := w.nodes
	var mbuf, tbuf [bits128.Cells]uint8
	replies := w.ordered(p.other(), theirs, mine, tbuf[:0])
	if w.helping {
		rotateHalf(replies)
	}
	result := false
	moves := w.ordered(p, mine, theirs, mbuf[:0])
	for i, a := range moves {
		after := e.AndNot(g.pieceAt(p, int(a)))
		all := true
		for j, b := range replies {
			if root {
				w.status.at(p, i, len(moves), j, len(replies))
			}
			if !w.atLeast(after.AndNot(g.pieceAt(p.other(), int(b))), p, k) {
				// A reply that refutes one move often refutes the next:
				// it is tried first from now on.
				copy(replies[1:j+1], replies[:j])
				replies[0] = b
				all = false
				break
			}
		}
		if all {
			result = true
			break
		}
	}
	res := uint32(0)
	if result {
		res = 1
	}
	store(w.tt, key, tag, res, uint32(bits.Len64(uint64(w.nodes-before))))
	return result
}

// ordered lists a player's moves, those that destroy most of the other's
// placements first.
func (w *searcher) ordered(p Player, moves, victims bits128.Set, buf []uint8) []uint8 {
	// A piece of length L meets at most L*L pieces of the other: the
	// scores are below 16, and a counting sort orders the moves by score,
	// highest first, each score's in cell order.
	var scores [bits128.Cells]uint8
	var count [16]uint8
	for m := moves; !m.Empty(); m = m.WithoutLow() {
		cell := m.Low()
		s := uint8(victims.And(w.g.meets[p][cell]).Count())
		scores[len(buf)], count[s] = s, count[s]+1
		buf = append(buf, uint8(cell))
	}
	if w.s.plainOrder {
		return buf
	}
	var at [16]uint8 // where the moves of each score go
	for s, n := 15, uint8(0); s >= 0; s-- {
		at[s], n = n, n+count[s]
	}
	var cells [bits128.Cells]uint8
	copy(cells[:], buf)
	for i, c := range cells[:len(buf)] {
		buf[at[scores[i]]] = c
		at[scores[i]]++
	}
	return buf
}

// holds is HoldsWithin's search: whether p's piece at cell keeps k
// against every reply.
func (w *searcher) holds(e bits128.Set, p Player, k Guarantee, cell int) bool {
	v, g := w.s.v, w.g
	mine, theirs := g.moves(v, e, p), g.moves(v, e, p.other())
	var tbuf [bits128.Cells]uint8
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
