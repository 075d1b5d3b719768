// Package heap is the heap search of an impartial placement game
// (HeapSearch): it finds the nim-value of a large region of Cram without
// valuing every component it reaches. Cram's querier values large
// components by it (placement.Searcher), and scripts/cramnim runs it on
// whole boards for days, saving and resuming.
package heap

import "github.com/tablebase/tablebase/internal/region"

// Reduction is what the rules of an impartial game may add: cells whose
// removal, and links between neighbours whose cutting, changes no
// nim-value. The heap search applies it to every position it meets, so
// that it meets fewer positions and smaller parts.
type Reduction interface {
	// Reduce returns the cells of r, which need not be connected, less
	// cells whose removal keeps the nim-value of r, and cells whose link
	// to their right-hand neighbour may be cut: the parts that only such
	// links join are valued apart.
	Reduce(r region.Region) (cells, cut uint64)
}
