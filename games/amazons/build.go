package amazons

import (
	"encoding/binary"
	"math/bits"
	"slices"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/games/internal/parts"
	"github.com/tablebase/tablebase/internal/par"
	"github.com/tablebase/tablebase/internal/region"
	"github.com/tablebase/tablebase/tablebase"
)

// MaxBuildCells is the largest part a build covers: there are 18,770
// shapes of 8 cells, each with up to 3^8 placements of amazons, about
// 7.5 million classes; 9 cells would be twenty times more.
const MaxBuildCells = 8

// DefaultBuildCells is the build's --max-cells when none is given.
const DefaultBuildCells = 7

// store is how Amazons files hold parts, and the build: every part of at
// most --max-cells cells (each 8-connected shape with every placement of
// amazons that holds at least one), once per symmetry class, level n the
// parts of n cells; a move burns a cell, so its parts lie in lower
// levels. A file of a smaller --max-cells is grown.
var store = parts.Store[Position, Key]{
	Game: "amazons", Layout: Layout, Bytes: Key.Bytes,
	Size: Position.Size, Noun: "part",
	KeyLen: KeyLen, ParseKey: ParseKey, MaxCells: MaxBuildCells, Default: DefaultBuildCells, Grows: true,
	Unit: "largest part, in cells not burnt",
	Levels: func(maxCells int) parts.Levels[Key] {
		shapes := Shapes(maxCells)
		return func(n int) []Key { return Level(shapes[n]) }
	},
}

// KeyLen is the length of a key's byte form.
const KeyLen = 27

// Bytes encodes the key for storage: its cells' number, height, width,
// then the cells, Left's amazons and Right's, big-endian, so that the
// keys of one level sort as Key.less orders them.
func (k Key) Bytes() []byte {
	b := []byte{byte(bits.OnesCount64(k.Cells)), k.H, k.W}
	b = binary.BigEndian.AppendUint64(b, k.Cells)
	b = binary.BigEndian.AppendUint64(b, k.L)
	return binary.BigEndian.AppendUint64(b, k.R)
}

// ParseKey decodes Bytes.
func ParseKey(b []byte) (Key, bool) {
	if len(b) != KeyLen {
		return Key{}, false
	}
	k := Key{H: b[1], W: b[2], Cells: binary.BigEndian.Uint64(b[3:]), L: binary.BigEndian.Uint64(b[11:]), R: binary.BigEndian.Uint64(b[19:])}
	n := int(k.H) * int(k.W)
	ok := int(b[0]) == bits.OnesCount64(k.Cells) && k.H > 0 && k.W > 0 && n <= region.MaxCells &&
		(n == region.MaxCells || k.Cells>>n == 0) && k.L&^k.Cells == 0 && k.R&^k.Cells == 0 && k.L&k.R == 0
	return k, ok
}

// Shapes returns, for n = 1..maxCells, the canonical keys of the
// 8-connected shapes of n cells (cells that touch at a side or a corner,
// as queen lines join them), each level sorted by canon.Compare.
func Shapes(maxCells int) [][]canon.Key {
	levels := make([][]canon.Key, maxCells+1)
	if maxCells >= 1 {
		levels[1] = []canon.Key{{H: 1, W: 1, Bits: 1}}
	}
	for n := 2; n <= maxCells; n++ {
		seen := map[canon.Key]struct{}{}
		for _, parent := range levels[n-1] {
			build.Grow(parent.Region(), build.Corners, func(child region.Region) {
				k, _ := canon.Canonical(child)
				seen[k] = struct{}{}
			})
		}
		for k := range seen {
			levels[n] = append(levels[n], k)
		}
		slices.SortFunc(levels[n], canon.Compare)
	}
	return levels
}

// Level returns the keys of every part on the given shapes (each shape
// with every placement of amazons holding at least one), sorted by byte
// form, found on all cores.
func Level(shapes []canon.Key) []Key {
	runs := make([][]Key, par.Workers())
	par.Split(len(shapes), func(w, lo, hi int) {
		seen := map[Key]struct{}{}
		for _, shape := range shapes[lo:hi] {
			r := shape.Region()
			var cells []uint64
			for b := r.Bits; b != 0; b &= b - 1 {
				cells = append(cells, b&-b)
			}
			digits := make([]byte, len(cells)) // 0 empty, 1 Left's, 2 Right's
			for {
				p := Position{H: int(r.H), W: int(r.W), Cells: r.Bits}
				for i, d := range digits {
					switch d {
					case 1:
						p.L |= cells[i]
					case 2:
						p.R |= cells[i]
					}
				}
				if p.L|p.R != 0 {
					k, _ := Canonical(p)
					seen[k] = struct{}{}
				}
				i := 0
				for i < len(digits) && digits[i] == 2 {
					digits[i] = 0
					i++
				}
				if i == len(digits) {
					break
				}
				digits[i]++
			}
		}
		for k := range seen {
			runs[w] = append(runs[w], k)
		}
	})
	level := slices.Concat(runs...)
	slices.SortFunc(level, func(a, b Key) int {
		switch {
		case a == b:
			return 0
		case a.less(b):
			return -1
		}
		return 1
	})
	return slices.Compact(level)
}

// Layout is how an Amazons file's compact levels are laid out: each
// level (the parts of n cells) split by the numbers of Left's and Right's
// amazons.
var Layout = tablebase.Layout{Name: "amazons parts by amazons", Part: amazonsOf}

// amazonsOf returns Left's amazons << 8 | Right's of a key.
func amazonsOf(key []byte) uint32 {
	k, ok := ParseKey(key)
	if !ok {
		return 0
	}
	return uint32(bits.OnesCount64(k.L))<<8 | uint32(bits.OnesCount64(k.R))
}
