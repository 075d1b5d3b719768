package solve

import (
	"math/rand/v2"
	"testing"

	"github.com/tablebase/tablebase/games/ttt3d/internal/plain"
	"github.com/tablebase/tablebase/games/ttt3d/qubic"
	"github.com/tablebase/tablebase/games/ttt3d/rules"
)

// TestProverAgainstSolver compares the prover's verdict with the exact
// solver on random 4x4x4 and 3x3x3 positions, and checks each proved
// strategy against every defence.
func TestProverAgainstSolver(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, tc := range []struct{ n, empty, count int }{{4, 12, 60}, {3, 14, 60}, {3, 27, 1}} {
		b := rules.MustGet(tc.n)
		s := NewSolver(b, 18)
		wins := 0
		for range tc.count {
			p := plain.RandomPosition(r, b, 0, tc.empty)
			want := s.Solve(p)
			xWins := want.Result == Win && p.XToMove() || want.Result == Loss && !p.XToMove()
			pv := qubic.NewProver(b)
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

// TestProverCollapse proves random 4x4x4 positions early in the game while
// freeing the tree every few hundred nodes, and checks each strategy
// against every defence and each verdict against the exact solver where
// it can reach (24 positions, 6 with -short).
func TestProverCollapse(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(19, 20))
	b := rules.MustGet(4)
	s := NewSolver(b, 18)
	proved := 0
	positions, enough := 24, 5
	if testing.Short() {
		positions, enough = 6, 1
	}
	for i := range positions {
		p := plain.RandomPosition(r, b, 0, 64-10)
		if i%2 == 1 {
			p = plain.RandomPosition(r, b, 0, 14)
		}
		pv := qubic.NewProver(b)
		pv.CollapseAbove = 300
		win, settled, strategy := pv.Prove(p, 100000)
		if !settled {
			continue
		}
		if i%2 == 1 {
			want := s.Solve(p)
			if xWins := want.Result == Win && p.XToMove() || want.Result == Loss && !p.XToMove(); win != xWins {
				t.Fatalf("%s: prover %v, solver %v", p, win, want)
			}
		}
		if !win {
			continue
		}
		proved++
		if _, err := strategy.Verify(p); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
	}
	if proved < enough {
		t.Fatalf("%d wins proved: want more", proved)
	}
	t.Logf("%d wins proved and verified", proved)
}
