// Package build is the retrograde builder: it solves every position of a
// game family bottom-up, smallest first, on all cores, and commits the
// answers to a tablebase file chunk by chunk so that a killed build resumes
// where it stopped.
package build

import (
	"math/bits"
	"slices"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/internal/par"
	"github.com/tablebase/tablebase/internal/region"
)

// MaxRegionCells is the largest region size a build covers: every
// connected region of up to 15 cells fits in 64 cells of bounding box.
const MaxRegionCells = 15

// Regions returns, for n = 1..maxCells, the canonical keys of all
// orthogonally connected regions of n cells (free polyominoes, holes
// allowed), each level sorted by byte form (Key.Bytes). Each level is grown
// from the one below on all cores.
func Regions(maxCells int) [][]canon.Key {
	levels := make([][]canon.Key, maxCells+1)
	if maxCells < 1 {
		return levels
	}
	levels[1] = []canon.Key{{H: 1, W: 1, Bits: 1}}
	for n := 2; n <= maxCells; n++ {
		prev := levels[n-1]
		runs := make([][]canon.Key, par.Workers())
		par.Split(len(prev), func(w, lo, hi int) {
			seen := make(map[canon.Key]struct{}, (hi-lo)*4)
			for _, k := range prev[lo:hi] {
				grow(k.Region(), func(r region.Region) {
					key, _ := canon.Canonical(r)
					seen[key] = struct{}{}
				})
			}
			run := make([]canon.Key, 0, len(seen))
			for k := range seen {
				run = append(run, k)
			}
			slices.SortFunc(run, canon.Compare)
			runs[w] = run
		})
		level := runs[0]
		for _, run := range runs[1:] {
			level = mergeUnique(level, run)
		}
		levels[n] = level
	}
	return levels
}

// mergeUnique merges two sorted lists of keys, dropping repeats.
func mergeUnique(a, b []canon.Key) []canon.Key {
	out := make([]canon.Key, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		switch c := canon.Compare(a[0], b[0]); {
		case c < 0:
			out, a = append(out, a[0]), a[1:]
		case c > 0:
			out, b = append(out, b[0]), b[1:]
		default:
			out, a, b = append(out, a[0]), a[1:], b[1:]
		}
	}
	return append(append(out, a...), b...)
}

// grow calls fn with every region made by adding one cell next to r.
func grow(r region.Region, fn func(region.Region)) {
	h, w := int(r.H), int(r.W)
	var cells [][2]int
	for b := r.Bits; b != 0; b &= b - 1 {
		i := bits.TrailingZeros64(b)
		cells = append(cells, [2]int{i / w, i % w})
	}
	for _, c := range cells {
		for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			nr, nc := c[0]+d[0], c[1]+d[1]
			if nr >= 0 && nr < h && nc >= 0 && nc < w && r.Has(nr, nc) {
				continue
			}
			r0, c0 := min(0, nr), min(0, nc)
			nh, nw := max(h, nr+1)-r0, max(w, nc+1)-c0
			if nh*nw > region.MaxCells {
				continue
			}
			out := region.Region{H: uint8(nh), W: uint8(nw)}
			out.Bits = 1 << ((nr-r0)*nw + nc - c0)
			for _, x := range cells {
				out.Bits |= 1 << ((x[0]-r0)*nw + x[1] - c0)
			}
			fn(out)
		}
	}
}
