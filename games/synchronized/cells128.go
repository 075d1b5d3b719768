package synchronized

import (
	"github.com/tablebase/tablebase/internal/bits128"
	"github.com/tablebase/tablebase/internal/ttable"
)

//go:generate go run ../../internal/genwide/cmd -from github.com/tablebase/tablebase/internal/bits128 -to github.com/tablebase/tablebase/internal/bitsw -prefix wide -adapters cells128.go geometry.go:wide_geometry_gen.go bounds.go:wide_bounds_gen.go search.go:wide_search_gen.go
//go:generate go run ../../internal/genwide/cmd -from github.com/tablebase/tablebase/internal/bits128 -to github.com/tablebase/tablebase/internal/bits192 -prefix mid -adapters cells128.go geometry.go:mid_geometry_gen.go bounds.go:mid_bounds_gen.go search.go:mid_search_gen.go

// What the fast path (geometry.go, bounds.go, search.go) needs that
// differs by the size of its sets: the board's cells as a set, and the
// table. mid.go and wide.go give the same for the code of boards of 129
// to 192 cells and for that of larger boards.

// table is the transposition table of the fast path.
type table = ttable.Wide

// tableOf returns s's table for the fast path, for a search of b.
func tableOf(s *Solver, b Board) *table { return s.tt.of(s.tableBits, int(b.H)*int(b.W)) }

// cellsOf returns the empty cells of b, a board of up to 128 cells.
func cellsOf(b Board) bits128.Set { return bits128.Set{Lo: b.Cells.A, Hi: b.Cells.B} }

// lookup returns the result stored for a canonical key and tag, if any.
func lookup(t *table, key bits128.Set, tag uint32) (uint32, bool) { return t.Get(key.Lo, key.Hi, tag) }

// store keeps a result for a canonical key and tag, found by a search of
// the given work.
func store(t *table, key bits128.Set, tag, result, work uint32) {
	t.Put(key.Lo, key.Hi, tag, result, work)
}
