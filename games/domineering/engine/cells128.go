package engine

import (
	"sync/atomic"

	"github.com/tablebase/tablebase/internal/bits128"
	"github.com/tablebase/tablebase/internal/ttable"
)

//go:generate go run ../../../internal/genwide/cmd -from github.com/tablebase/tablebase/internal/bits128 -to github.com/tablebase/tablebase/internal/bitsw -prefix wide -adapters cells128.go geometry.go:wide_geometry_gen.go search.go:wide_search_gen.go root.go:wide_root_gen.go
//go:generate go run ../../../internal/genwide/cmd -from github.com/tablebase/tablebase/internal/bits128 -to github.com/tablebase/tablebase/internal/bits192 -prefix mid -adapters cells128.go geometry.go:mid_geometry_gen.go search.go:mid_search_gen.go root.go:mid_root_gen.go

// What the search of boards of up to 128 cells (geometry.go, search.go,
// root.go) needs that differs by the size of its sets: the board's cells
// as a set, a row of them, the table and the keys. mid.go and wide.go
// give the same for the copies of that code that search larger boards, of
// three words and of four.

// table is the transposition table.
type table = ttable.Wide

// tableOf returns e's table for a board of the given cells.
func tableOf(e *Engine, cells int) *table {
	return grown(&e.tabs.tt, e.opts.TableBits, cells, ttable.NewWide)
}

// lookup returns the result stored for a key and tag, if any.
func lookup(t *table, key bb, tag uint32) (uint32, bool) { return t.Get(key.Lo, key.Hi, tag) }

// store keeps a result for a key and tag, found by a search of the given
// work.
func store(t *table, key bb, tag, result, work uint32) { t.Put(key.Lo, key.Hi, tag, result, work) }

// busyOf returns the count of e's workers searching p (or a position
// sharing its slot).
func busyOf(e *Engine, p bb) *atomic.Uint32 {
	h := (p.Lo*0x9E3779B97F4A7C15 ^ p.Hi*0xC2B2AE3D27D4EB4F) >> (64 - busyBits)
	return &e.tabs.searching[h]
}

// cellsOf returns the empty cells of p, a board of up to 128 cells.
func cellsOf(p Position) bb { return bits128.Set{Lo: p.empty.A, Hi: p.empty.B} }

// rowBits returns the cells of row r as the low w bits.
func (g *geometry) rowBits(e bb, r int) uint64 {
	shift := uint(r * g.w)
	var v uint64
	switch {
	case shift == 0:
		v = e.Lo
	case shift < 64:
		v = e.Lo>>shift | e.Hi<<(64-shift)
	default:
		v = e.Hi >> (shift - 64)
	}
	return v & (1<<g.w - 1)
}
