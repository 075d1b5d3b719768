package synchronized

import "github.com/tablebase/tablebase/internal/bits128"

// Move-count bounds settle many positions without a search. They rest on
// three counts of a position, for each player:
//
//   - most(p): the most moves p can still make. p's pieces never overlap
//     one another and each lies in one line (a column for Vertical, a row
//     for Horizontal), so this is at most the number of disjoint pieces
//     that fit the empty cells, line by line.
//   - safe(p): moves of p that the other can never spoil: disjoint pieces
//     of p on cells that no piece of the other can cover now (the other's
//     placements only disappear as the game goes on), so p can play one of
//     them each turn, whatever the other does.
//   - sure(p): safe(p), plus what p can play first elsewhere. Take m
//     pieces of p (picks) that meet none of the safe pieces he keeps nor
//     one another, such that no piece of the other meets two of them.
//     Each turn p plays a pick still free, and the other's piece, placed
//     at the same time, spoils at most one more; so p has a pick to play
//     on each of the first ceil(m/2) turns, and the safe pieces after.
//
// If sure(p) >= most(o), p can be sure of at least a draw: p moves on
// every turn up to sure(p), and by then o has run out (or runs out at the
// same turn). If sure(p) > most(o), p wins: o runs out first.

// bound decides whether p can guarantee at least k from the move counts
// alone, given the starts of p's pieces (mine) and of the other's
// (theirs); decided is false when the counts do not tell.
func (g *geometry) bound(v Variant, mine, theirs bits128.Set, p Player, k Guarantee) (result, decided bool) {
	o := p.other()
	// p is sure of k when sure(p) beats most(o) (Win) or equals it (Draw);
	// o is sure of the complement when sure(o) does the same to most(p).
	margin := 0
	if k == Win {
		margin = 1
	}
	mostO, _ := g.pack(theirs, o)
	if g.sure(v, mine, theirs, p, mostO+margin) >= mostO+margin {
		return true, true
	}
	mostP, _ := g.pack(mine, p)
	if g.sure(v, theirs, mine, o, mostP+1-margin) >= mostP+1-margin {
		return false, true
	}
	return false, false
}

// sure returns sure(p), given the starts of p's pieces (mine) and of the
// other's (theirs), or a number of at least need that is at most sure(p).
func (g *geometry) sure(v Variant, mine, theirs bits128.Set, p Player, need int) int {
	n, kept := g.pack(mine.AndNot(g.reach(v, theirs, p.other())), p)
	if n >= need {
		return n
	}
	// The starts of p's pieces that meet a kept cell.
	meet := kept
	for k := 1; k < v.Length; k++ {
		meet = meet.Or(kept.ShrAny(uint(k) * g.step[p]))
	}
	// Picks: pieces of p that meet no kept cell nor one another, and no
	// piece of the other meets two of them.
	var used, spoiled bits128.Set
	picks := 0
	for f := mine.AndNot(meet); !f.Empty() && n+(picks+1)/2 < need; f = f.WithoutLow() {
		c := f.Low()
		piece, spoilers := g.pieceAt(p, c), g.meets[p][c].And(theirs)
		if piece.And(used).Empty() && spoilers.And(spoiled).Empty() {
			used, spoiled = used.Or(piece), spoiled.Or(spoilers)
			picks++
		}
	}
	return n + (picks+1)/2
}

// reach returns the cells where a piece of the other player would start
// if it met a cell that some piece of q, starting in starts, can cover.
// Removing them from the other player's starts leaves his pieces that lie
// wholly on cells q cannot cover.
func (g *geometry) reach(v Variant, starts bits128.Set, q Player) bits128.Set {
	covered := g.covered(v, starts, q)
	// A piece of the other player starting at s covers s, s+step, ...:
	// it meets a covered cell c when s = c - j*step for some j.
	hit := covered
	step := g.step[q.other()]
	for j := 1; j < v.Length; j++ {
		hit = hit.Or(covered.ShrAny(uint(j) * step))
	}
	return hit
}

// pack returns the most disjoint pieces of q among the given starts, and
// the cells they cover, taken greedily in cell order: in each line, the
// earliest piece and then the earliest that does not overlap it, which is
// a largest packing of a line.
func (g *geometry) pack(starts bits128.Set, q Player) (n int, cells bits128.Set) {
	for m := starts; !m.Empty(); n++ {
		piece := g.pieceAt(q, m.Low())
		cells = cells.Or(piece)
		m = m.AndNot(piece)
	}
	return n, cells
}
