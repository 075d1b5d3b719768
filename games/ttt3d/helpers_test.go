package ttt3d

import (
	"math/rand/v2"
	"slices"

	"github.com/tablebase/tablebase/games/ttt3d/rules"
)

// The helpers below are those of the tests of games/ttt3d/solve that the
// tests of the querier and the tasks game use too: test files do not
// cross packages.

// diagonals returns the 16 cells of the four main diagonals of the 4x4x4
// board.
func diagonals() uint64 {
	var d uint64
	for i := range 4 {
		for _, c := range [][3]int{{i, i, i}, {i, i, 3 - i}, {i, 3 - i, i}, {3 - i, i, i}} {
			d |= 1 << ((c[0]*4+c[1])*4 + c[2])
		}
	}
	return d
}

// randomCells returns n random cells of the 4x4x4 board outside taken.
func randomCells(rng *rand.Rand, taken uint64, n int) uint64 {
	var s uint64
	for rules.Count(s) < n {
		if c := rng.IntN(64); (taken|s)>>c&1 == 0 {
			s |= 1 << c
		}
	}
	return s
}

// proofLines lists the lines of the 4x4x4 board from the rules alone:
// four cells in a row along any of the 13 directions, the cell at (layer,
// row, column) numbered (layer*4 + row)*4 + column. It shares nothing with
// the package's board.
func proofLines() [][4]int {
	var lines [][4]int
	seen := map[[4]int]bool{}
	in := func(v int) bool { return v >= 0 && v < 4 }
	for start := range 64 {
		l0, r0, c0 := start/16, start/4%4, start%4
		for d := range 27 {
			dl, dr, dc := d/9-1, d/3%3-1, d%3-1
			if d == 13 || !in(l0+3*dl) || !in(r0+3*dr) || !in(c0+3*dc) {
				continue // no direction, or off the board
			}
			var line [4]int
			for i := range 4 {
				line[i] = ((l0+i*dl)*4+r0+i*dr)*4 + c0 + i*dc
			}
			slices.Sort(line[:])
			if !seen[line] {
				seen[line] = true
				lines = append(lines, line)
			}
		}
	}
	return lines
}

// plainPatternResult plays every game on the free cells of a pattern of
// blocked cells by plain minimax (lines from proofLines, a memo of the
// positions met), from the stones of the side to move (me) and of the
// other: 1 if the side to move wins, 0 for a draw, -1 if it loses.
func plainPatternResult(free, me, other uint64) int {
	var open []uint64
	for _, l := range proofLines() {
		var s uint64
		for _, c := range l {
			s |= 1 << c
		}
		if s&^free == 0 {
			open = append(open, s)
		}
	}
	memo := map[[2]uint64]int{}
	var value func(me, other uint64) int // for the side to move
	value = func(me, other uint64) int {
		if v, ok := memo[[2]uint64{me, other}]; ok {
			return v
		}
		best := -2
		empty := free &^ (me | other)
		if empty == 0 {
			best = 0
		}
		for e := empty; e != 0 && best < 1; e &= e - 1 {
			m := me | e&-e
			v := -2
			for _, l := range open {
				if l&m == l {
					v = 1
				}
			}
			if v < 1 {
				v = -value(other, m)
			}
			best = max(best, v)
		}
		memo[[2]uint64{me, other}] = best
		return best
	}
	return value(me, other)
}
