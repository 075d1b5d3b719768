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

// MaxRegionCells is the largest region size a build covers. Region
// levels hold the connected regions whose bounding box has at most 64
// cells: every region a board of the tools can hold. Up to 15 cells that
// is every connected region; from 16 cells on, the stretched ones (a
// 16-cell staircase needs a box of 8x9) are left out, and the moves of a
// region kept never lead to one left out (a component lies in its
// parent's box).
const MaxRegionCells = 18

// Regions returns, for n = 1..maxCells, the canonical keys of the regions
// of n cells (connected, holes allowed, bounding box of at most 64 cells),
// each level sorted by byte form (Key.Bytes). It holds every level at once:
// builds of large levels use GrowRegions level by level.
func Regions(maxCells int) [][]canon.Key {
	levels := make([][]canon.Key, maxCells+1)
	for n := 1; n <= maxCells; n++ {
		levels[n] = GrowRegions(n, levels[n-1])
	}
	return levels
}

// GrowRegions returns the canonical keys of the regions of n cells, sorted
// by byte form, given those of n-1 cells (ignored for n <= 1). Each region
// is made once, from its canonical parent (parentKey), so that no set of
// every candidate is held: the level is grown on all cores and its runs
// merged.
func GrowRegions(n int, below []canon.Key) []canon.Key {
	switch {
	case n < 1:
		return nil
	case n == 1:
		return []canon.Key{{H: 1, W: 1, Bits: 1}}
	}
	runs := make([][]canon.Key, par.Workers())
	par.Split(len(below), func(w, lo, hi int) {
		var run, children []canon.Key
		for _, parent := range below[lo:hi] {
			children = children[:0]
			Grow(parent.Region(), Sides, func(r region.Region) {
				key, _ := canon.Canonical(r)
				if !slices.Contains(children, key) {
					children = append(children, key)
				}
			})
			for _, c := range children {
				if parentKey(c.Region()) == parent {
					run = append(run, c)
				}
			}
		}
		slices.SortFunc(run, canon.Compare)
		runs[w] = run
	})
	level := runs[0]
	for _, run := range runs[1:] {
		level = mergeUnique(level, run)
	}
	return level
}

// parentKey returns the canonical parent of a canonical region of at least
// two cells: the canonical key of the region left when its highest cell
// whose removal keeps it connected is removed. Such a cell always exists
// (a leaf of a spanning tree), and the key depends only on the class.
func parentKey(c region.Region) canon.Key {
	for rest := c.Bits; ; {
		cell := uint64(1) << (63 - bits.LeadingZeros64(rest))
		rest &^= cell
		if r := c.With(c.Bits &^ cell); r.Connected() {
			key, _ := canon.Canonical(r.Crop())
			return key
		}
	}
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

// Sides and Corners are the steps to a cell's neighbours: those across a
// side, and across a side or a corner.
var (
	Sides   = [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}
	Corners = [][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}
)

// Grow calls fn with every region made by adding to r one cell next to
// one of its cells (a step of near away: Sides or Corners), in the frame
// that holds them both, whose bounding box stays within 64 cells.
func Grow(r region.Region, near [][2]int, fn func(region.Region)) {
	h, w := int(r.H), int(r.W)
	var buf [region.MaxCells][2]int
	cells := buf[:0]
	for b := r.Bits; b != 0; b &= b - 1 {
		i := bits.TrailingZeros64(b)
		cells = append(cells, [2]int{i / w, i % w})
	}
	for _, c := range cells {
		for _, d := range near {
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
