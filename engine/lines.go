package engine

import "math/bits"

// lines holds a board's empty cells line by line, for boards of at most
// 64 rows and 64 columns: rows[r] has bit c for cell (r, c), and cols[c]
// bit r. Counting a move's effect on the lines it touches is much cheaper
// than counting the whole board again.
type lines struct {
	rows, cols [64]uint64
}

// fill sets l to the empty cells e of g's board; it returns false when
// the board has a side of more than 64 cells.
func (l *lines) fill(g *geometry, e bb) bool {
	if g.h > 64 || g.w > 64 {
		return false
	}
	l.cols = [64]uint64{}
	for r := range g.h {
		row := g.rowBits(e, r)
		l.rows[r] = row
		for b := row; b != 0; b &= b - 1 {
			l.cols[bits.TrailingZeros64(b)] |= 1 << r
		}
	}
	return true
}

const evenBits = 0x5555555555555555

// linePairs returns how many dominoes fit along a line at most: the sum
// over its runs of empty cells of half their length, rounded down. That
// is the number of cells of each run whose position differs in parity
// from the run's first cell: adding the first cells of the runs that
// start at even positions clears exactly those runs (the carry stops at
// the cell after each).
func linePairs(x uint64) int {
	evenStarts := x &^ (x << 1) & evenBits
	evenRuns := x &^ (x + evenStarts)
	return bits.OnesCount64(evenRuns&^evenBits) + bits.OnesCount64(x&^evenRuns&evenBits)
}

// line returns line i of ls, or 0 (no empty cell: a wall) past the edge.
func line(ls []uint64, i int) uint64 {
	if i < 0 || i >= len(ls) {
		return 0
	}
	return ls[i]
}

// safeLine returns the cells of line i that the player whose dominoes lie
// along these lines can never lose: no neighbour across is empty.
func safeLine(ls []uint64, i int) uint64 {
	return line(ls, i) &^ (line(ls, i-1) | line(ls, i+1))
}

// gain returns how a domino of the mover on cells j and j+1 of his line
// i changes the balance that orders moves (searcher.balance, from his
// side): the dominoes he can place apart less the other's, plus his safe
// moves less the other's. own are the mover's lines (columns for Left),
// across the other's.
func gain(own, across []uint64, i, j int) int {
	d := uint64(3) << j
	before := touched(own, across, i, j)
	own[i] &^= d
	across[j] &^= 1 << i
	across[j+1] &^= 1 << i
	after := touched(own, across, i, j)
	own[i] |= d
	across[j] |= 1 << i
	across[j+1] |= 1 << i
	return after - before
}

// touched is the part of the balance that a domino on cells j and j+1 of
// line i can change: what the mover can place along line i and the other
// along lines j and j+1; the mover's safe cells in line i and the two
// beside it; the other's safe cells in the lines at the domino's two ends.
// Lines past the edge hold nothing.
func touched(own, across []uint64, i, j int) int {
	n := linePairs(own[i]) - linePairs(across[j]) - linePairs(across[j+1])
	for k := i - 1; k <= i+1; k++ {
		n += linePairs(safeLine(own, k))
	}
	return n - linePairs(safeLine(across, j-1)) - linePairs(safeLine(across, j+2))
}
