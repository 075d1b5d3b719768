package plain

import (
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
