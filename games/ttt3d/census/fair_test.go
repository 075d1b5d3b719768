package census

import (
	"math/bits"
	"sync"
	"testing"

	"github.com/tablebase/tablebase/games/ttt3d/rules"
	"github.com/tablebase/tablebase/games/ttt3d/solve"
	"github.com/tablebase/tablebase/internal/par"
)

// blockedClasses is the 3x3x3 board's BlockedClasses, enumerated once for
// the tests that need it.
var blockedClasses = sync.OnceValue(func() []uint64 { return BlockedClasses(rules.MustGet(3)) })

// TestBlockedClasses checks the number of patterns of each size against
// Burnside's lemma (see burnside).
func TestBlockedClasses(t *testing.T) {
	if testing.Short() {
		t.Skip("enumerates 2^27 patterns")
	}
	b := rules.MustGet(3)
	got := make([]int, 28)
	for _, m := range blockedClasses() {
		got[bits.OnesCount64(m)]++
	}
	total := 0
	for k := range 28 {
		if want := burnside(b, k); int64(got[k]) != want {
			t.Errorf("%d blocked: %d classes, Burnside says %d", k, got[k], want)
		}
		total += got[k]
	}
	t.Logf("%d classes of blocked patterns", total)
}

// TestDrawCriteria checks that each classical criterion only ever names
// patterns where the second player draws, on a sample of patterns (a
// quarter as many with -short, each criterion still met, and a smaller
// table).
func TestDrawCriteria(t *testing.T) {
	t.Parallel()
	b := rules.MustGet(3)
	step, tableBits := uint64(104729*7), uint(20)
	if testing.Short() {
		step, tableBits = step*4, 16
	}
	s := solve.NewSolver(b, tableBits)
	proved := 0
	for m := uint64(0); m < 1<<27; m += step {
		c := DrawCriteria(b, m)
		if !(c.ErdosSelfridge || c.Beck || c.Pairing) {
			continue
		}
		proved++
		if o := s.Solve(rules.Empty(b, m)); o.Result == solve.Win {
			t.Fatalf("pattern %x: criteria %+v, but x wins: %v", m, c, o)
		}
	}
	if proved == 0 {
		t.Fatal("no pattern met a criterion")
	}
}

// TestFewestBlockedForADraw checks the smallest fair variants the fair
// build found: x wins under every pattern of up to 5 blocked cells, and
// among the patterns of 6 exactly one class lets o draw. The answer of
// that class is checked with the exact solver as well.
func TestFewestBlockedForADraw(t *testing.T) {
	if testing.Short() {
		t.Skip("enumerates 2^27 patterns")
	}
	b := rules.MustGet(3)
	s := solve.NewSolver(b, 22)
	var small []uint64
	for _, m := range blockedClasses() {
		if bits.OnesCount64(m) <= 6 {
			small = append(small, m)
		}
	}
	drawn := make([]bool, len(small))
	par.Split(len(small), func(_, lo, hi int) {
		for i := lo; i < hi; i++ {
			drawn[i] = !s.Wins(rules.Empty(b, small[i]))
		}
	})
	var draws []uint64
	for i, m := range small {
		if drawn[i] {
			draws = append(draws, m)
		}
	}
	if len(draws) != 1 || bits.OnesCount64(draws[0]) != 6 {
		t.Fatalf("patterns of at most 6 blocked cells that draw: %x, want one of 6", draws)
	}
	p := rules.Empty(b, draws[0])
	if o := s.Solve(p); o.Result != solve.Draw {
		t.Fatalf("%s: exact solver %v", p, o)
	}
	t.Logf("the one fair pattern of 6 blocked cells: %s", p)
}
