package engine

import "math/bits"

// lines holds a board's empty cells line by line, for boards of at most
// 64 rows and 64 columns: rows[r] has bit c for cell (r, c), and cols[c]
// bit r. Counting a move's effect on the lines it touches is much cheaper
// than counting the whole board again.
type lines struct {
	rows, cols [64]uint64
	// For boards of at most 8x8 (bytes), the rows and the columns also
	// lie in one word each, line i in byte i.
	bytes              bool
	rowBytes, colBytes uint64
}

// transpose8 transposes an 8x8 matrix of bits, row i in byte i (bit
// 8i+j to bit 8j+i), in three rounds of swaps (Warren, Hacker's Delight,
// 7-3).
func transpose8(x uint64) uint64 {
	t := (x ^ x>>7) & 0x00AA00AA00AA00AA
	x ^= t ^ t<<7
	t = (x ^ x>>14) & 0x0000CCCC0000CCCC
	x ^= t ^ t<<14
	t = (x ^ x>>28) & 0x00000000F0F0F0F0
	return x ^ t ^ t<<28
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

// bytePairs returns linePairs summed over the lines of a word, one line a
// byte. Each half of the bytes is counted apart: a carry out of a byte
// then lands in an empty one, where linePairs ignores it.
func bytePairs(x uint64) int {
	const even = 0x00FF00FF00FF00FF
	return linePairs(x&even) + linePairs(x&^even)
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

// gains scores the mover's moves of one position (gain): it counts
// each line's share of the balance before any move once.
type gains struct {
	own, across []uint64
	// On boards of at most 8x8 (bytes), the same lines packed one a byte.
	bytes                 bool
	ownBytes, acrossBytes uint64
	// Line k's dominoes and safe moves at index k+1; the lines past the
	// edge (index 0 and beyond the last) hold nothing.
	ownPairs, ownSafe, acrossPairs, acrossSafe [64 + 3]int
}

// reset sets g to the lines own (the mover's: columns for Left) and
// across of a position; with bytes, ownBytes and acrossBytes hold them
// too, one a byte.
func (g *gains) reset(own, across []uint64, bytes bool, ownBytes, acrossBytes uint64) {
	g.own, g.across = own, across
	g.bytes, g.ownBytes, g.acrossBytes = bytes, ownBytes, acrossBytes
	count := func(ls []uint64, word uint64, pairs, safe *[64 + 3]int) {
		clear(pairs[:len(ls)+3])
		clear(safe[:len(ls)+3])
		if bytes {
			safeWord := word &^ (word<<8 | word>>8)
			for k := range ls {
				pairs[k+1] = int(bytePairTable[uint8(word>>(8*k))])
				safe[k+1] = int(bytePairTable[uint8(safeWord>>(8*k))])
			}
			return
		}
		for k := range ls {
			pairs[k+1] = linePairs(ls[k])
			safe[k+1] = linePairs(safeLine(ls, k))
		}
	}
	count(own, ownBytes, &g.ownPairs, &g.ownSafe)
	count(across, acrossBytes, &g.acrossPairs, &g.acrossSafe)
}

// gain returns how a domino of the mover on cells j and j+1 of his line
// i changes the balance that orders moves (searcher.balance, from his
// side): the dominoes he can place apart less the other's, plus his safe
// moves less the other's.
func (g *gains) gain(i, j int) int {
	before := g.ownPairs[i+1] - g.acrossPairs[j+1] - g.acrossPairs[j+2] +
		g.ownSafe[i] + g.ownSafe[i+1] + g.ownSafe[i+2] -
		g.acrossSafe[j] - g.acrossSafe[j+3]
	if g.bytes {
		return touchedBytes(g.ownBytes, g.acrossBytes, i, j) - before
	}
	own, across := g.own, g.across
	d := uint64(3) << j
	own[i] &^= d
	across[j] &^= 1 << i
	across[j+1] &^= 1 << i
	after := touched(own, across, i, j)
	own[i] |= d
	across[j] |= 1 << i
	across[j+1] |= 1 << i
	return after - before
}

// touchedBytes is touched after the move, on lines packed one a byte.
func touchedBytes(own, across uint64, i, j int) int {
	own &^= 3 << (8*i + j)
	across &^= (1 | 1<<8) << (8*j + i)
	safeOwn := own &^ (own<<8 | own>>8)
	safeAcross := across &^ (across<<8 | across>>8)
	// Line k of a word; an unsigned shift of 64 or more leaves nothing,
	// which is what the lines past either edge hold.
	at := func(x uint64, k int) int { return int(bytePairTable[uint8(x>>uint(8*k))]) }
	return at(own, i) - at(across, j) - at(across, j+1) +
		at(safeOwn, i-1) + at(safeOwn, i) + at(safeOwn, i+1) -
		at(safeAcross, j-1) - at(safeAcross, j+2)
}

// bytePairTable holds linePairs of every line of up to 8 cells.
var bytePairTable = func() (t [256]uint8) {
	for x := range t {
		t[x] = uint8(linePairs(uint64(x)))
	}
	return t
}()

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
