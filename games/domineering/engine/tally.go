package engine

import (
	"math/bits"
	"sync"
	"sync/atomic"
)

// tally is what one player can count on in a position, after Bullock's
// Obsequi (2002): his moves the other can never take away, his moves the
// other can take away only at a price, and cells he can make sure the
// other never uses. Everything is counted along the player's lines (the
// columns for Left, whose dominoes stand in them; the rows for Right);
// "across" is the other direction, the one the other player's dominoes
// take. A cell is protected when neither cell across from it is empty:
// the other can never cover it.
type tally struct {
	// empty is the number of empty cells.
	empty int
	// safe counts safe moves: two protected cells side by side in a line,
	// packed apart.
	safe int
	// blocks counts protective blocks: two by two empty cells, walled
	// across on one side at least (no empty cell beyond either of the
	// block's lines there). Moving into the half away from the wall
	// leaves the other half protected: two moves for one. One move of the
	// other across the block spoils it.
	blocks int
	// vulns counts vulnerable moves (two empty cells side by side in a
	// line, packed apart from the blocks and each other): [1] those that
	// one move of the other may break together with another (a cell of
	// another move, or an empty cell that may become one, lies across from
	// one of its cells), [0] the lone ones. withProtected counts those of
	// them that hold a protected cell.
	vulns, withProtected [2]int
	// unused counts protected cells in none of the moves above: the other
	// can never use them either.
	unused int
	// options counts safe moves that may be played one cell along instead,
	// onto an empty cell x the other could use, by how many of the other's
	// cells that takes ([k]: k+1): x itself, and each cell across from x
	// that has a wall beyond it (the other's only way to use it is
	// through x).
	options [3]int
}

// tallier counts tallies; it holds its scratch lines so that counting
// allocates and clears little.
type tallier struct {
	// ls holds the player's lines from index 2 on, with two lines
	// without empty cells (walls) on each side; used the cells taken so
	// far by a block, a vulnerable move, an unused protected cell or an
	// option, indexed alike.
	ls, used [64 + 4]uint64
	// turned holds the lines turn returns.
	turned [64]uint64
	// short is shortLines(), long longLines().
	short *[1 << (2 * shortLine)]uint32
	long  *[longIndices]atomic.Uint64
}

// newTallier returns a tallier with the tables of short and long lines.
func newTallier() tallier { return tallier{short: shortLines(), long: longLines()} }

// turn returns the lines ls, each of length cells, as they are on the
// board turned half round: the last line first, each read from its last
// cell. The game is the same, so a count of the turned lines holds for
// the lines as they are.
func (tl *tallier) turn(ls []uint64, length int) []uint64 {
	n := len(ls)
	for i, x := range ls {
		tl.turned[n-1-i] = bits.Reverse64(x) >> (64 - length)
	}
	return tl.turned[:n]
}

// turnBytes is turn for n lines packed one a byte in w: reversing the
// word's bits reverses both the order of the bytes and each byte.
func turnBytes(w uint64, n, length int) uint64 {
	return bits.Reverse64(w) >> (8*(8-n) + 8 - length)
}

