package engine

import (
	"sync/atomic"

	"github.com/tablebase/tablebase/internal/bits192"
	"github.com/tablebase/tablebase/internal/ttable"
)

// What the copy of the search for boards of 129 to 192 cells
// (mid_*_gen.go) needs that differs by the size of its sets, as
// cells128.go gives it to the search of smaller boards.

// midTable is the transposition table of the mid code.
type midTable = ttable.Mid

// midTableOf returns e's table for a board of the given cells.
func midTableOf(e *Engine, cells int) *midTable {
	return grown(&e.tabs.mid, e.opts.TableBits, cells, ttable.NewMid)
}

// midLookup returns the result stored for a key and tag, if any.
func midLookup(t *midTable, key midBb, tag uint32) (uint32, bool) { return t.Get(key, tag) }

// midStore keeps a result for a key and tag, found by a search of the
// given work.
func midStore(t *midTable, key midBb, tag, result, work uint32) { t.Put(key, tag, result, work) }

// midBusyOf returns the count of e's workers searching p (or a position
// sharing its slot).
func midBusyOf(e *Engine, p midBb) *atomic.Uint32 {
	h := (p.A*0x9E3779B97F4A7C15 ^ p.B*0xC2B2AE3D27D4EB4F ^ p.C*0xD6E8FEB86659FD93) >> (64 - busyBits)
	return &e.tabs.searching[h]
}

// midCellsOf returns the empty cells of p, a board of up to 192 cells.
func midCellsOf(p Position) midBb { return bits192.Set{A: p.empty.A, B: p.empty.B, C: p.empty.C} }

// rowBits returns the cells of row r as the low w bits.
func (g *midGeometry) rowBits(e midBb, r int) uint64 {
	return e.ShrAny(uint(r*g.w)).Word() & (1<<g.w - 1)
}
