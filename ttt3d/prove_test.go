package ttt3d

import (
	"math/rand/v2"
	"testing"
)

// TestProverAgainstSolver compares the prover's verdict with the exact
// solver on random 4x4x4 and 3x3x3 positions, and checks each proved
// strategy against every defence.
func TestProverAgainstSolver(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, tc := range []struct{ n, empty, count int }{{4, 12, 60}, {3, 14, 60}, {3, 27, 1}} {
		b := MustGet(tc.n)
		s := NewSolver(b, 18)
		wins := 0
		for range tc.count {
			p := randomPosition(r, b, 0, tc.empty)
			want := s.Solve(p)
			xWins := want.Result == Win && p.XToMove() || want.Result == Loss && !p.XToMove()
			pv := NewProver(b)
			win, settled, strategy := pv.Prove(p, 1<<20)
			if !settled || win != xWins {
				t.Fatalf("%s: prover %v (settled %v), solver %v", p, win, settled, want)
			}
			if !win {
				continue
			}
			wins++
			plies, err := strategy.Verify(p)
			if err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			if plies < want.Plies {
				t.Fatalf("%s: strategy wins in %d plies, faster than the best %d", p, plies, want.Plies)
			}
		}
		if wins == 0 {
			t.Fatalf("n=%d: no wins among the samples", tc.n)
		}
	}
}

// TestProverStrategies checks every win the prover finds on random 4x4x4
// positions early in the game, too far from the end for the exact
// solver, against every defence: there o's replies are cut to those that
// can stop a threat chain, and each cut reply must still be covered.
func TestProverStrategies(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	b := MustGet(4)
	proved := 0
	for range 12 {
		p := randomPosition(r, b, 0, 64-10)
		pv := NewProver(b)
		win, settled, strategy := pv.Prove(p, 50000)
		if !settled || !win {
			continue
		}
		proved++
		if _, err := strategy.Verify(p); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
	}
	if proved == 0 {
		t.Fatal("no win proved among the samples")
	}
	t.Logf("%d wins proved and verified", proved)
}
