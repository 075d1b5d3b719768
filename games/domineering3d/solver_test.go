package domineering3d

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/tablebase/tablebase/internal/bits128"
)

// naive decides "can p force a win" straight from the rules, with
// coordinates instead of bitboards and no symmetry or pruning.
type naive struct {
	b    Box
	memo map[Turn]uint8 // the players who can force a win from a turn
}

func (n *naive) pairs(empty bits128.Set, p Player) [][2]int {
	var out [][2]int
	for i := range n.b.A {
		for j := range n.b.B {
			for k := range n.b.C {
				x := [3]int{i, j, k}
				x[p]++
				if x[0] >= n.b.A || x[1] >= n.b.B || x[2] >= n.b.C {
					continue
				}
				c1 := (i*n.b.B+j)*n.b.C + k
				c2 := (x[0]*n.b.B+x[1])*n.b.C + x[2]
				if empty.Has(c1) && empty.Has(c2) {
					out = append(out, [2]int{c1, c2})
				}
			}
		}
	}
	return out
}

func (n *naive) canWin(empty bits128.Set, mover Player, reverse bool, alive uint8, p Player) bool {
	return n.winners(Turn{empty, mover, reverse, alive})>>p&1 != 0
}

// winners returns the set of players (bit p for player p) who can force
// a win from t: the last player left; else, when the mover has a move,
// the mover if one of his moves leads to his win, and each other player
// to whose win every move leads; else the winners once the mover leaves.
func (n *naive) winners(t Turn) uint8 {
	left := 0
	for q := range 3 {
		if t.Alive>>q&1 != 0 {
			left++
		}
	}
	if left == 1 {
		return t.Alive
	}
	if v, ok := n.memo[t]; ok {
		return v
	}
	following := func(alive uint8) Player {
		q := t.Mover
		for {
			if t.Reverse {
				q = (q + 2) % 3
			} else {
				q = (q + 1) % 3
			}
			if alive>>q&1 != 0 {
				return q
			}
		}
	}
	moves := n.pairs(t.Empty, t.Mover)
	var v uint8
	if len(moves) == 0 {
		rest := t.Alive &^ (1 << t.Mover)
		v = n.winners(Turn{t.Empty, following(rest), t.Reverse, rest})
	} else {
		var some, all uint8 = 0, 7
		for _, m := range moves {
			w := n.winners(Turn{t.Empty.AndNot(bits128.Cell(m[0])).AndNot(bits128.Cell(m[1])), following(t.Alive), t.Reverse, t.Alive})
			some, all = some|w, all&w
		}
		mover := uint8(1) << t.Mover
		v = some&mover | all&^mover
	}
	n.memo[t] = v
	return v
}

func (n *naive) outcome(empty bits128.Set, o Order) (Player, error) {
	winner := Q
	for p := range Player(3) {
		if n.canWin(empty, o.First, o.Reverse, 7, p) {
			if winner != Q {
				return Q, fmt.Errorf("both %v and %v can force a win", winner, p)
			}
			winner = p
		}
	}
	return winner, nil
}

// TestSolverMatchesNaive compares the solver's outcome under every turn
// order with plain minimax on empty boxes of 8 to 18 cells and on
// random positions of them (40 a box, 12 with -short).
func TestSolverMatchesNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for _, b := range []Box{{2, 2, 2}, {3, 2, 2}, {2, 3, 2}, {2, 2, 3}, {3, 3, 2}, {2, 2, 4}, {3, 2, 3}} {
		s := NewSolver(b, 16, 2)
		n := &naive{b: b, memo: map[Turn]uint8{}}
		full := Full(b).Empty
		trials := 40
		if testing.Short() {
			trials = 12
		}
		for trial := range trials {
			empty := full
			if trial > 0 {
				empty = empty.And(randomSet(rng, 2)) // about a quarter covered
			}
			got := s.Outcomes(empty)
			for i, o := range Orders {
				want, err := n.outcome(empty, o)
				if err != nil {
					t.Fatal(err)
				}
				if got[i] != want {
					t.Fatalf("%s order %s: %v, naive %v", Position{b, empty}, o, got[i], want)
				}
			}
		}
	}
}

// TestSymmetricImagesAgree maps random positions of boxes with equal sides
// by every symmetry and checks the answers map the same way: players by the
// map, and the direction of play reversed by odd axis permutations.
func TestSymmetricImagesAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for _, b := range []Box{{3, 3, 3}, {2, 3, 3}, {3, 3, 2}, {2, 2, 4}} {
		s := NewSolver(b, 18, 2)
		for range 15 {
			empty := Full(b).Empty.And(randomSet(rng, 3))
			base := s.Outcomes(empty)
			for mi := range s.group.Maps {
				m := &s.group.Maps[mi]
				img := s.Outcomes(m.Apply(empty))
				for i, o := range Orders {
					mo := Order{First: Player(m.Player[o.First]), Reverse: o.Reverse != m.Reverses}
					j := indexOf(mo)
					want := base[i]
					if want != Q {
						want = Player(m.Player[want])
					}
					if img[j] != want {
						t.Fatalf("%s, map %d: order %s gives %v, image order %s gives %v", Position{b, empty}, mi, o, base[i], mo, img[j])
					}
				}
			}
		}
	}
}

