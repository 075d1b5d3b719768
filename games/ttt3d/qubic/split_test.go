package qubic

import (
	"math/rand/v2"
	"testing"

	"github.com/tablebase/tablebase/games/ttt3d/internal/plain"
	"github.com/tablebase/tablebase/games/ttt3d/rules"
)

// TestDecideSplit decides positions with x to move both by one search and
// with x's moves searched apart after a first search too short to settle
// them, on one worker and on two: the verdicts must agree, and a winning
// move found apart must win. The positions are drawn patterns of 9 and 10
// blocked cells (docs/results.md), where every move of x is refuted, most
// after a known reply, and random positions with stones and blocked
// cells, mostly wins of x (16 positions). -short takes 8 positions, the
// pattern of 10 cells only (its search a third of the other's), and
// leaves out positions that one search does not settle in 150,000 nodes
// rather than 500,000.
func TestDecideSplit(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(23, 24))
	b := rules.MustGet(4)
	patterns := []string{
		"...#.......#..#......#...#.............#..#.........#.#.........",
		".........#........#...#..#..#.......#..........#.#.....#.......#",
	}
	count, budget := 16, int64(500_000)
	if testing.Short() {
		patterns, count, budget = patterns[1:], 8, 150_000
	}
	var positions []rules.Position
	for _, s := range patterns {
		p, err := rules.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		positions = append(positions, p)
	}
	for len(positions) < count {
		if p := plain.RandomPosition(r, b, r.IntN(12), 44+r.IntN(8)); p.XToMove() {
			positions = append(positions, p)
		}
	}
	wins, draws := 0, 0
	for _, p := range positions {
		q := p.Restricted()
		want, wantSettled, _ := NewLiveProver(q.B).Decide(q, budget)
		if !wantSettled {
			continue
		}
		for _, workers := range []int{1, 2} {
			pv := NewLiveProver(q.B)
			win, settled, move := pv.decideSplit(q, 1<<40, workers, 50)
			if !settled || win != want {
				t.Fatalf("%s, %d workers: win %v settled %v apart, win %v in one search", p, workers, win, settled, want)
			}
			if !win {
				if !pv.Refuted(q.X, q.O) {
					t.Fatalf("%s: refuted apart but not recorded", p)
				}
				continue
			}
			if q.B.Completes(q.X, move) {
				continue
			}
			if w, ok, _ := NewLiveProver(q.B).Decide(q.Play(move), 1_000_000); !ok || !w {
				t.Fatalf("%s: x's move %d found apart, then win %v settled %v", p, move, w, ok)
			}
		}
		if want {
			wins++
		} else {
			draws++
		}
	}
	if wins == 0 || draws < 2 {
		t.Fatalf("%d wins and %d draws decided: want some of each", wins, draws)
	}
	t.Logf("%d wins and %d draws decided apart as in one search", wins, draws)
}
