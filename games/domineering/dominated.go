package domineering

import "github.com/tablebase/tablebase/internal/region"

// Moves that another move of the same player dominates, told from the
// cells alone. They rest on one fact: a cell that only Right can ever
// use (no empty cell above or below it) is worth nothing to Left, so
// taking it away from a position X can only help Left: X - c >= X
// (Left, second in (X - c) - X, answers each move with the same move in
// the other game; c is never needed). Likewise X - c <= X for a cell c
// only Left can use (no empty cell beside it).
//
// Take three empty cells c1, c2, c3 in a column, Left's dominoes A = c1c2
// and B = c2c3, and H the position without all three: after A the
// position is H + c3, after B it is H + c1. When the cell beyond c3 is
// not empty, c3 is Right's alone in H + c3, so H + c3 <= H; when neither
// neighbour of c1 in its row is empty, c1 is Left's alone in H + c1, so H
// <= H + c1. Then A <= B: Left's move A is dominated. Right's rule is the
// same with rows and columns exchanged.
//
// When A and B dominate each other (both ends of a run of three cells
// alone in their rows), only one of them is reported.

// Dominated returns the first cells (the top of a vertical domino, the
// left of a horizontal one) of the moves of Left (left true) or Right in
// the region c that another of that player's moves, not itself reported,
// is at least as good as. The canonical form of c is the same without
// them. XT Domineering reports none: its one-cell moves break the fact
// above.
func (v Variant) Dominated(c region.Region, left bool) uint64 {
	if v == XT {
		return 0
	}
	b := c.Bits
	first, last := c.ColumnMasks()
	w := uint(c.W)
	if left {
		// Cells with no empty cell beside them, in their row.
		alone := b &^ ((b&^last)<<1 | (b&^first)>>1)
		tops := b & (b >> w)
		// A below it is B: c1 = A's top, c3 = B's bottom.
		down := tops & (tops >> w) &^ (b >> (3 * w)) & alone
		// B above A: c1 = A's bottom, c3 = B's top.
		up := tops & (b << w) &^ (b << (2 * w)) & (alone >> w)
		return down | up&^(down<<w)
	}
	// Cells with no empty cell above or below them.
	alone := b &^ (b<<w | b>>w)
	lefts := b & (b >> 1) &^ last
	// B right of A; the cell beyond B is in the same row or not empty.
	right := lefts & (lefts >> 1) &^ ((b &^ first) >> 3) & alone
	// B left of A; the cell beyond B, two left of A, is in A's row.
	sameRow2 := (b &^ last &^ (last >> 1)) << 2
	leftOf := lefts & ((b &^ last) << 1) &^ sameRow2 & (alone >> 1)
	return right | leftOf&^(right<<1)
}
