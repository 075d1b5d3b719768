package engine

import (
	"sync/atomic"

	"github.com/tablebase/tablebase/internal/ttable"
)

// What the copy of the search for boards of 129 to 256 cells
// (wide_*_gen.go) needs that differs by the size of its sets, as
// cells128.go gives it to the search of smaller boards.

// wideTable is the transposition table of the wide code.
type wideTable = ttable.Long

// wideTableOf returns e's table for a board of the given cells.
func wideTableOf(e *Engine, cells int) *wideTable {
	return grown(&e.tabs.long, e.opts.TableBits, cells, ttable.NewLong)
}

// wideLookup returns the result stored for a key and tag, if any.
func wideLookup(t *wideTable, key wideBb, tag uint32) (uint32, bool) { return t.Get(key, tag) }

// wideStore keeps a result for a key and tag, found by a search of the
// given work.
func wideStore(t *wideTable, key wideBb, tag, result, work uint32) { t.Put(key, tag, result, work) }

// wideBusyOf returns the count of e's workers searching p (or a position
// sharing its slot).
func wideBusyOf(e *Engine, p wideBb) *atomic.Uint32 {
	h := (p.A*0x9E3779B97F4A7C15 ^ p.B*0xC2B2AE3D27D4EB4F ^ p.C*0xD6E8FEB86659FD93 ^ p.D*0xA0761D6478BD642F) >> (64 - busyBits)
	return &e.tabs.searching[h]
}

// wideCellsOf returns the empty cells of p.
func wideCellsOf(p Position) wideBb { return p.empty }

// rowBits returns the cells of row r as the low w bits.
func (g *wideGeometry) rowBits(e wideBb, r int) uint64 {
	return e.ShrAny(uint(r*g.w)).Word() & (1<<g.w - 1)
}
