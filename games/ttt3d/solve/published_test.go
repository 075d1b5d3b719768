package solve

import (
	"fmt"
	"testing"

	"github.com/tablebase/tablebase/games/ttt3d/rules"
)

// paperCell converts the coordinates of Chew, Lim and Tan, "Tic-Tac-Toe
// To The Third Dimension", (layer, row, column), each 1 to 3, into a
// cell index.
func paperCell(a, b, c int) int { return ((a-1)*3+b-1)*3 + c - 1 }

// TestChewLimTanLines plays the four winning lines of Chew, Lim and Tan (section 4.1.1):
// each of the first player's moves must be a winning move, and his last
// one must leave him two threats that the second player cannot both meet.
func TestChewLimTanLines(t *testing.T) {
	lines := [][5][3]int{
		{{2, 2, 2}, {1, 2, 2}, {1, 1, 1}, {3, 2, 2}, {1, 1, 3}},
		{{2, 2, 2}, {1, 2, 1}, {1, 3, 1}, {3, 2, 3}, {1, 3, 3}},
		{{2, 2, 2}, {2, 2, 1}, {2, 3, 1}, {2, 1, 3}, {2, 3, 3}},
		{{2, 2, 2}, {2, 3, 1}, {3, 2, 2}, {1, 2, 2}, {3, 3, 2}},
	}
	b := rules.MustGet(3)
	s := NewSolver(b, 20)
	for i, line := range lines {
		p := rules.Empty(b, 0)
		for ply, m := range line {
			c := paperCell(m[0], m[1], m[2])
			if p.EmptyCells()>>c&1 == 0 {
				t.Fatalf("case %d ply %d: cell %v taken", i+1, ply+1, m)
			}
			if ply%2 == 0 {
				moves := s.Moves(p, 2)
				for _, mv := range moves {
					if mv.Cell == c && mv.Outcome.Result != Win {
						t.Errorf("case %d: F%v at ply %d is not winning: %v", i+1, m, ply+1, mv.Outcome)
					}
				}
			}
			p = p.Play(c)
		}
		if got := s.Solve(p); got.Result != Loss || got.Plies > 2 {
			t.Errorf("case %d: after the line, o has %v, want a loss in 2", i+1, got)
		}
		if th := b.Threats(p.X, p.EmptyCells()); rules.Count(th) < 2 {
			t.Errorf("case %d: x has %d threats at the end, want two", i+1, rules.Count(th))
		}
	}
}

// ExampleSolver_Moves shows the first player's moves from the centre.
func ExampleSolver_Moves() {
	b := rules.MustGet(3)
	moves := NewSolver(b, 16).Moves(rules.Empty(b, 0), 2)
	fmt.Println(moves[0].Cell, moves[0].Outcome, moves[1].Outcome)
	// Output: 13 win in 7 loss in 10
}
