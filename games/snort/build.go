package snort

import (
	"slices"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/games/internal/parts"
	"github.com/tablebase/tablebase/internal/par"
	"github.com/tablebase/tablebase/internal/region"
)

// MaxBuildCells is the largest group a build covers: each cell has three
// tags (both players, Left only, Right only), and a region shape is
// mostly kept by no symmetry but the tags' swap, so a level of n cells
// holds about 3^n/2 classes a shape: 1.1 million of 8 cells, 12.2
// million of 9, 135 million of 10 (Count).
const MaxBuildCells = 9

// storeOf is how files of rule's game hold groups, and the build: the
// value under rule of every connected group of at most --max-cells cells
// (each region shape with every tagging), once per symmetry class, level
// n the groups of n cells. A file of a smaller --max-cells is grown.
func storeOf(rule Rule) parts.Store[State, Key] {
	return parts.Store[State, Key]{
		Game: nameOf(rule), Layout: Layout, Bytes: Key.Bytes,
		Size: State.Cells, Noun: "group",
		KeyLen: KeyLen, ParseKey: ParseKey, MaxCells: MaxBuildCells, Grows: true,
		Unit: "largest group, in empty cells",
		Levels: func(maxCells int) parts.Levels[Key] {
			shapes := build.Regions(maxCells)
			return func(n int) []Key { return Level(shapes[n]) }
		},
	}
}

// Levels returns, for n = 0..maxCells, the keys of every group of n
// cells (Level).
func Levels(maxCells int) [][]Key {
	shapes := build.Regions(maxCells)
	levels := make([][]Key, maxCells+1)
	for n := 1; n <= maxCells; n++ {
		levels[n] = Level(shapes[n])
	}
	return levels
}

// Level returns the canonical keys of every tagging of the region shapes
// (the canonical regions of one number of cells, build.Regions), sorted
// by byte form, found on all cores. A shape is its own canonical region,
// so the keys of its taggings have its frame and cells, and a tagging is
// a key when no symmetry keeping the shape, with or without the tags
// swapped, takes it to a smaller one.
func Level(shapes []canon.Key) []Key {
	runs := make([][]Key, par.Workers())
	par.Split(len(shapes), func(w, lo, hi int) {
		for _, shape := range shapes[lo:hi] {
			runs[w] = taggings(shape.Region(), runs[w])
		}
	})
	level := slices.Concat(runs...)
	slices.SortFunc(level, compareBytes)
	return level
}

// taggings appends to dst the keys of the taggings of a canonical region.
func taggings(r region.Region, dst []Key) []Key {
	n := r.Cells()
	cells := make([]uint64, 0, n)
	for b := r.Bits; b != 0; b &= b - 1 {
		cells = append(cells, b&-b)
	}
	// perms[s][i] is the image of cell i under the s-th symmetry that
	// keeps the region.
	var perms [][]uint64
	for sym := canon.Symmetry(0); sym < 8; sym++ {
		if img := sym.Apply(r); img != r || sym == 0 {
			continue
		}
		p := make([]uint64, n)
		for i, c := range cells {
			p[i] = sym.Apply(r.With(c)).Bits
		}
		perms = append(perms, p)
	}
	image := func(p []uint64, set uint64) uint64 {
		var out uint64
		for i, c := range cells {
			if set&c != 0 {
				out |= p[i]
			}
		}
		return out
	}
	tags := make([]uint8, n) // 0 both, 1 Left only, 2 Right only
	for {
		var l, rr uint64
		for i, c := range cells {
			if tags[i] != 2 {
				l |= c
			}
			if tags[i] != 1 {
				rr |= c
			}
		}
		least := !tagLess(rr, l, l, rr)
		for _, p := range perms {
			if !least {
				break
			}
			il, ir := image(p, l), image(p, rr)
			least = !tagLess(il, ir, l, rr) && !tagLess(ir, il, l, rr)
		}
		if least {
			dst = append(dst, Key{H: r.H, W: r.W, L: l, R: rr})
		}
		i := 0
		for i < n && tags[i] == 2 {
			tags[i] = 0
			i++
		}
		if i == n {
			return dst
		}
		tags[i]++
	}
}

// Count returns the number of keys of each level up to maxCells without
// holding them.
func Count(maxCells int) []int {
	shapes := build.Regions(maxCells)
	counts := make([]int, maxCells+1)
	for n := 1; n <= maxCells; n++ {
		c := make([]int, par.Workers())
		par.Split(len(shapes[n]), func(w, lo, hi int) {
			var buf []Key
			for _, shape := range shapes[n][lo:hi] {
				buf = taggings(shape.Region(), buf[:0])
				c[w] += len(buf)
			}
		})
		for _, x := range c {
			counts[n] += x
		}
	}
	return counts
}