// tally counts the resources of the player whose lines (bit j of own[i]:
// cell j of line i is empty) are own. It packs greedily, line by line:
// first the blocks, then the vulnerable moves, then the options; a cell
// serves one resource only.
func (tl *tallier) tally(own []uint64) tally {
	var t tally
	n := len(own)
	ls, used := &tl.ls, &tl.used
	copy(ls[2:], own)
	ls[n+2], ls[n+3] = 0, 0
	clear(used[:n+4])
	for _, x := range own {
		t.empty += bits.OnesCount64(x)
	}

	// Blocks in lines i and i+1, cells j and j+1, apart from each other's
	// lines: no block cell in the lines beside either.
	for i := 2; i+1 < n+2; i++ {
		both := ls[i] & ls[i+1]
		squares := both & (both >> 1)
		before, after := ls[i-1], ls[i+2]
		walled := ^(before | before>>1) | ^(after | after>>1)
		busy := used[i-1] | used[i] | used[i+1] | used[i+2]
		busy |= busy >> 1
		for c := squares & walled &^ busy; c != 0; {
			j := bits.TrailingZeros64(c)
			c &^= 3 << j
			used[i] |= 3 << j
			used[i+1] |= 3 << j
			t.blocks++
		}
	}

	// Vulnerable moves, and the safe moves and unused protected cells
	// they are packed around.
	for i := 2; i < n+2; i++ {
		free := ls[i] &^ used[i]
		firsts, protected, unused, safe := tl.packLine(free, free&^(ls[i-1]|ls[i+1]))
		used[i] |= firsts | firsts<<1 | unused
		t.safe += safe
		t.unused += bits.OnesCount64(unused)
		// A move is shared when a cell across from it may hold another
		// move: a packed cell of the line before, or an empty cell of the
		// line after with an empty cell beside it.
		next := ls[i+1]
		across := used[i-1] | next&(next<<1|next>>1)
		shared := firsts & (across | across>>1)
		t.vulns[1] += bits.OnesCount64(shared)
		t.vulns[0] += bits.OnesCount64(firsts &^ shared)
		t.withProtected[1] += bits.OnesCount64(protected & shared)
		t.withProtected[0] += bits.OnesCount64(protected &^ shared)
	}

	// Options: a safe move not yet leaning on a packed cell, with a free
	// empty cell just before it (or else just after it) that no packed
	// cell lies across from.
	for i := 2; i < n+2; i++ {
		taken := ^ls[i] | used[i]
		prot := ls[i] &^ (ls[i-1] | ls[i+1])
		starts := prot & (prot >> 1) &^ (taken | taken>>1)
		for starts != 0 {
			j := bits.TrailingZeros64(starts)
			starts &^= 3 << j
			taken |= 3 << j
			x, ok := optionCell(j, 64, taken|used[i-1]|used[i+1], starts)
			if !ok {
				continue
			}
			taken |= x
			used[i] |= x
			t.options[optionKind(x, ls[i-1], ls[i-2], ls[i+1], ls[i+2])]++
		}
	}
	return t
}

// optionCell returns the cell a safe move on cells j and j+1 of a line
// of length cells takes as its option: the one before it if that is not
// blocked, else the one after it if that is neither blocked nor where
// another safe move starts (starts); ok is false when it has neither.
func optionCell(j, length int, blocked, starts uint64) (x uint64, ok bool) {
	switch {
	case j > 0 && blocked&(1<<(j-1)) == 0:
		return 1 << (j - 1), true
	case j+2 < length && (blocked|starts)&(1<<(j+2)) == 0:
		return 1 << (j + 2), true
	}
	return 0, false
}

// optionKind returns the kind of an option on cell x (tally.options): how
// many of the two cells across from x, in the lines before and after,
// are empty with no empty cell beyond them (in the lines beyondBefore and
// beyondAfter), so that the other can use them only through x.
func optionKind(x, before, beyondBefore, after, beyondAfter uint64) int {
	k := 0
	if before&x != 0 && beyondBefore&x == 0 {
		k++
	}
	if after&x != 0 && beyondAfter&x == 0 {
		k++
	}
	return k
}

// packLine packs one line's free cells (prot: the protected ones) from
// its first cell on: each stretch of protected cells into safe moves
// (safe counts them), an odd one left over joining the unprotected cell
// before the stretch if that is free, else the one after it, as a
// vulnerable move (if neither, it is unused); the other unprotected cells
// two by two into vulnerable moves. It returns the first cells of the
// vulnerable moves, those of them that hold a protected cell, and the
// unused protected cells.
func (tl *tallier) packLine(free, prot uint64) (firsts, protected, unused uint64, safe int) {
	if free < 1<<longLine {
		return tl.packTabled(free, prot)
	}
	// Each stretch of free cells is packed apart, so a longer line is
	// packed a part at a time from the tables, cut at the last cell not
	// free among its first longLine, while it has one there.
	shift := 0
	for free >= 1<<longLine {
		gaps := ^free & (1<<longLine - 1)
		if gaps == 0 {
			break // a stretch of longLine cells or more
		}
		cut := bits.Len64(gaps) - 1
		f, p, u, s := tl.packTabled(free&(1<<cut-1), prot&(1<<cut-1))
		firsts, protected, unused, safe = firsts|f<<shift, protected|p<<shift, unused|u<<shift, safe+s
		free, prot, shift = free>>(cut+1), prot>>(cut+1), shift+cut+1
	}
	var f, p, u uint64
	var s int
	if free < 1<<longLine {
		f, p, u, s = tl.packTabled(free, prot)
	} else {
		f, p, u, s = packLongLine(free, prot)
	}
	return firsts | f<<shift, protected | p<<shift, unused | u<<shift, safe + s
}

