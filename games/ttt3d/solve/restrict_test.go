package solve

import (
	"math/rand/v2"
	"testing"

	"github.com/tablebase/tablebase/games/ttt3d/internal/plain"
	"github.com/tablebase/tablebase/games/ttt3d/rules"
)

// TestRestrict checks a restricted board: its lines are those free of
// the blocked cells, its maps keep them in place and send lines to
// lines, and the exact solver gives the same outcome on it as on the
// whole board.
func TestRestrict(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for _, tc := range []struct{ n, blocked, empty int }{{3, 5, 9}, {4, 30, 9}, {4, 48, 10}} {
		b := rules.MustGet(tc.n)
		s := NewSolver(b, 16)
		for range 40 {
			p := plain.RandomPosition(r, b, tc.blocked, tc.empty)
			rb := b.Restrict(p.Blocked)
			open := map[uint64]bool{}
			for _, l := range b.Lines {
				if l&p.Blocked == 0 {
					open[l] = true
				}
			}
			if len(rb.Lines) != len(open) {
				t.Fatalf("%s: %d lines, want %d", p, len(rb.Lines), len(open))
			}
			for _, g := range rb.Group {
				if g.Apply(p.Blocked) != p.Blocked {
					t.Fatalf("%s: a map moves the blocked cells", p)
				}
				for _, l := range rb.Lines {
					if !open[g.Apply(l)] {
						t.Fatalf("%s: a map sends an open line off the open lines", p)
					}
				}
			}
			q := p
			q.B = rb
			if got, want := NewSolver(rb, 14).Solve(q), s.Solve(p); got != want {
				t.Fatalf("%s: %v restricted, %v whole", p, got, want)
			}
		}
	}
}

// TestSolverOn checks that solvers of several restricted boards sharing
// one table answer as plain minimax: a key holds its blocked cells (200
// positions, 20 with -short).
func TestSolverOn(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(15, 16))
	b := rules.MustGet(4)
	shared := NewSolver(b, 14)
	positions := 200
	if testing.Short() {
		positions = 20
	}
	for range positions {
		p := plain.RandomPosition(r, b, 44+r.IntN(8), 9)
		me, opp := p.Mover()
		want := oracle(b, me, opp, p.EmptyCells()).Result == Win
		if got := shared.On(b.Restrict(p.Blocked)).Wins(p.Restricted()); got != want {
			t.Fatalf("%s: Wins %v, oracle %v", p, got, want)
		}
	}
}
