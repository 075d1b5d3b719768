package konane

import (
	"slices"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games/internal/parts"
	"github.com/tablebase/tablebase/internal/par"
)

// MaxBuildCells is the largest part a build covers, in cells: each cell
// more multiplies the placements tried by about ten (three contents, and
// about three times the shapes).
const MaxBuildCells = 10

// store is how Konane files hold parts, and the build: every part of at
// most --max-cells cells (each region shape with every placement of
// stones that Position.Parts gives as one part on exactly those cells),
// once per symmetry class, level by level by the number of stones (every
// move removes a stone). A file of a smaller --max-cells is not grown: a
// larger one adds parts to every level, not levels.
var store = parts.Store[Position, Key]{
	Game: "konane", Layout: Layout, Bytes: Key.Bytes,
	Size: Position.Count, Noun: "part",
	KeyLen: KeyLen, ParseKey: ParseKey, MaxCells: MaxBuildCells,
	Unit: "largest part, in cells",
	Levels: func(maxCells int) parts.Levels[Key] {
		levels := Levels(maxCells)
		return func(n int) []Key { return levels[n] }
	},
}

// Levels returns, for n = 0..maxCells, the canonical keys of every part
// of n stones on at most maxCells cells, each level sorted by byte form.
// A part's options are parts of fewer stones on some of its cells, so the
// levels are closed under moves. The shapes are found on all cores.
func Levels(maxCells int) [][]Key {
	shapes := build.Regions(maxCells)
	levels := make([][]Key, maxCells+1)
	for n := 1; n <= maxCells; n++ {
		runs := make([][]Key, par.Workers())
		par.Split(len(shapes[n]), func(w, lo, hi int) {
			seen := map[Key]struct{}{}
			var buf []Position
			digits := make([]byte, n)
			for _, shape := range shapes[n][lo:hi] {
				r := shape.Region()
				cells := make([]uint64, 0, n)
				for b := r.Bits; b != 0; b &= b - 1 {
					cells = append(cells, b&-b)
				}
				clear(digits)
				for {
					p := Position{H: int(r.H), W: int(r.W), Cells: r.Bits}
					for i, d := range digits {
						switch d {
						case 1:
							p.Stones |= cells[i]
							p.Black |= cells[i]
						case 2:
							p.Stones |= cells[i]
						}
					}
					if buf = p.Parts(buf[:0]); len(buf) == 1 && buf[0] == p {
						k, _ := Canonical(p)
						seen[k] = struct{}{}
					}
					i := 0
					for i < n && digits[i] == 2 {
						digits[i] = 0
						i++
					}
					if i == n {
						break
					}
					digits[i]++
				}
			}
			for k := range seen {
				runs[w] = append(runs[w], k)
			}
		})
		for _, run := range runs {
			for _, k := range run {
				s := k.Position().Count()
				levels[s] = append(levels[s], k)
			}
		}
	}
	for s := range levels {
		slices.SortFunc(levels[s], compare)
		levels[s] = slices.Compact(levels[s])
	}
	return levels
}