// packTabled is packLine for a line of at most longLine cells, from the
// tables.
func (tl *tallier) packTabled(free, prot uint64) (firsts, protected, unused uint64, safe int) {
	if free < 1<<shortLine {
		p := tl.short[free|prot<<shortLine]
		return uint64(p & 0xff), uint64(p >> 8 & 0xff), uint64(p >> 16 & 0xff), int(p >> 24)
	}
	entry := &tl.long[ternary(free, prot)]
	p := entry.Load()
	if p == 0 {
		f, pr, u, s := packLongLine(free, prot)
		p = f | pr<<longLine | u<<(2*longLine) | uint64(s)<<(3*longLine) | packed
		entry.Store(p)
	}
	const m = 1<<longLine - 1
	return p & m, p >> longLine & m, p >> (2 * longLine) & m, int(p >> (3 * longLine) & 0xff)
}

// shortLine is the length of the lines whose packings are tabled.
const shortLine = 8

// shortLines tables packLongLine for the lines of up to shortLine cells,
// by free | prot<<shortLine: the first cells of the vulnerable moves,
// those with a protected cell and the unused cells in bytes 0 to 2, the
// safe moves in byte 3.
var shortLines = sync.OnceValue(func() *[1 << (2 * shortLine)]uint32 {
	t := new([1 << (2 * shortLine)]uint32)
	for free := range uint64(1 << shortLine) {
		for prot := free; ; prot = (prot - 1) & free { // every subset
			f, p, u, s := packLongLine(free, prot)
			t[free|prot<<shortLine] = uint32(f | p<<8 | u<<16 | uint64(s)<<24)
			if prot == 0 {
				break
			}
		}
	}
	return t
})

// longLine is the length of the lines whose packings are tabled by the
// state of each cell, longIndices the number of such lines: 3 to the
// power longLine.
const (
	longLine    = 12
	longIndices = 531441
)

// byteDigits holds, for each byte, the sum of 3^j over its bits j.
var byteDigits = func() (t [256]uint32) {
	for x := range t {
		p := uint32(1)
		for j := range 8 {
			if x>>j&1 != 0 {
				t[x] += p
			}
			p *= 3
		}
	}
	return t
}()

// ternary returns the index in longLines of a line of at most longLine
// cells: cell j is the digit j in base 3, 0 when it is not free, 1 when it
// is free and unprotected, 2 when it is protected (prot is within free).
func ternary(free, prot uint64) uint32 {
	const high = 6561 // 3^8
	return byteDigits[free&0xff] + byteDigits[prot&0xff] +
		high*(byteDigits[free>>8&0xff]+byteDigits[prot>>8&0xff])
}

// longLines holds packLongLine of the lines of up to longLine cells, by
// ternary, each filled in when first wanted (0 until then, packed once
// filled in): the first cells of the vulnerable moves, those with a
// protected cell and the unused cells in fields of longLine bits from
// bit 0 on, the safe moves in the byte above them. The searchers share
// it; a line packed by two at once is stored twice, the same.
var longLines = sync.OnceValue(func() *[longIndices]atomic.Uint64 {
	return new([longIndices]atomic.Uint64)
})

// packed marks an entry of longLines as filled in.
const packed = 1 << 63

