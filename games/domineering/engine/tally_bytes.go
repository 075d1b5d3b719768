package engine

import "math/bits"

// Masks of the first and last cell of each line of a word holding one
// line a byte.
const (
	firstCells = 0x0101010101010101
	lastCells  = 0x8080808080808080
)

// tallyBytes is tally for lines of at most 8 cells, at most 8 of them,
// packed one a byte in w (line i in byte i): the same packing in the same
// order, most of it done for all the lines at once. Shifting the word by
// a byte moves to the next or the previous line; shifting it by a bit
// moves along the lines, masked so that nothing crosses from one line to
// the next.
func (tl *tallier) tallyBytes(w uint64) tally {
	t := tally{empty: bits.OnesCount64(w)}
	along := func(x uint64) uint64 { return x >> 1 &^ lastCells } // bit j+1 of each line to bit j
	prev, next := w<<8, w>>8
	prot := w &^ (prev | next)

	// Blocks, line pair by line pair and along each pair: no cell of one
	// may lie in the lines of another's or beside them.
	var used uint64
	both := w & next
	beforeWall := ^(prev | along(prev))
	after := w >> 16
	afterWall := ^(after | along(after))
	for c := both & along(both) & (beforeWall | afterWall); c != 0; c &= c - 1 {
		m := uint64(3) << bits.TrailingZeros64(c)
		if used&(m>>8|m|m<<8|m<<16) == 0 {
			used |= m | m<<8
			t.blocks++
		}
	}

	// Vulnerable moves, safe moves and unused protected cells, line by
	// line (packLine), then each vulnerable move told shared or lone.
	var firsts, protected uint64
	for i := uint(0); i < 64; i += 8 {
		free := (w &^ used) >> i & 0xff
		if free == 0 {
			continue
		}
		f, p, u, safe := tl.packLine(free, free&(prot>>i))
		firsts |= f << i
		protected |= p << i
		used |= (f | f<<1 | u) << i
		t.safe += safe
		t.unused += bits.OnesCount64(u)
	}
	across := used<<8 | next&(next<<1&^firstCells|along(next))
	shared := firsts & (across | along(across))
	t.vulns[1] = bits.OnesCount64(shared)
	t.vulns[0] = bits.OnesCount64(firsts &^ shared)
	t.withProtected[1] = bits.OnesCount64(protected & shared)
	t.withProtected[0] = bits.OnesCount64(protected &^ shared)

	// Options, line by line: one line's options keep cells from the next
	// line's.
	taken := ^w | used
	all := prot & along(prot) &^ (taken | along(taken))
	for all != 0 {
		i := uint(bits.TrailingZeros64(all)) &^ 7
		starts := all >> i & 0xff
		all &^= 0xff << i
		line := taken >> i & 0xff
		for starts != 0 {
			j := uint(bits.TrailingZeros64(starts))
			starts &^= 3 << j
			line |= 3 << j
			x, ok := optionCell(int(j), 8, line|(used<<8|used>>8)>>i&0xff, starts)
			if !ok {
				continue
			}
			line |= x
			used |= x << i
			t.options[optionKind(x<<i, prev, w<<16, next, w>>16)]++
		}
	}
	return t
}
