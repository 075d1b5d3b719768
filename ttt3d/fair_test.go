package ttt3d

import (
	"math/bits"
	"testing"
)

// TestBlockedClasses checks the number of patterns of each size against
// Burnside's lemma: the number of orbits of k-sets is the average over
// the group of the k-sets each map fixes (unions of its cycles).
func TestBlockedClasses(t *testing.T) {
	if testing.Short() {
		t.Skip("enumerates 2^27 patterns")
	}
	b := MustGet(3)
	got := make([]int, 28)
	for _, m := range b.BlockedClasses() {
		got[bits.OnesCount64(m)]++
	}
	total := 0
	for k := range 28 {
		fixed := 0
		for _, g := range b.Group {
			// Cycle lengths of g, then the ways to pick whole cycles
			// adding up to k cells.
			seen := make([]bool, 27)
			ways := make([]int, 28)
			ways[0] = 1
			for c := range 27 {
				if seen[c] {
					continue
				}
				n := 0
				for d := c; !seen[d]; d = int(g.Perm[d]) {
					seen[d] = true
					n++
				}
				for s := 27; s >= n; s-- {
					ways[s] += ways[s-n]
				}
			}
			fixed += ways[k]
		}
		if want := fixed / len(b.Group); got[k] != want {
			t.Errorf("%d blocked: %d classes, Burnside says %d", k, got[k], want)
		}
		total += got[k]
	}
	t.Logf("%d classes of blocked patterns", total)
}

// TestDrawCriteria checks that each classical criterion only ever names
// patterns where the second player draws, on a sample of patterns.
func TestDrawCriteria(t *testing.T) {
	b := MustGet(3)
	s := NewSolver(b, 20)
	proved := 0
	for m := uint64(0); m < 1<<27; m += 104729 * 7 {
		c := b.DrawCriteria(m)
		if !(c.ErdosSelfridge || c.Beck || c.Pairing) {
			continue
		}
		proved++
		if o := s.Solve(Empty(b, m)); o.Result == Win {
			t.Fatalf("pattern %x: criteria %+v, but x wins: %v", m, c, o)
		}
	}
	if proved == 0 {
		t.Fatal("no pattern met a criterion")
	}
}
