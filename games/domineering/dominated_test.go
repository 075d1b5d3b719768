package domineering

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/tablebase/tablebase/cgt/oracle"
	"github.com/tablebase/tablebase/internal/region"
)

// TestDominatedMoves checks every move Dominated reports against the
// oracle built cell by cell from the rules: some move of the same player
// that is not reported leads to a position at least as good for him (on
// 1500 random regions, 800 with -short).
func TestDominatedMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 7))
	o := oracle.New()
	reported := [2]int{}
	regions := 1500
	if testing.Short() {
		regions = 800
	}
	for range regions {
		h, w := 1+rng.IntN(5), 1+rng.IntN(5)
		if rng.IntN(3) == 0 {
			h, w = 1+rng.IntN(2), 6+rng.IntN(5) // rows of other widths
		}
		r := randomRegion(rng, h, w, 12)
		b := &boardOracle{o: o, h: h, w: w, memo: map[string]*oracle.Game{}}
		after := func(piece uint64) *oracle.Game { return b.game(b.cells(r.Bits &^ piece)) }
		for i, left := range []bool{true, false} {
			dominated := Plain.Dominated(r, left)
			moves := Plain.Moves(r, left, nil)
			var kept []*oracle.Game
			for _, p := range moves {
				if p&-p&dominated == 0 {
					kept = append(kept, after(p))
				}
			}
			for _, p := range moves {
				if p&-p&dominated == 0 {
					continue
				}
				reported[i]++
				g, beaten := after(p), false
				for _, k := range kept {
					if left && o.Le(g, k) || !left && o.Le(k, g) {
						beaten = true
						break
					}
				}
				if !beaten {
					t.Fatalf("%s: the move at cell %d of left=%v is reported dominated; no move kept is as good", r, bits.TrailingZeros64(p), left)
				}
			}
			if dominated&^firstCells(moves) != 0 {
				t.Fatalf("%s: left=%v reports cells %b that start no move", r, left, dominated&^firstCells(moves))
			}
		}
	}
	// The check above holds trivially if nothing is reported.
	if reported[0] < 100 || reported[1] < 100 {
		t.Fatalf("only %v moves reported dominated (Left, Right)", reported)
	}
	if XT.Dominated(region.Full(3, 3), true) != 0 {
		t.Fatal("XT Domineering reports dominated moves")
	}
}

// firstCells returns the lowest cell of each move.
func firstCells(moves []uint64) uint64 {
	var f uint64
	for _, p := range moves {
		f |= p & -p
	}
	return f
}

// TestDominatedExamples pins the rule on hand-made regions.
func TestDominatedExamples(t *testing.T) {
	for _, c := range []struct {
		board       string
		left, right uint64
	}{
		// Both ends of the column are alone in their rows: the two
		// dominoes are worth the same, and one of them is reported.
		{".|.|.", 0b001, 0},
		// The top cell has a neighbour: the bottom domino leaves it a
		// domino of Right's (-1), the top one two lone cells (0).
		{"..|.#|.#", 0b100, 0},
		// Column 0 holds rows 1 to 3, its top cell has a neighbour.
		{"#.|..|.#|.#", 0b10000, 0},
		{"...", 0, 0b001},
		// Right's middle domino leaves two lone cells (0), the first one
		// a domino (-1).
		{"....", 0, 0b010},
		{"....|....", 0, 0},
	} {
		r, err := region.Parse(c.board)
		if err != nil {
			t.Fatal(err)
		}
		if got := Plain.Dominated(r, true); got != c.left {
			t.Errorf("%s: Left %b, want %b", c.board, got, c.left)
		}
		if got := Plain.Dominated(r, false); got != c.right {
			t.Errorf("%s: Right %b, want %b", c.board, got, c.right)
		}
	}
}
