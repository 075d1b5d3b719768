package placement

import (
	"math/bits"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/internal/region"
)

// HeapSearch finds the nim-value of a region of an impartial placement
// game (Cram) without valuing every component it reaches: the nim-value of c is the least k for which c
// plus a nim-heap of k is a second-player win, and a sum that is not one
// is shown so by one winning move, often found without the nim-values of
// the positions it leads to (Lemoine and Viennot, "Nimbers are
// inevitable", 2010). A move in c leaves parts; the largest stays a
// region of the search, the others are replaced by their nim-values
// (found the same way, or by the solver when at most Small cells), added
// to the heap. It is not safe for concurrent use.
type HeapSearch struct {
	Small  int   // components of at most this many cells are valued by the solver
	Nodes  int64 // the regions plus heaps searched
	rules  Rules
	solver *Solver
	lost   map[heapKey]bool    // whether a region plus a heap is a second-player win
	nims   map[canon.Key]uint8 // nim-values found
}

// heapKey is a region, by its canonical key, plus a heap.
type heapKey struct {
	c    canon.Key
	heap uint8
}

// NewHeapSearch returns a search of an impartial game whose components
// of at most small cells solver values (a new one when nil). The search
// stops where the solver's Stop says (stop.Run on it).
func NewHeapSearch(rules Rules, small int, solver *Solver) *HeapSearch {
	if solver == nil {
		solver = NewSolver(cgt.NewUniverse(20), rules)
	}
	return &HeapSearch{
		Small:  small,
		rules:  rules,
		solver: solver,
		lost:   map[heapKey]bool{},
		nims:   map[canon.Key]uint8{},
	}
}

// Valued returns how many regions of more than Small cells the search
// has found the nim-value of.
func (h *HeapSearch) Valued() int { return len(h.nims) }

// Nimber returns the nim-value of a connected, cropped region.
func (h *HeapSearch) Nimber(c region.Region) int {
	if bits.OnesCount64(c.Bits) <= h.Small {
		return h.small(c)
	}
	key, _ := canon.Canonical(c)
	if n, ok := h.nims[key]; ok {
		return int(n)
	}
	for k := 0; ; k++ {
		if h.loses(c, key, k) {
			return k
		}
	}
}

// small returns the nim-value of a component the solver values.
func (h *HeapSearch) small(c region.Region) int {
	return h.solver.U.Nimber(h.solver.Component(c))
}

// loses reports whether c (a connected, cropped region of more than
// Small cells, whose canonical key is key) plus a heap of n is a
// second-player win. When it is, n is c's nim-value.
func (h *HeapSearch) loses(c region.Region, key canon.Key, n int) bool {
	if v, ok := h.found(key, n); ok {
		return v
	}
	h.Nodes++
	h.solver.Stop.Point()
	won := false
	var moves [64]uint64
	list := h.rules.Moves(c, true, moves[:0])
	// First the moves whose result is known, then the others searched.
	for _, d := range list {
		if won = h.known(c, d, n); won {
			break
		}
	}
	for _, d := range list {
		if won {
			break
		}
		large, heap, _ := h.after(c, d, n, true)
		if large.Bits == 0 {
			won = heap == 0
		} else {
			lk, _ := canon.Canonical(large)
			won = h.loses(large, lk, heap)
		}
	}
	// A move in the heap, to a smaller one.
	for m := 0; m < n && !won; m++ {
		won = h.loses(c, key, m)
	}
	h.lost[heapKey{key, uint8(n)}] = !won
	if !won {
		h.nims[key] = uint8(n)
	}
	return !won
}

// found returns whether the search has found c (by its key) plus a heap
// of n a second-player win, and ok when it has found the answer at all.
func (h *HeapSearch) found(key canon.Key, n int) (lost, ok bool) {
	if v, ok := h.nims[key]; ok {
		return int(v) == n, true
	}
	lost, ok = h.lost[heapKey{key, uint8(n)}]
	return lost, ok
}

// after returns the region of the search and the heap after move d in c
// with a heap of n: the move's largest part of more than Small cells (none
// when it leaves none), the others' nim-values added to the heap. When it
// leaves two such parts and value is false, it values neither and ok is
// false.
func (h *HeapSearch) after(c region.Region, d uint64, n int, value bool) (large region.Region, heap int, ok bool) {
	var parts [32]uint64
	rest := c.With(c.Bits &^ d)
	heap = n
	for _, cells := range rest.ComponentCells(parts[:0]) {
		p := rest.With(cells).Crop()
		if bits.OnesCount64(cells) <= h.Small {
			heap ^= h.small(p)
			continue
		}
		if large.Bits == 0 {
			large = p
			continue
		}
		if !value {
			return large, heap, false
		}
		// Two large parts: the smaller is valued, the larger stays.
		if bits.OnesCount64(p.Bits) > bits.OnesCount64(large.Bits) {
			large, p = p, large
		}
		heap ^= h.Nimber(p)
	}
	return large, heap, true
}

// known reports whether move d in c with a heap of n is known to leave a
// second-player win without a search: it leaves one large part at most,
// whose result with its heap the search has found.
func (h *HeapSearch) known(c region.Region, d uint64, n int) bool {
	large, heap, ok := h.after(c, d, n, false)
	switch {
	case !ok:
		return false
	case large.Bits == 0:
		return heap == 0
	}
	key, _ := canon.Canonical(large)
	lost, _ := h.found(key, heap)
	return lost
}
