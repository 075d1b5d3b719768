package domineering3d

import (
	"math/bits"

	"github.com/tablebase/tablebase/internal/bits128"
)

// Move counts that settle "can p force a win" without a search.
//
// most(q) is the most dominoes q can still place: in each run of empty
// cells along q's axis, half its length rounded down (runs only shrink).
// safe(q) is how many q can place whatever the others do: the same count
// over q's private cells, the empty cells with no empty neighbour along
// the axis of any other player still in the game (no one else can ever
// cover them, and a player who has left never comes back).
//
// A player in the game who cannot move when his turn comes leaves it, so
// p, who moves at most most(p) more times, leaves at his turn most(p)+1
// if the game lasts that long. While p and another player q are both in
// the game their turns alternate.
//
// sure(q) is safe(q), plus one when q moves now and has a domino off his
// private cells: he places it now, and the private ones at his turns
// after.
//
//   - p cannot win if some other q has sure(q) >= most(p), plus one if q's
//     next turn comes before p's: q still moves at each of his turns up
//     to p's turn most(p)+1, and there p leaves.
//   - p surely wins if sure(p) >= most(q), plus one if p's next turn comes
//     before q's, for each other q in the game: p still moves at each of
//     his turns until every other player has left.
//
// verdict returns whether the counts settle the question, and the answer.
// st is settled (its mover can move) and p is in the game.
func (s *Solver) verdict(st Turn, p Player) (settled, wins bool) {
	var turn [3]int // each player's place in the order of next turns
	q := st.Mover
	for i := range bits.OnesCount8(st.Alive) {
		turn[q] = i
		q = nextAlive(q, st.Reverse, st.Alive)
	}
	before := func(a, b Player) int {
		if turn[a] < turn[b] {
			return 1
		}
		return 0
	}
	// A count over private cells is at most half of them: the cheap test
	// first, the count only where it can settle the question.
	most := s.most(st.Empty, p)
	for q := range Player(3) {
		if q == p || st.Alive>>q&1 == 0 {
			continue
		}
		need := most + before(q, p)
		own := s.private(st, q)
		now := s.now(st, q, own)
		if own.Count()/2+now >= need && s.most(own, q)+now >= need {
			return true, false
		}
	}
	own := s.private(st, p)
	now := s.now(st, p, own)
	safe := -1 // counted once, when the first need passes the cheap test
	for q := range Player(3) {
		if q == p || st.Alive>>q&1 == 0 {
			continue
		}
		need := s.most(st.Empty, q) + before(p, q)
		if own.Count()/2+now < need {
			return false, false
		}
		if safe < 0 {
			safe = s.most(own, p) + now
		}
		if safe < need {
			return false, false
		}
	}
	return true, true
}

// now returns 1 if q moves now and can place a domino off his private
// cells own (he places it this turn, and the private ones after), else 0.
func (s *Solver) now(st Turn, q Player, own bits128.Set) int {
	if st.Mover != q {
		return 0
	}
	if s.Moves(st.Empty.AndNot(own), q).Empty() {
		return 0
	}
	return 1
}

// most returns the most dominoes player p can place in cells, none
// overlapping: half of each run along p's axis, rounded down.
func (s *Solver) most(cells bits128.Set, p Player) int {
	starts, n := s.starts[p], s.stride[p]
	count := 0
	for {
		// The first cell of each run, where it has a second: take both.
		first := cells.AndNot(cells.And(starts).ShlAny(n))
		d := first.And(cells.ShrAny(n)).And(starts)
		if d.Empty() {
			return count
		}
		count += d.Count()
		cells = cells.AndNot(d.Or(d.ShlAny(n)))
	}
}

// private returns p's private cells in st: the empty cells that no other
// player in the game can cover.
func (s *Solver) private(st Turn, p Player) bits128.Set {
	cells := st.Empty
	for q := range Player(3) {
		if q != p && st.Alive>>q&1 != 0 {
			starts, n := s.starts[q], s.stride[q]
			// Cells with an empty neighbour after them, or before them.
			cells = cells.AndNot(st.Empty.ShrAny(n).And(starts)).AndNot(st.Empty.And(starts).ShlAny(n))
		}
	}
	return cells
}
