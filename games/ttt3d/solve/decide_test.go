package solve

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"github.com/tablebase/tablebase/games/ttt3d/internal/plain"
	"github.com/tablebase/tablebase/games/ttt3d/rules"
)

// moveResult is the oracle's result of a move for the side making it.
func moveResult(p rules.Position, c int) Result {
	me, opp := p.Mover()
	if completes(p.B, me|1<<c, c) {
		return Win
	}
	return -oracle(p.B, opp, me|1<<c, p.EmptyCells()&^(1<<c)).Result
}

// TestDecideAgainstOracle checks Decide against plain minimax on random
// 4x4x4 positions small enough for it: patterns of blocked cells on the
// empty board and positions with stones. The result must agree, a
// winning move must win, and the drawing moves of a draw must be exactly
// the oracle's.
func TestDecideAgainstOracle(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(17, 18))
	b := rules.MustGet(4)
	seen := map[Result]map[string]int{Win: {}, Draw: {}, Loss: {}}
	// quiet rows keep only positions where neither side threatens to
	// complete a line, so that the rules settle none of them.
	// -short takes fewer positions (short), still covering each kind of
	// result and proof.
	for _, tc := range []struct {
		blocked, empty, count, short int
		quiet                        bool
	}{
		{55, 9, 150, 3, false}, {54, 9, 60, 2, false}, {40, 9, 60, 4, false}, {20, 8, 40, 40, false}, {0, 8, 20, 5, false},
		{30, 9, 60, 3, true}, {10, 9, 60, 15, true},
	} {
		if testing.Short() {
			tc.count = tc.short
		}
		for range tc.count {
			var p rules.Position
			for {
				if tc.blocked+tc.empty == 64 {
					p = rules.Empty(b, 0)
					for _, c := range r.Perm(64)[:tc.blocked] {
						p.Blocked |= 1 << c
					}
				} else {
					p = plain.RandomPosition(r, b, tc.blocked, tc.empty)
				}
				if !tc.quiet || b.Threats(p.X, p.EmptyCells())|b.Threats(p.O, p.EmptyCells()) == 0 {
					break
				}
			}
			me, opp := p.Mover()
			want := oracle(b, me, opp, p.EmptyCells()).Result
			d, err := Decide(p, DecideOptions{})
			if err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			if d.Result != want {
				t.Fatalf("%s: Decide %v (%s), oracle %v", p, d.Result, d.Proof, want)
			}
			seen[want][d.Proof]++
			switch want {
			case Win:
				if len(d.Moves) != 1 || moveResult(p, d.Moves[0]) != Win {
					t.Fatalf("%s: winning moves %v", p, d.Moves)
				}
			case Draw:
				var draws []int
				for e := p.EmptyCells(); e != 0; e &= e - 1 {
					if c := rules.LowCell(e); moveResult(p, c) == Draw {
						draws = append(draws, c)
					}
				}
				if !slices.Equal(d.Moves, draws) {
					t.Fatalf("%s: drawing moves %v, oracle %v", p, d.Moves, draws)
				}
			case Loss:
				if len(d.Moves) != 0 {
					t.Fatalf("%s: a loss with moves %v", p, d.Moves)
				}
			}
		}
	}
	for _, need := range []struct {
		r     Result
		proof string
	}{{Win, ProvedBySearch}, {Draw, ProvedByPairing}, {Draw, ProvedBySearch}, {Loss, ProvedBySearch}} {
		if seen[need.r][need.proof] == 0 {
			t.Errorf("no %v proved by %s among the positions: %v", need.r, need.proof, seen)
		}
	}
}

// TestDecideTableFitsPosition checks that Decide of a position with 9
// empty cells that searches for o's win allocates far less than a table
// of 2^20 slots: its table holds the 3^9 positions it can meet.
func TestDecideTableFitsPosition(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	b := rules.MustGet(4)
	for range 200 {
		p := plain.RandomPosition(r, b, 10, 9)
		d, err := Decide(p, DecideOptions{ResultOnly: true})
		if xWins := d.Result == Win && p.XToMove() || d.Result == Loss && !p.XToMove(); err != nil || d.Proof != ProvedBySearch || xWins || b.Restrict(p.Blocked).Pairable(p.X, p.EmptyCells()) {
			continue // no search for o's win
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		if _, err := Decide(p, DecideOptions{ResultOnly: true}); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		runtime.ReadMemStats(&after)
		n := after.TotalAlloc - before.TotalAlloc
		if n > 1<<20 {
			t.Fatalf("%s: Decide allocates %d bytes", p, n)
		}
		t.Logf("%s: Decide allocates %d bytes", p, n)
		return
	}
	t.Fatal("no position searched for o's win")
}
