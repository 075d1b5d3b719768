package plain

import (
	"math/bits"
	"slices"

	"github.com/tablebase/tablebase/games/ttt3d/rules"
)

// Oracle is plain minimax from the rules: no table, no symmetry, no
// forced moves, no ordering. me is to move; neither side has a line. It
// returns the result for the mover (1 a win, 0 a draw, -1 a loss) and
// the plies to the end.
func Oracle(b *rules.Board, me, opp, empty uint64) (result, plies int) {
	if empty == 0 {
		return 0, 0
	}
	bestResult, bestPlies := -1, -1
	better := func(r, p int) bool { // (r, p) better than the best for the mover
		if r != bestResult {
			return r > bestResult
		}
		switch r {
		case 1:
			return p < bestPlies
		case -1:
			return p > bestPlies
		}
		return false
	}
	for e := empty; e != 0; e &= e - 1 {
		c := uint64(1) << bits.TrailingZeros64(e)
		r, p := 1, 1
		if !Completes(b, me|c, bits.TrailingZeros64(e)) {
			r, p = Oracle(b, opp, me|c, empty&^c)
			r, p = -r, p+1
		}
		if bestPlies < 0 || better(r, p) {
			bestResult, bestPlies = r, p
		}
	}
	return bestResult, bestPlies
}

// Completes reports whether the stones s, which hold the cell c just
// played, complete a line through c (a line without c was complete
// before the move).
func Completes(b *rules.Board, s uint64, c int) bool {
	for _, l := range b.Through[c] {
		if s&l == l {
			return true
		}
	}
	return false
}

// PatternResult plays every game on the free cells of a pattern of
// blocked cells by plain minimax (lines from Lines, a memo of the
// positions met), from the stones of the side to move (me) and of the
// other: 1 if the side to move wins, 0 for a draw, -1 if it loses.
func PatternResult(free, me, other uint64) int {
	var open []uint64
	for _, l := range Lines() {
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

// Lines lists the lines of the 4x4x4 board from the rules alone:
// four cells in a row along any of the 13 directions, the cell at (layer,
// row, column) numbered (layer*4 + row)*4 + column. It shares nothing with
// rules.Board.
func Lines() [][4]int {
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
