package toadsfrogs

import (
	"math/bits"
	"slices"

	"github.com/tablebase/tablebase/games/internal/parts"
	"github.com/tablebase/tablebase/internal/par"
	"github.com/tablebase/tablebase/tablebase"
)

// MaxBuildCells is the longest part a build covers: a build of n cells
// looks at all 3^n strips of n cells.
const MaxBuildCells = 16

// DefaultBuildCells is the build's --max-cells when none is given.
const DefaultBuildCells = 12

// store is how Toads and Frogs files hold parts, and the build: every
// part of at most --max-cells cells (every strip of that length, with
// every placement of toads, frogs and empty cells, that does not fall
// into smaller parts), once per mirror class, level n the parts of n
// cells. A move keeps a strip's length, so an option of a part of n
// cells may be a part of n cells again: those are valued within the
// level, each with fewer moves left than the part it is an option of. A
// file of a smaller --max-cells is grown.
var store = parts.Store[Strip, Key]{
	Game: "toads-and-frogs", Layout: Layout, Bytes: Key.Bytes,
	Size: func(s Strip) int { return int(s.N) }, Noun: "part",
	KeyLen: KeyLen, ParseKey: ParseKey, MaxCells: MaxBuildCells, Default: DefaultBuildCells, Grows: true,
	Unit:      "longest part, in cells",
	Levels:    func(int) parts.Levels[Key] { return Level },
	SameLevel: func(option, k Key) bool { return option.N == k.N },
}

// Level returns the keys of every part of n cells, sorted by byte form:
// the strips of n cells with a piece and no frozen piece that are not
// greater than their mirror image. It looks at all 3^n strips on all
// cores.
func Level(n int) []Key {
	if n < 1 || n > MaxCells {
		return nil
	}
	all := uint64(1)<<n - 1
	runs := make([][]Key, par.Workers())
	par.Split(1<<n, func(w, lo, hi int) {
		for t := uint64(lo); t < uint64(hi); t++ {
			rest := all &^ t
			for f := rest; ; f = (f - 1) & rest {
				if s := (Strip{N: uint8(n), Toads: t, Frogs: f}); t|f != 0 && s.Frozen() == 0 {
					if k := Key(s); !Key(s.Mirror()).less(k) {
						runs[w] = append(runs[w], k)
					}
				}
				if f == 0 {
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
// parts of n cells) split by its numbers of toads and frogs.
var Layout = tablebase.Layout{Name: "toads-and-frogs parts by toads and frogs", Part: toadsAndFrogs}

// toadsAndFrogs returns the toads << 8 | the frogs of a key.
func toadsAndFrogs(key []byte) uint32 {
	k, ok := ParseKey(key)
	if !ok {
		return 0
	}
	return uint32(bits.OnesCount64(k.Toads))<<8 | uint32(bits.OnesCount64(k.Frogs))
}
