package clobber

import (
	"context"
	"fmt"
	"github.com/tablebase/tablebase/games/internal/parts"
	"slices"
	"strconv"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/internal/par"
	"github.com/tablebase/tablebase/tablebase"
)

// MaxBuildStones is the largest group a build covers: there are 2.3
// million classes of 10 stones, and each stone more multiplies them by
// about seven.
const MaxBuildStones = 11

// Build stores the value of every connected group of at most maxStones
// stones holding stones of both players (each region shape with every
// colouring), once per symmetry class, as an ID into the file's games
// table. A group of one colour has no move and is worth 0. A file of a
// smaller maxStones is grown.
func Build(ctx context.Context, maxStones int, opts build.Options) (build.Summary, error) {
	if maxStones < 1 || maxStones > MaxBuildStones {
		return build.Summary{}, build.Usagef("--max-cells must be between 1 and %d, not %d", MaxBuildStones, maxStones)
	}
	opts = opts.WithDefaults()
	groups := Groups(maxStones)
	sum, err := build.BuildValues(ctx, build.Values[Key]{
		Meta: tablebase.Meta{
			Game:   "clobber",
			Params: map[string]string{"max-cells": strconv.Itoa(maxStones), "chunk": strconv.Itoa(opts.ChunkSize)},
			KeyLen: KeyLen,
		},
		Levels:   maxStones + 1,
		Level:    func(n int, _ []Key) []Key { return groups[n] },
		Reach:    1,
		ParseKey: ParseKey,
		Solve: func(u *cgt.Universe, k Key, value func(Key) cgt.ID) cgt.ID {
			return parts.Value(u, Rules, k.Position(), parts.Keyed(u, Rules, value))
		},
		Layout: &Layout,
		Grow:   []string{"max-cells"},
	}, opts)
	sum.What = fmt.Sprintf("clobber max-cells %d", maxStones)
	return sum, err
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
