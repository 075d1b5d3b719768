package konane

import (
	"context"
	"fmt"
	"slices"
	"strconv"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/games/internal/parts"
	"github.com/tablebase/tablebase/internal/par"
	"github.com/tablebase/tablebase/tablebase"
)

// MaxBuildCells is the largest part a build covers, in cells: each cell
// more multiplies the placements tried by about ten (three contents, and
// about three times the shapes).
const MaxBuildCells = 10

// Build stores the value of every part of at most maxCells cells (each
// region shape with every placement of stones that Position.Parts gives
// as one part on exactly those cells), once per symmetry class, as an ID
// into the file's games table, level by level by the number of stones
// (every move removes a stone). A file of a smaller maxCells is not
// grown: a larger maxCells adds parts to every level, not levels.
func Build(ctx context.Context, maxCells int, opts build.Options) (build.Summary, error) {
	if maxCells < 1 || maxCells > MaxBuildCells {
		return build.Summary{}, build.Usagef("--max-cells must be between 1 and %d, not %d", MaxBuildCells, maxCells)
	}
	opts = opts.WithDefaults()
	levels := Levels(maxCells)
	sum, err := build.BuildValues(ctx, build.Values[Key]{
		Meta: tablebase.Meta{
			Game:   "konane",
			Params: map[string]string{"max-cells": strconv.Itoa(maxCells), "chunk": strconv.Itoa(opts.ChunkSize)},
			KeyLen: KeyLen,
		},
		Levels:   maxCells + 1,
		Level:    func(n int, _ []Key) []Key { return levels[n] },
		Reach:    1,
		ParseKey: ParseKey,
		Solve: func(u *cgt.Universe, k Key, value func(Key) cgt.ID) cgt.ID {
			return parts.Value(u, Rules, k.Position(), parts.Keyed(u, Rules, value))
		},
		Layout: &Layout,
	}, opts)
	sum.What = fmt.Sprintf("konane max-cells %d", maxCells)
	return sum, err
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
