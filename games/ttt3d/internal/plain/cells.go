package plain

import (
	"math/bits"
	"math/rand/v2"

	"github.com/tablebase/tablebase/games/ttt3d/rules"
)

// RandomCells returns n random cells of the 4x4x4 board outside taken.
func RandomCells(rng *rand.Rand, taken uint64, n int) uint64 {
	var s uint64
	for rules.Count(s) < n {
		if c := rng.IntN(64); (taken|s)>>c&1 == 0 {
			s |= 1 << c
		}
	}
	return s
}

// Diagonals returns the 16 cells of the four main diagonals of the 4x4x4
// board.
func Diagonals() uint64 {
	var d uint64
	for i := range 4 {
		for _, c := range [][3]int{{i, i, i}, {i, i, 3 - i}, {i, 3 - i, i}, {3 - i, i, i}} {
			d |= 1 << ((c[0]*4+c[1])*4 + c[2])
		}
	}
	return d
}

// RandomPosition plays random moves from a board with random blocked
// cells until empty cells are left (or the game ends first, then it tries
// again), so that the position is reachable and unfinished.
func RandomPosition(r *rand.Rand, b *rules.Board, blocked, empty int) rules.Position {
	for {
		p := rules.Empty(b, 0)
		for _, c := range r.Perm(b.Cells)[:blocked] {
			p.Blocked |= 1 << c
		}
		ok := true
		for rules.Count(p.EmptyCells()) > empty && ok {
			e := p.EmptyCells()
			for range r.IntN(bits.OnesCount64(e)) {
				e &= e - 1 // the empty cells from the chosen one up
			}
			p = p.Play(bits.TrailingZeros64(e))
			ok = !p.Finished()
		}
		if ok {
			return p
		}
	}
}
