package qubic

import (
	"math/bits"

	"github.com/tablebase/tablebase/games/ttt3d/rules"
	"github.com/tablebase/tablebase/internal/mix"
)

// threatsThrough returns the cells that would complete a line of s among
// the lines through cell c that hold no cell of other: lines with n-1
// cells of s, whose last cell is then empty.
func threatsThrough(b *rules.Board, s, other uint64, c int) uint64 {
	var t uint64
	for _, l := range b.Through[c] {
		if l&other == 0 && rules.Count(l&s) == b.N-1 {
			t |= l &^ s
		}
	}
	return t
}

// chainMemoBits is the log2 of the number of entries in a chainMemo:
// 4,096 entries of 24 bytes stay in the core's cache, and a miss there
// costs more than the searches a larger table saves (BenchmarkProver*).
const chainMemoBits = 12

// chainMemo is a fixed-size table of positions (x and o's stones) where
// no threat chain of a given depth wins. An entry is overwritten by any
// later position that hashes to its slot: a lost entry costs only a
// search again.
type chainMemo struct {
	entries []chainEntry
}

type chainEntry struct {
	x, o  uint64
	depth int
}

func (m *chainMemo) slot(x, o uint64) *chainEntry {
	if m.entries == nil {
		m.entries = make([]chainEntry, 1<<chainMemoBits)
	}
	return &m.entries[mix.Uint64(x^mix.Uint64(o+0x9E3779B97F4A7C15))>>(64-chainMemoBits)]
}

// has reports whether the table holds (x, o) as failed to at least depth.
func (m *chainMemo) has(x, o uint64, depth int) bool {
	e := m.slot(x, o)
	return e.x == x && e.o == o && e.depth >= depth
}

// put records that no chain of depth moves wins from (x, o).
func (m *chainMemo) put(x, o uint64, depth int) {
	*m.slot(x, o) = chainEntry{x, o, depth}
}

// chainState holds the moves that may continue a threat chain (see
// chainMoves) and keeps them up to date as stones are added: for each
// cell, how many lines free of o with n-2 of x's stones hold it empty.
type chainState struct {
	support [64]int8
	moves   uint64 // the cells of positive support
}

// newChainState returns the chain moves of x against o.
func newChainState(b *rules.Board, x, o uint64) chainState {
	var st chainState
	for _, l := range b.Lines {
		if l&o == 0 && rules.Count(l&x) == b.N-2 {
			st.add(l&^x, 1)
		}
	}
	return st
}

// add adds d to the support of the cells.
func (st *chainState) add(cells uint64, d int8) {
	for m := cells; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		st.support[i] += d
		if st.support[i] > 0 {
			st.moves |= 1 << i
		} else {
			st.moves &^= 1 << i
		}
	}
}

// playX updates st for x's stone at cell c (x and o before it): a line
// through c with n-2 of x's stones now has n-1, one with n-3 now n-2.
func playX(b *rules.Board, st *chainState, x, o uint64, c int) {
	for _, l := range b.Through[c] {
		if l&o != 0 {
			continue
		}
		switch rules.Count(l & x) {
		case b.N - 2:
			st.add(l&^x, -1)
		case b.N - 3:
			st.add(l&^x&^(1<<c), 1)
		}
	}
}

// playO updates st for o's stone at cell t (x and o before it): the
// lines through t with n-2 of x's stones are dead.
func playO(b *rules.Board, st *chainState, x, o uint64, t int) {
	for _, l := range b.Through[t] {
		if l&o == 0 && rules.Count(l&x) == b.N-2 {
			st.add(l&^x, -1)
		}
	}
}

// wins reports whether x, to move, wins by a threat chain.
func (pv *Prover) wins(x, o uint64) bool {
	ok, _ := pv.vcf(x, o, pv.VCFDepth)
	return ok
}

// vcf reports whether x, to move, wins by a chain of at most depth moves
// that each make a threat, o's replies forced, ending in two threats.
// With a win it returns the cells the chain uses: x's moves, o's replies
// and the cells of the final threats.
func (pv *Prover) vcf(x, o uint64, depth int) (bool, uint64) {
	b := pv.b
	empty := b.Full() &^ (x | o)
	if t := b.Threats(x, empty); t != 0 {
		return true, t
	}
	ot := b.Threats(o, empty)
	if ot&(ot-1) != 0 || depth == 0 || pv.failed.has(x, o, depth) {
		return false, 0
	}
	return pv.chain(x, o, ot, newChainState(b, x, o), depth)
}

// chain is vcf from a position where x has no threat, o has at most one
// (the cells ot), st holds x's chain moves, depth is at least 1, and the
// position is not known to fail. Each step only looks at the lines
// through the two new stones: x's move makes its threats there, and o's
// forced reply its own. A step is tried only if it can go on: o is left
// without two threats, and the position is not known to fail. st comes
// by value: a copy whose address went down the recursion would be made
// on the heap.
func (pv *Prover) chain(x, o, ot uint64, st chainState, depth int) (bool, uint64) {
	moves := st.moves
	if ot != 0 {
		moves &= ot // x must block
	}
	b := pv.b
	for m := moves; m != 0; m &= m - 1 {
		ci := bits.TrailingZeros64(m)
		c := uint64(1) << ci
		t := threatsThrough(b, x|c, o, ci)
		if t&(t-1) != 0 {
			return true, c | t
		}
		// t is one cell: o must take it, and may make threats there.
		ti := bits.TrailingZeros64(t)
		ot2 := ot&^c | threatsThrough(b, o|t, x|c, ti)
		if ot2&(ot2-1) != 0 || depth == 1 || pv.failed.has(x|c, o|t, depth-1) {
			continue
		}
		next := st
		playX(b, &next, x, o, ci)
		playO(b, &next, x|c, o, ti)
		if ok, zone := pv.chain(x|c, o|t, ot2, next, depth-1); ok {
			return true, c | t | zone
		}
	}
	pv.failed.put(x, o, depth)
	return false, 0
}

// defences returns the only replies of o that can stop a threat chain of
// x using the cells zone: the zone's cells, and the empty cells of every
// line free of x that holds n-2 or more cells of o or of the zone. A
// stone of o anywhere else leaves the chain working: it takes none of its
// cells, so every threat of x in it still stands, and it cannot give o a
// threat of its own during the chain (that needs n-1 of o's stones and
// o's replies on a line free of x, n-2 of them besides the new stone).
func (pv *Prover) defences(x, o, zone uint64) uint64 {
	cells := zone
	for _, l := range pv.b.Lines {
		if l&x == 0 && rules.Count(l&(o|zone)) >= pv.b.N-2 {
			cells |= l
		}
	}
	return cells &^ (x | o)
}

// chainMoves returns the moves that may continue a threat chain: the
// cells where x makes a threat (the empty cells of lines holding n-2 of
// x's stones and none of o's), and only o's threat cell ot among them
// when o has one, since x must block it.
func (pv *Prover) chainMoves(x, o, ot uint64) uint64 {
	cells := newChainState(pv.b, x, o).moves
	if ot != 0 {
		cells &= ot
	}
	return cells
}
