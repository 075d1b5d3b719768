package synchronized

import (
	"github.com/tablebase/tablebase/internal/bits192"
	"github.com/tablebase/tablebase/internal/ttable"
)

// What the code for boards of 129 to 192 cells (mid_*_gen.go) needs that
// differs by the size of its sets, as cells128.go gives it to the fast
// path.

// midTable is the transposition table of the mid code.
type midTable = ttable.Mid

// midTableOf returns s's table for the mid code, made on first use with
// as many entries as the fast path's.
func midTableOf(s *Solver, _ Board) *midTable {
	s.midOnce.Do(func() { s.mid = ttable.NewMid(s.tableBits) })
	return s.mid
}

// midCellsOf returns the empty cells of b, a board of up to 192 cells.
func midCellsOf(b Board) bits192.Set { return bits192.Set{A: b.Cells.A, B: b.Cells.B, C: b.Cells.C} }

// midLookup returns the result stored for a canonical key and tag, if
// any.
func midLookup(t *midTable, key bits192.Set, tag uint32) (uint32, bool) { return t.Get(key, tag) }

// midStore keeps a result for a canonical key and tag, found by a search
// of the given work.
func midStore(t *midTable, key bits192.Set, tag, result, work uint32) {
	t.Put(key, tag, result, work)
}
