package main

import (
	"math/rand/v2"
	"testing"

	"github.com/tablebase/tablebase/games/ttt3d/rules"
)

// TestClimb checks that climb keeps the number of blocked cells, takes no
// fewer lines away than its start, and stops where no move of one cell
// takes more away (every move tried by brute force).
func TestClimb(t *testing.T) {
	b := rules.MustGet(4)
	r := rand.New(rand.NewPCG(3, 4))
	for k := 1; k <= 12; k++ {
		var p uint64
		for _, c := range r.Perm(64)[:k] {
			p |= 1 << c
		}
		q := climb(b, p, r)
		if rules.Count(q) != k {
			t.Fatalf("%d cells climbed to %d", k, rules.Count(q))
		}
		got := linesTaken(b, q)
		if got < linesTaken(b, p) {
			t.Fatalf("%s takes %d lines away, fewer than its start %s", rules.Empty(b, q), got, rules.Empty(b, p))
		}
		for c := range 64 {
			for d := range 64 {
				if q>>c&1 == 1 && q>>d&1 == 0 && linesTaken(b, q&^(1<<c)|1<<d) > got {
					t.Fatalf("%s: moving cell %d to %d takes more lines away", rules.Empty(b, q), c, d)
				}
			}
		}
	}
}

// TestMostLines checks the figure of docs/results.md: from 600 starts,
// patterns of 8 blocked cells take at most 44 lines away, in two classes
// (the seed of the command there), and the drawn pattern shown there is
// one of them.
func TestMostLines(t *testing.T) {
	b := rules.MustGet(4)
	patterns, taken := mostLines(b, 8, 600, rand.New(rand.NewPCG(1, 99)))
	if taken != 44 || len(patterns) != 2 {
		t.Fatalf("%d lines taken away, %d classes; want 44 and 2", taken, len(patterns))
	}
	drawn, err := rules.Parse("...#...........#.....#...#............#...#.....#...........#...")
	if err != nil {
		t.Fatal(err)
	}
	want, _, _ := b.Canonical(drawn.Blocked, 0)
	found := false
	for _, p := range patterns {
		if linesTaken(b, p) != 44 {
			t.Errorf("%s takes %d lines away", rules.Empty(b, p), linesTaken(b, p))
		}
		if key, _, _ := b.Canonical(p, 0); key == want {
			found = true
		}
	}
	if !found {
		t.Errorf("the drawn pattern's class is not among %d", len(patterns))
	}
}
