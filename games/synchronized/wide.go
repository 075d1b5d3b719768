package synchronized

import (
	"github.com/tablebase/tablebase/internal/bitsw"
	"github.com/tablebase/tablebase/internal/ttable"
)

// What the wide code (wide_*_gen.go) needs that differs by the size of its
// sets, as cells128.go gives it to the fast path.

// wideTable is the transposition table of the wide code.
type wideTable = ttable.Long

// wideTableOf returns s's table for the wide code, made on first use with
// as many entries as the fast path's.
func wideTableOf(s *Solver, _ Board) *wideTable {
	s.longOnce.Do(func() { s.long = ttable.NewLong(s.tableBits) })
	return s.long
}

// wideCellsOf returns the empty cells of b.
func wideCellsOf(b Board) bitsw.Set { return b.Cells }

// wideLookup returns the result stored for a canonical key and tag, if
// any.
func wideLookup(t *wideTable, key bitsw.Set, tag uint32) (uint32, bool) { return t.Get(key, tag) }

// wideStore keeps a result for a canonical key and tag, found by a search
// of the given work.
func wideStore(t *wideTable, key bitsw.Set, tag, result, work uint32) {
	t.Put(key, tag, result, work)
}
