package clobber

import (
	"slices"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games/internal/parts"
	"github.com/tablebase/tablebase/internal/par"
)

// MaxBuildStones is the largest group a build covers: there are 2.3
// million classes of 10 stones, and each stone more multiplies them by
// about seven.
const MaxBuildStones = 11

// store is how Clobber files hold groups, and the build: every
// connected group of at most --max-cells stones holding stones of both
// players (each region shape with every colouring), once per symmetry
// class, level n the groups of n stones. A group of one colour has no
// move and is worth 0. A file of a smaller --max-cells is grown.
var store = parts.Store[Position, Key]{
	Game: "clobber", Layout: Layout, Bytes: Key.Bytes,
	Size: Position.Cells, Noun: "group",
	KeyLen: KeyLen, ParseKey: ParseKey, MaxCells: MaxBuildStones, Grows: true,
	Unit: "largest group, in stones",
	Levels: func(maxStones int) parts.Levels[Key] {
		groups := Groups(maxStones)
		return func(n int) []Key { return groups[n] }
	},
}

// Groups returns, for n = 0..maxStones, the canonical keys of every
// connected group of n stones with stones of both players, each level
// sorted by byte form. Each level is found on all cores.
func Groups(maxStones int) [][]Key {
	shapes := build.Regions(maxStones)
	levels := make([][]Key, maxStones+1)
	for n := 2; n <= maxStones; n++ {
		runs := make([][]Key, par.Workers())
		par.Split(len(shapes[n]), func(w, lo, hi int) {
			seen := map[Key]struct{}{}
			for _, shape := range shapes[n][lo:hi] {
				r := shape.Region()
				for c := uint64(1); c < 1<<n-1; c++ {
					k, _ := Canonical(Position{H: int(r.H), W: int(r.W), Stones: r.Bits, Black: deposit(c, r.Bits)})
					seen[k] = struct{}{}
				}
			}
			for k := range seen {
				runs[w] = append(runs[w], k)
			}
		})
		level := slices.Concat(runs...)
		// One level's keys have as many stones each, so their byte order is
		// that of height, width, stones and Left's stones.
		slices.SortFunc(level, func(a, b Key) int {
			if a == b {
				return 0
			}
			if a.less(b) {
				return -1
			}
			return 1
		})
		levels[n] = slices.Compact(level)
	}
	return levels
}

// deposit spreads the low bits of c over the set bits of mask, lowest
// first.
func deposit(c, mask uint64) uint64 {
	var out uint64
	for b := mask; b != 0 && c != 0; b &= b - 1 {
		if c&1 != 0 {
			out |= b & -b
		}
		c >>= 1
	}
	return out
}