func indexOf(o Order) int {
	for i, x := range Orders {
		if x == o {
			return i
		}
	}
	return -1
}

// randomSet returns a random set of cells in which each cell is missing
// with probability 2^-k.
func randomSet(rng *rand.Rand, k int) bits128.Set {
	var s bits128.Set
	for range k {
		s = s.Or(bits128.Set{Lo: rng.Uint64(), Hi: rng.Uint64()})
	}
	return s
}

// TestBoxesPastOneWord compares positions of boxes of 65 to 125 cells,
// about 14 cells empty, with the naive rules, and checks every symmetric
// image of those of the 5x5x5 cube.
func TestBoxesPastOneWord(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	winners := map[Player]int{}
	for _, b := range []Box{{5, 4, 4}, {2, 2, 17}, {5, 5, 3}, {3, 3, 8}, {4, 4, 5}, {2, 2, 32}, {5, 5, 5}} {
		s := NewSolver(b, 18, 2)
		n := &naive{b: b, memo: map[Turn]uint8{}}
		for range 6 {
			var empty bits128.Set
			for empty.Count() < 14 {
				empty = empty.Or(bits128.Cell(rng.IntN(b.Cells())))
			}
			got := s.Outcomes(empty)
			for i, o := range Orders {
				want, err := n.outcome(empty, o)
				if err != nil {
					t.Fatal(err)
				}
				if got[i] != want {
					t.Fatalf("%s order %s: %v, naive %v", Position{b, empty}, o, got[i], want)
				}
				winners[want]++
			}
			if b.A != b.B || b.B != b.C {
				continue
			}
			for mi := range s.group.Maps {
				m := &s.group.Maps[mi]
				if img := s.Outcomes(m.Apply(empty)); Through(img, m) != got {
					t.Fatalf("%s, map %d: %v, image through map %v", Position{b, empty}, mi, got, Through(img, m))
				}
			}
		}
	}
	if len(winners) < 3 {
		t.Errorf("random positions cover only the outcomes %v", winners)
	}
}

// TestVerdictMatchesNaive: wherever the move counts settle "can p force
// a win", on random positions of every turn and set of players still in
// the game, the naive search gives the same answer; and they settle both
// ways often enough to be tried.
func TestVerdictMatchesNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	var wins, losses int
	for _, b := range []Box{{2, 2, 3}, {3, 3, 2}, {2, 2, 4}, {3, 2, 3}, {2, 4, 2}} {
		s := NewSolver(b, 10, 1)
		n := &naive{b: b, memo: map[Turn]uint8{}}
		full := Full(b).Empty
		for range 3000 {
			st := Turn{Empty: full.And(randomSet(rng, 1+rng.IntN(2))), Mover: Player(rng.IntN(3)), Reverse: rng.IntN(2) == 0, Alive: uint8(1 + rng.IntN(7))}
			if st.Alive>>st.Mover&1 == 0 {
				continue
			}
			st, _, over := s.Settle(st)
			if over {
				continue
			}
			for p := range Player(3) {
				if st.Alive>>p&1 == 0 {
					continue
				}
				settled, win := s.verdict(st, p)
				if !settled {
					continue
				}
				if want := n.canWin(st.Empty, st.Mover, st.Reverse, st.Alive, p); win != want {
					t.Fatalf("%s, mover %v, reverse %v, alive %03b: counts say %v wins: %v, naive %v", Position{b, st.Empty}, st.Mover, st.Reverse, st.Alive, p, win, want)
				}
				if win {
					wins++
				} else {
					losses++
				}
			}
		}
	}
	if wins < 100 || losses < 100 {
		t.Errorf("settled %d wins and %d losses: too few to try the counts", wins, losses)
	}
	t.Logf("settled %d wins and %d losses", wins, losses)
}

// TestCountsChangeNoAnswer solves random positions of boxes too large for
// the naive rules, about 26 cells empty, with the move counts and without
// them, under all six orders (30 a box, 10 with -short).
func TestCountsChangeNoAnswer(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	winners := map[Player]int{}
	for _, b := range []Box{{2, 2, 12}, {2, 3, 6}, {3, 3, 4}, {2, 2, 20}, {2, 4, 5}} {
		with, without := NewSolver(b, 18, 1), NewSolver(b, 18, 1)
		without.noCounts = true
		trials := 30
		if testing.Short() {
			trials = 10 // -short: every box, a third of the positions
		}
		for range trials {
			var empty bits128.Set
			for empty.Count() < 26 {
				empty = empty.Or(bits128.Cell(rng.IntN(b.Cells())))
			}
			got, want := with.Outcomes(empty), without.Outcomes(empty)
			if got != want {
				t.Fatalf("%s: %v with the counts, %v without", Position{b, empty}, got, want)
			}
			for _, w := range got {
				winners[w]++
			}
		}
	}
	if len(winners) < 3 {
		t.Errorf("random positions cover only the outcomes %v", winners)
	}
}
