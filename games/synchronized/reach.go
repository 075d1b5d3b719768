package synchronized

import (
	"math/bits"
	"slices"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/internal/bits128"
	"github.com/tablebase/tablebase/internal/par"
	"github.com/tablebase/tablebase/internal/region"
)

// Reachable returns every position reachable in play from the empty
// r x c board, as canonical keys of the cropped board (one per symmetry
// class), grouped by number of empty cells: levels[n] lists those with n
// empty cells, sorted. Play stops once a player cannot move, so positions
// where someone is stuck are included but not played on.
func (v Variant) Reachable(h, w int) [][]canon.Key {
	start, _ := canon.Canonical(region.Full(h, w).Crop())
	frontier := []canon.Key{start}
	seen := map[canon.Key]struct{}{start: {}}
	for len(frontier) > 0 {
		parts := make([][]canon.Key, par.Workers())
		par.Split(len(frontier), func(w, lo, hi int) {
			var out []canon.Key
			geometries := map[[2]uint8]*geometry{} // by cropped shape
			for _, key := range frontier[lo:hi] {
				r := key.Region()
				g := geometries[[2]uint8{r.H, r.W}]
				if g == nil {
					g = newGeometry(v, int(r.H), int(r.W))
					geometries[[2]uint8{r.H, r.W}] = g
				}
				e := bits128.Of(r.Bits)
				vm, hm := g.moves(v, e, Vertical), g.moves(v, e, Horizontal)
				if vm.Empty() || hm.Empty() {
					continue
				}
				for a := vm; !a.Empty(); a = a.WithoutLow() {
					after := e.AndNot(g.pieceAt(Vertical, a.Low()))
					for b := hm; !b.Empty(); b = b.WithoutLow() {
						next := r.With(after.AndNot(g.pieceAt(Horizontal, b.Low())).Word())
						if next.Bits == 0 {
							next = region.Region{}
						} else {
							next = next.Crop()
						}
						nk, _ := canon.Canonical(next)
						out = append(out, nk)
					}
				}
			}
			slices.SortFunc(out, canon.Compare)
			parts[w] = slices.Compact(out)
		})
		frontier = frontier[:0]
		for _, part := range parts {
			for _, k := range part {
				if _, ok := seen[k]; !ok {
					seen[k] = struct{}{}
					frontier = append(frontier, k)
				}
			}
		}
	}
	levels := make([][]canon.Key, h*w+1)
	for k := range seen {
		n := bits.OnesCount64(k.Bits)
		levels[n] = append(levels[n], k)
	}
	for _, l := range levels {
		slices.SortFunc(l, canon.Compare)
	}
	return levels
}
