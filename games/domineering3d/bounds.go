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
// sure(q) is safe(q), plus what q can place first elsewhere. Take m
// dominoes of q (picks) off his private cells, none overlapping another,
// such that no domino of another player in the game meets two of them.
// At each turn q places a pick still free, if any, and the private ones
// after; each move of another player spoils at most one pick. Before
// q's next turn j others move (j is 0 when q moves now), and k between
// his turns after that (the others in the game), so q places a pick at
// each of his next ceil((m-j)/(k+1)) turns.
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
	alive := bits.OnesCount8(st.Alive)
	for i := range alive {
		turn[q] = i
		q = nextAlive(q, st.Reverse, st.Alive)
	}
	before := func(a, b Player) int {
		if turn[a] < turn[b] {
			return 1
		}
		return 0
	}
	most := s.most(st.Empty, p)
	need := 0 // what p must be sure of to win
	for q := range Player(3) {
		if q == p || st.Alive>>q&1 == 0 {
			continue
		}
		if s.sure(st, q, turn[q], alive-1, most+before(q, p)) {
			return true, false
		}
		need = max(need, s.most(st.Empty, q)+before(p, q))
	}
	if !s.sure(st, p, turn[p], alive-1, need) {
		return false, false
	}
	return true, true
}

// sure reports whether sure(q) >= need for q, whose next turn comes
// after j others' and who has k others in the game. The counts are tried
// cheapest first, each only where it can reach need.
func (s *Solver) sure(st Turn, q Player, j, k, need int) bool {
	// picks returns how many picks make q sure of need with n private
	// dominoes: ceil((m-j)/(k+1)) >= need-n.
	picks := func(n int) int {
		if n >= need {
			return 0
		}
		return j + (need-n-1)*(k+1) + 1
	}
	own := s.private(st, q)
	open := st.Empty.AndNot(own)
	// A count over cells is at most half of them.
	if open.Count()/2 < picks(own.Count()/2) {
		return false
	}
	n := s.most(own, q)
	want := picks(n)
	free := s.Moves(open, q)
	if want == 0 || free.Count() < want {
		return want == 0
	}
	var others [2]Player
	var theirs, spoiled [2]bits128.Set // the others' moves, and those that meet a pick
	count := 0
	for r := range Player(3) {
		if r != q && st.Alive>>r&1 != 0 {
			others[count], theirs[count] = r, s.Moves(st.Empty, r)
			count++
		}
	}
	var used bits128.Set
	m := 0
	for ; !free.Empty() && m < want; free = free.WithoutLow() {
		c := free.Low()
		piece := s.touch[q][q][c]
		meet0, meet1 := theirs[0].And(s.touch[q][others[0]][c]), theirs[1].And(s.touch[q][others[1]][c])
		if piece.And(used).Empty() && meet0.And(spoiled[0]).Empty() && meet1.And(spoiled[1]).Empty() {
			used = used.Or(piece)
			spoiled[0], spoiled[1] = spoiled[0].Or(meet0), spoiled[1].Or(meet1)
			m++
		}
	}
	return m >= want
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
