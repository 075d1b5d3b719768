package rules

import "math/bits"

// A pairing strategy (Hales and Jewett): the defender gives every line the
// attacker can still complete two empty cells of its own, no cell to two
// lines. Whenever the attacker takes one cell of a pair, the defender
// takes the other (and plays anywhere when the attacker's cell is in no
// pair or its partner is taken already); the attacker then never holds
// both cells of a pair, so never completes a line. An extra move of the
// defender never hurts it, so the strategy holds whoever is to move,
// provided the attacker has no line already.

// Pairing returns, for every line of b that holds no stone of the
// defender, two empty cells of it, distinct over all lines, in the order
// of b.Lines (the lines the defender holds left out); ok is false if no such choice exists. A pairing is a
// bipartite matching of two copies of each line into the empty cells,
// found by augmenting paths.
func (b *Board) Pairing(defender, empty uint64) (pairs [][2]int, ok bool) {
	var owner [64]int16
	n, ok := b.pairing(defender, empty, &owner)
	if !ok {
		return nil, false
	}
	pairs = make([][2]int, n)
	for c, s := range owner {
		if s >= 0 {
			pairs[s/2][s%2] = c
		}
	}
	return pairs, true
}

// Pairable reports whether the defender has a pairing strategy (see
// Pairing), without building it.
func (b *Board) Pairable(defender, empty uint64) bool {
	var owner [64]int16
	_, ok := b.pairing(defender, empty, &owner)
	return ok
}

// pairing finds a pairing: owner[c] is the slot (2 per line, numbered in
// the order of the lines open to the attacker) that holds cell c, or -1;
// n is the number of those lines.
func (b *Board) pairing(defender, empty uint64, owner *[64]int16) (n int, ok bool) {
	var lines [128]uint64 // the empty cells of each line open to the attacker
	union := uint64(0)
	for _, l := range b.Lines {
		if l&defender != 0 {
			continue
		}
		e := l & empty
		if bits.OnesCount64(e) < 2 {
			return 0, false
		}
		lines[n] = e
		union |= e
		n++
	}
	if 2*n > bits.OnesCount64(union) {
		return 0, false
	}
	for i := range owner {
		owner[i] = -1
	}
	// augment finds a cell for slot, moving other slots along a path, and
	// returns the cells visited, passed in and out by value (a pointer
	// down the recursion would put them on the heap).
	var augment func(slot int, visited uint64) (bool, uint64)
	augment = func(slot int, visited uint64) (bool, uint64) {
		for s := lines[slot/2] &^ visited; s != 0; s &= s - 1 {
			c := bits.TrailingZeros64(s)
			visited |= 1 << c
			ok := owner[c] < 0
			if !ok {
				ok, visited = augment(int(owner[c]), visited)
			}
			if ok {
				owner[c] = int16(slot)
				return true, visited
			}
		}
		return false, visited
	}
	for slot := range 2 * n {
		if ok, _ := augment(slot, 0); !ok {
			return 0, false
		}
	}
	return n, true
}
