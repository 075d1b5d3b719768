package heap

import (
	"math/bits"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/internal/region"
)

// Refuted reports how far the search has got in showing that a
// connected, cropped region c of more than Small cells plus a heap of n
// is a second-player win: of the moves of the sum (c's moves and those
// to smaller heaps), how many it has found to leave a first-player win.
// When every one does, c's nim-value is n. A move that leaves two parts
// of more than Small cells is not counted as refuted. It answers from
// what the search has found (one stopped part way, or loaded), without
// searching.
func (h *HeapSearch) Refuted(c region.Region, n int) (refuted, moves int) {
	f := h.push()
	defer h.pop()
	list := h.knownMoves(c, n, f)
	for _, p := range list {
		if p.Known && !p.Wins {
			refuted++
		}
	}
	return refuted, len(list)
}

// MoveProgress is what a search has found of one move of a region plus
// a heap (HeapSearch.Progress).
type MoveProgress struct {
	Move    uint64 // the move: its cells in the region, or 0 for a move in the heap
	Heap    int    // the heap it leaves, with its large part
	Cells   int    // the cells of its large part (0: none; -1: two or more, not counted)
	Known   bool   // the search knows whether the position it leaves is a second-player win
	Wins    bool   // when Known: it is one, so the move wins
	Refuted int    // of the moves of the position it leaves, those shown to leave a first-player win
	Moves   int    // the moves of the position it leaves
}

// Progress returns, for each move of a connected, cropped region c of
// more than Small cells plus a heap of n (c's moves, then those to
// smaller heaps), what the search has found of the position it leaves:
// whether it is a second-player win, and when that is not known, how far
// the search has got in showing that it is (Refuted of it). A move whose
// position has every move refuted wins, so the unknown moves with the
// largest share refuted are those nearest to showing c plus a heap of n a
// first-player win. It answers from what the search has found, without
// searching.
func (h *HeapSearch) Progress(c region.Region, n int) []MoveProgress {
	f := h.push()
	defer h.pop()
	out := h.knownMoves(c, n, f)
	for i := range out {
		p := &out[i]
		if p.Known || p.Cells <= h.Small {
			continue
		}
		large := c
		if p.Move != 0 {
			large = f.opts[i].large
		}
		p.Refuted, p.Moves = h.Refuted(large, p.Heap)
	}
	return out
}

// knownMoves returns, for each move of c plus a heap of n (c's moves,
// then those to smaller heaps), what the search knows of the position it
// leaves (Refuted and Moves left 0), and leaves the options of c's moves
// in f, a frame the caller has pushed.
func (h *HeapSearch) knownMoves(c region.Region, n int, f *frame) []MoveProgress {
	f.box = sidesOf(c)
	list := h.rules.Moves(c, true, f.moves[:0])
	out := make([]MoveProgress, 0, len(list)+n)
	for i, d := range list {
		o := &f.opts[i]
		h.prepare(c, &f.box, d, n, o)
		p := MoveProgress{Move: d, Heap: o.heap, Cells: -1}
		if o.ok {
			p.Cells = bits.OnesCount64(o.large.Bits)
			p.Wins, p.Known = h.outcome(o)
		}
		out = append(out, p)
	}
	key, _ := canon.Canonical(c)
	for m := range n {
		p := MoveProgress{Heap: m, Cells: bits.OnesCount64(c.Bits)}
		p.Wins, p.Known = h.found(key, m)
		out = append(out, p)
	}
	return out
}
