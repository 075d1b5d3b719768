package toppling

import (
	"math/bits"
	"slices"

	"github.com/tablebase/tablebase/games/internal/parts"
	"github.com/tablebase/tablebase/internal/par"
	"github.com/tablebase/tablebase/tablebase"
)

// MaxBuildCells is the longest row a build covers: a build of n looks at
// all 3^n colourings of n dominoes, and keeps about a quarter of them.
const MaxBuildCells = 16

// DefaultBuildCells is the build's --max-cells when none is given.
const DefaultBuildCells = 12

// store is how Toppling Dominoes files hold rows, and the build: every
// row of at most --max-cells dominoes (every colouring), once per class
// of its four images, level n the rows of n dominoes; every option of a
// row is a shorter row. A file of a smaller --max-cells is grown.
var store = parts.Store[Line, Key]{
	Game: "toppling-dominoes", Layout: Layout, Bytes: Key.Bytes,
	Size: func(r Line) int { return int(r.N) }, Noun: "row",
	KeyLen: KeyLen, ParseKey: ParseKey, MaxCells: MaxBuildCells, Default: DefaultBuildCells, Grows: true,
	Unit:   "longest row, in dominoes",
	Levels: func(int) parts.Levels[Key] { return Level },
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
