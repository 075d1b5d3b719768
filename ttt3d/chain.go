package ttt3d

import "math/bits"

// threatsThrough returns the cells that would complete a line of s among
// the lines through cell c that hold no cell of other: lines with n-1
// cells of s, whose last cell is then empty.
func (b *Board) threatsThrough(s, other uint64, c int) uint64 {
	var t uint64
	for _, l := range b.Through[c] {
		if l&other == 0 && Count(l&s) == b.N-1 {
			t |= l &^ s
		}
	}
	return t
}

// chainMemoBits is the log2 of the number of entries in a chainMemo.
const chainMemoBits = 16

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
	return &m.entries[mix(x^mix(o+0x9E3779B97F4A7C15))>>(64-chainMemoBits)]
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
func (b *Board) newChainState(x, o uint64) chainState {
	var st chainState
	for _, l := range b.Lines {
		if l&o == 0 && Count(l&x) == b.N-2 {
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
func (b *Board) playX(st *chainState, x, o uint64, c int) {
	for _, l := range b.Through[c] {
		if l&o != 0 {
			continue
		}
		switch Count(l & x) {
		case b.N - 2:
			st.add(l&^x, -1)
		case b.N - 3:
			st.add(l&^x&^(1<<c), 1)
		}
	}
}

// playO updates st for o's stone at cell t (x and o before it): the
// lines through t with n-2 of x's stones are dead.
func (b *Board) playO(st *chainState, x, o uint64, t int) {
	for _, l := range b.Through[t] {
		if l&o == 0 && Count(l&x) == b.N-2 {
			st.add(l&^x, -1)
		}
	}
}
