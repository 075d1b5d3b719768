package synchronized

import (
	"math/bits"
	"slices"

	"github.com/tablebase/tablebase/canon"
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
			for _, key := range frontier[lo:hi] {
				r := key.Region()
				vm, hm := v.Moves(r, Vertical), v.Moves(r, Horizontal)
				if vm == 0 || hm == 0 {
					continue
				}
				for a := vm; a != 0; a &= a - 1 {
					after := r.Bits &^ v.Piece(r, Vertical, bits.TrailingZeros64(a))
					for b := hm; b != 0; b &= b - 1 {
						next := r.With(after &^ v.Piece(r, Horizontal, bits.TrailingZeros64(b)))
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
