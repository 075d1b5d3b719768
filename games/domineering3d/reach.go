package domineering3d

import (
	"cmp"
	"slices"

	"github.com/tablebase/tablebase/internal/bits128"
	"github.com/tablebase/tablebase/internal/par"
)

// Reachable returns, by number of dominoes placed, the canonical boards
// (sets of empty cells, least under the box's symmetries) that arise in
// play from the empty box with all three players still in the game, for
// some turn order (including positions where the player to move is about
// to leave). Each level is sorted and free of repeats. The box has at
// most 64 cells (FileCells), so a board is one word.
func (s *Solver) Reachable() [][]uint64 {
	type st struct {
		empty   uint64
		mover   Player
		reverse bool
	}
	canonical := func(x st) st {
		key, m := s.group.Canonical(bits128.Set{Lo: x.empty})
		return st{key.Lo, Player(m.Player[x.mover]), x.reverse != m.Reverses}
	}
	less := func(a, b st) int {
		if c := cmp.Compare(a.empty, b.empty); c != 0 {
			return c
		}
		if c := cmp.Compare(a.mover, b.mover); c != 0 {
			return c
		}
		if a.reverse == b.reverse {
			return 0
		}
		if !a.reverse {
			return -1
		}
		return 1
	}
	var frontier []st
	for _, o := range Orders {
		frontier = append(frontier, canonical(st{Full(s.box).Empty.Lo, o.First, o.Reverse}))
	}
	slices.SortFunc(frontier, less)
	frontier = slices.Compact(frontier)
	var levels [][]uint64
	for len(frontier) > 0 {
		boards := make([]uint64, len(frontier))
		for i, x := range frontier {
			boards[i] = x.empty
		}
		levels = append(levels, slices.Compact(boards))
		parts := make([][]st, par.Workers())
		par.Split(len(frontier), func(w, lo, hi int) {
			var out []st
			// Children repeat a lot: fold them every so often, so that
			// memory stays near the size of the next level.
			foldAt := 1 << 20
			for _, x := range frontier[lo:hi] {
				if len(out) >= foldAt {
					slices.SortFunc(out, less)
					out = slices.Compact(out)
					foldAt = max(foldAt, 2*len(out))
				}
				next := next(x.mover, x.reverse)
				empty := bits128.Set{Lo: x.empty}
				for mv := s.Moves(empty, x.mover); !mv.Empty(); mv = mv.WithoutLow() {
					after := s.Play(empty, x.mover, mv.Low())
					out = append(out, canonical(st{after.Lo, next, x.reverse}))
				}
			}
			slices.SortFunc(out, less)
			parts[w] = slices.Compact(out)
		})
		frontier = slices.Concat(parts...)
		slices.SortFunc(frontier, less)
		frontier = slices.Compact(frontier)
	}
	return levels
}
