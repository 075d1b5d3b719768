package solve

import (
	"math/rand/v2"
	"testing"

	"github.com/tablebase/tablebase/games/ttt3d/internal/plain"
	"github.com/tablebase/tablebase/games/ttt3d/rules"
)

// TestWinsAgainstOracle checks the win-or-not search against plain
// minimax on random positions, with and without blocked cells: with many
// blocked cells most cells are dead, which is where the search drops
// them. Each position is asked of a fresh solver and of one shared by all
// positions of its row, so that answers left in the table by other
// positions are checked too. -short takes a quarter of the positions.
func TestWinsAgainstOracle(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(5, 6))
	answers := map[int]map[bool]int{3: {}, 4: {}} // board size, answer: positions
	for _, tc := range []struct{ n, blocked, empty, count int }{
		{3, 0, 10, 30}, {3, 4, 8, 100}, {3, 9, 9, 60}, {3, 13, 9, 60}, {3, 16, 9, 60},
		{4, 0, 7, 40}, {4, 30, 8, 40},
	} {
		b := rules.MustGet(tc.n)
		shared := NewSolver(b, 16)
		if testing.Short() {
			tc.count = max(tc.count/4, 1)
		}
		for range tc.count {
			p := plain.RandomPosition(r, b, tc.blocked, tc.empty)
			me, opp := p.Mover()
			want := oracle(b, me, opp, p.EmptyCells()).Result == Win
			answers[tc.n][want]++
			if got := NewSolver(b, 12).Wins(p); got != want {
				t.Fatalf("%s: Wins %v, oracle %v", p, got, want)
			}
			if got := shared.Wins(p); got != want {
				t.Fatalf("%s: Wins (shared table) %v, oracle %v", p, got, want)
			}
		}
	}
	for n, a := range answers {
		if a[true] == 0 || a[false] == 0 {
			t.Errorf("n=%d: %d positions won and %d not; both answers should be tested", n, a[true], a[false])
		}
	}
}
