package parts

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/cgt"
)

// TestOutcomesAgainstWholeBoard decides random sums of Hackenbush strings
// and of Nim heaps with an Outcomes search, parts of up to 0, 2 or 5
// edges valued exactly, and compares the outcome with that of the
// whole-board oracle's value.
func TestOutcomesAgainstWholeBoard(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for _, c := range []struct {
		name  string
		rules Rules[string, string]
		part  func() string
	}{
		{"hackenbush", hackenbush{}, func() string {
			b := make([]byte, 1+rng.IntN(6))
			for i := range b {
				b[i] = "LR"[rng.IntN(2)]
			}
			return string(b)
		}},
		{"nim", nim{}, func() string { return strings.Repeat("|", 1+rng.IntN(6)) }},
	} {
		u := cgt.NewUniverse(16)
		s := NewSolver(u, c.rules)
		seen := map[string]cgt.ID{}
		value := func(p string) (cgt.ID, error) { return s.Value(p), nil }
		size := func(p string) int { return len(p) }
		outcomes := map[cgt.Outcome]int{}
		for i := range 300 {
			var p []string
			for range 1 + rng.IntN(3) {
				p = append(p, c.part())
			}
			known := []int{0, 2, 5}[i%3]
			search := NewOutcomes(u, c.rules, size, value, known)
			got, err := search.Decide(context.Background(), p)
			want := u.Outcome(wholeBoard(u, c.rules, seen, strings.Join(p, " ")))
			if err != nil || got != want {
				t.Fatalf("%s %q (parts of %d valued): %v (%v), the whole board %v", c.name, p, known, got, err, want)
			}
			outcomes[got]++
		}
		if len(outcomes) < 2 {
			t.Fatalf("%s: only outcomes %v drawn", c.name, outcomes)
		}
	}
}

// TestOutcomesStop: a search whose context has ended gives up.
func TestOutcomesStop(t *testing.T) {
	u := cgt.NewUniverse(16)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	search := NewOutcomes(u, Rules[string, string](nim{}), func(p string) int { return len(p) }, func(string) (cgt.ID, error) { return cgt.Zero, nil }, 0)
	heaps := strings.Fields(strings.Repeat("||||||| ", 6))
	if _, err := search.Decide(ctx, heaps); err == nil {
		t.Fatalf("a cancelled search answered")
	}
}