// packLongLine is packLine, cell by cell.
func packLongLine(free, prot uint64) (firsts, protected, unused uint64, safe int) {
	for free != 0 {
		j := bits.TrailingZeros64(free)
		waiting := -2 // an unprotected cell of this stretch left alone (none: -2, never j-1)
		for j < 64 && free>>j&1 != 0 {
			if prot>>j&1 == 0 {
				if waiting == j-1 {
					firsts |= 1 << (j - 1)
					waiting = -2
				} else {
					waiting = j
				}
				j++
				continue
			}
			k := bits.TrailingZeros64(^(prot >> j)) // protected cells from j on
			safe += k / 2
			if k%2 == 1 {
				last := j + k - 1
				switch {
				case waiting == j-1:
					firsts |= 1 << (j - 1)
					protected |= 1 << (j - 1)
				case last+1 < 64 && free>>(last+1)&1 != 0:
					firsts |= 1 << last
					protected |= 1 << last
					k++ // the unprotected cell after is taken
				default:
					unused |= 1 << last
				}
			}
			waiting = -2
			j += k
		}
		free &^= 1<<j - 1 // this stretch is done
	}
	return firsts, protected, unused, safe
}

// lead returns how many more moves the player is sure of than the other
// can make at most, when he moves first (first) or the other does; ok is
// false when he has nothing to move first into but safe moves (the count
// then says nothing). The player to move wins if his lead is above
// zero; the player who just moved wins if it is zero or more.
//
// The race, after Obsequi's: the other, at each turn, spoils a block or
// breaks vulnerable moves (two at a time where they are shared, one where
// lone) or an option (by taking its cell himself); the player takes
// them. Paired, blocks give the player one move each (he takes one for
// two moves, the other spoils the other), shared vulnerable moves one in
// three, lone ones one in two, options one of each two. What is left
// over goes to whoever's turn it is, which the first move (taken where a
// count is odd) and the leftovers' parities settle. The cells the
// player's moves take, the protected cells left over, those of the
// vulnerable moves he does not keep, and the options' cells, the other
// can never use; the other's moves are at most half of the rest, and at
// most the dominoes he can fit (otherFit).
func (t tally) lead(first bool, otherFit int) (lead int, ok bool) {
	b, v, p, o := t.blocks, t.vulns, t.withProtected, t.options
	safe, unused := t.safe, t.unused
	take := func(k int) { // take a vulnerable move of kind k
		v[k]--
		safe++
		p[k] = min(p[k], v[k])
	}
	if first {
		switch {
		case b%2 == 1:
			b--
			safe += 2
		case v[1]%3 != 0:
			take(1)
		case v[0]%2 != 0:
			take(0)
		case o[2]%2 != 0:
			o[2]--
			unused += 3
		case o[1]%2 != 0:
			o[1]--
			unused += 2
		case o[0]%2 != 0:
			o[0]--
			unused++
		case v[1] > 0:
			take(1)
		case v[0] > 0:
			take(0)
		case b > 0:
			b--
			safe += 2
		default:
			return 0, false
		}
	}
	if b%2 == 1 { // a block left alone is two shared vulnerable moves
		b--
		v[1] += 2
	}
	moves := b + v[1]/3 + v[0]/2 + safe
	r1, r0 := v[1]%3, v[0]%2
	if r1 != 0 && r0 != 0 { // the leftovers give one more
		moves++
		unused--
	}
	if (r1 == 0) == (r0 == 0) {
		// The other has the turn in the options' race: an odd one is
		// worth only what the next smaller kind is.
		if o[2]%2 == 1 {
			o[2]--
			o[1]++
		}
		if o[1]%2 == 1 {
			o[1]--
			o[0]++
		}
	} else {
		// The player has it: the best odd one is his.
		switch {
		case o[2]%2 == 1:
			unused += 3
			if o[1]%2 == 1 {
				o[1]--
				o[0]++
			}
		case o[1]%2 == 1:
			unused += 2
		case o[0]%2 == 1:
			unused++
		}
	}
	// The protected cells of the vulnerable moves he does not keep.
	unused += p[1] - (v[1]/3 - (v[1]-p[1])/3)
	unused += p[0] - (v[0]/2 - (v[0]-p[0])/2)
	unused += o[2]/2*3 + o[1]/2*2 + o[0]/2
	return moves - min(otherFit, (t.empty-2*moves-unused)/2), true
}
