package toppling

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
	"strconv"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/games/internal/parts"
	"github.com/tablebase/tablebase/internal/par"
	"github.com/tablebase/tablebase/tablebase"
)

// MaxBuildCells is the longest row a build covers: a build of n looks at
// all 3^n colourings of n dominoes, and keeps about a quarter of them.
const MaxBuildCells = 16

// DefaultBuildCells is the build's --max-cells when none is given.
const DefaultBuildCells = 12

// Build stores the value of every row of at most maxCells dominoes (every
// colouring), once per class of its four images, as an ID into the
// file's games table. Level n holds the rows of n dominoes; every option
// of a row is a shorter row. A file of a smaller maxCells is grown.
func Build(ctx context.Context, maxCells int, opts build.Options) (build.Summary, error) {
	if maxCells < 1 || maxCells > MaxBuildCells {
		return build.Summary{}, build.Usagef("--max-cells must be between 1 and %d, not %d", MaxBuildCells, maxCells)
	}
	opts = opts.WithDefaults()
	sum, err := build.BuildValues(ctx, build.Values[Key]{
		Meta: tablebase.Meta{
			Game:   "toppling-dominoes",
			Params: map[string]string{"max-cells": strconv.Itoa(maxCells), "chunk": strconv.Itoa(opts.ChunkSize)},
			KeyLen: KeyLen,
		},
		Levels:   maxCells + 1,
		Level:    func(n int, _ []Key) []Key { return Level(n) },
		Reach:    1,
		ParseKey: ParseKey,
		Solve: func(u *cgt.Universe, k Key, value func(Key) cgt.ID) cgt.ID {
			return parts.Value(u, Rules, k.Row(), parts.Keyed(u, Rules, value))
		},
		Layout: &Layout,
		Grow:   []string{"max-cells"},
	}, opts)
	sum.What = fmt.Sprintf("toppling-dominoes max-cells %d", maxCells)
	return sum, err
}

// Level returns the keys of every row of n dominoes, sorted by byte form:
// the colourings that are the least of their four images. It looks at
// all 3^n colourings on all cores.
func Level(n int) []Key {
	if n < 1 || n > MaxCells {
		return nil
	}
	all := mask(n)
	runs := make([][]Key, par.Workers())
	par.Split(1<<n, func(w, lo, hi int) {
		for b := uint32(lo); b < uint32(hi); b++ {
			rest := all &^ b
			for r := rest; ; r = (r - 1) & rest {
				if k := (Key{N: uint8(n), Blue: b, Red: r}); func() bool { c, _ := Canonical(k.Row()); return c == k }() {
					runs[w] = append(runs[w], k)
				}
				if r == 0 {
					break
				}
			}
		}
	})
	level := slices.Concat(runs...)
	slices.SortFunc(level, func(a, b Key) int {
		if a == b {
			return 0
		}
		if a.less(b) {
			return -1
		}
		return 1
	})
	return level
}

// Layout is how a file's compact levels are laid out: each level (the
// rows of n dominoes) split by its numbers of blue and red dominoes.
var Layout = tablebase.Layout{Name: "toppling-dominoes rows by blue and red", Part: blueAndRed}

// blueAndRed returns the blue dominoes << 8 | the red ones of a key.
func blueAndRed(key []byte) uint32 {
	k, ok := ParseKey(key)
	if !ok {
		return 0
	}
	return uint32(bits.OnesCount32(k.Blue))<<8 | uint32(bits.OnesCount32(k.Red))
}
