package domineering3d

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// naive decides "can p force a win" straight from the rules, with
// coordinates instead of bitboards and no symmetry or pruning.
type naive struct {
	b    Box
	memo map[string]bool
}

func (n *naive) pairs(empty uint64, p Player) [][2]int {
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
				if empty>>c1&1 != 0 && empty>>c2&1 != 0 {
					out = append(out, [2]int{c1, c2})
				}
			}
		}
	}
	return out
}

func (n *naive) canWin(empty uint64, mover Player, reverse bool, alive uint8, p Player) bool {
	left := 0
	for q := range 3 {
		if alive>>q&1 != 0 {
			left++
		}
	}
	if left == 1 {
		return alive == 1<<p
	}
	key := fmt.Sprint(empty, mover, reverse, alive, p)
	if v, ok := n.memo[key]; ok {
		return v
	}
	following := func(alive uint8) Player {
		q := mover
		for {
			if reverse {
				q = (q + 2) % 3
			} else {
				q = (q + 1) % 3
			}
			if alive>>q&1 != 0 {
				return q
			}
		}
	}
	moves := n.pairs(empty, mover)
	var v bool
	if len(moves) == 0 {
		rest := alive &^ (1 << mover)
		v = n.canWin(empty, following(rest), reverse, rest, p)
	} else {
		any, all := false, true
		for _, m := range moves {
			w := n.canWin(empty&^(1<<m[0]|1<<m[1]), following(alive), reverse, alive, p)
			any, all = any || w, all && w
		}
		v = any && mover == p || all && mover != p
	}
	n.memo[key] = v
	return v
}

func (n *naive) outcome(empty uint64, o Order) (Player, error) {
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

func TestSolverMatchesNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for _, b := range []Box{{2, 2, 2}, {3, 2, 2}, {2, 3, 2}, {2, 2, 3}, {3, 3, 2}, {2, 2, 4}, {3, 2, 3}} {
		s := NewSolver(b, 16, 2)
		n := &naive{b: b, memo: map[string]bool{}}
		full := Full(b).Empty
		for trial := range 40 {
			empty := full
			if trial > 0 {
				empty &= rng.Uint64() | rng.Uint64() // about a quarter covered
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
			empty := Full(b).Empty & (rng.Uint64() | rng.Uint64() | rng.Uint64())
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
