package census

import (
	"math/bits"
	"slices"
	"testing"

	"github.com/tablebase/tablebase/games/ttt3d/rules"
	"github.com/tablebase/tablebase/games/ttt3d/solve"
)

// TestLineUnionsBruteForce compares LineUnions with every set of lines
// whose union has at most 14 cells, taken in index order without regard
// to symmetry, kept when connected, and then reduced to classes. -short
// stops at 12 cells (unions of up to four lines), a fifth of the work.
func TestLineUnionsBruteForce(t *testing.T) {
	t.Parallel()
	b := rules.MustGet(4)
	n := 14
	if testing.Short() {
		n = 12
	}
	want := map[uint64]bool{}
	var grow func(from int, chosen []uint64, union uint64)
	grow = func(from int, chosen []uint64, union uint64) {
		if len(chosen) > 0 && connected(chosen) {
			want[leastImage(b, union)] = true
		}
		for i := from; i < len(b.Lines); i++ {
			if u := union | b.Lines[i]; bits.OnesCount64(u) <= n {
				grow(i+1, append(chosen, b.Lines[i]), u)
			}
		}
	}
	grow(0, nil, 0)
	got := LineUnions(b, n)
	if !slices.IsSorted(got) || len(slices.Compact(slices.Clone(got))) != len(got) {
		t.Fatal("LineUnions is not sorted and without repeats")
	}
	if len(got) != len(want) {
		t.Fatalf("%d unions, brute force %d", len(got), len(want))
	}
	for _, u := range got {
		if !want[u] {
			t.Fatalf("union %#x not found by brute force", u)
		}
	}
}

// connected reports whether the lines form one part: every line reached
// from the first through lines that share a cell.
func connected(lines []uint64) bool {
	reached := lines[0]
	for grown := true; grown; {
		grown = false
		for _, l := range lines {
			if l&reached != 0 && l&^reached != 0 {
				reached |= l
				grown = true
			}
		}
	}
	for _, l := range lines {
		if l&^reached != 0 {
			return false
		}
	}
	return true
}

// TestTopPatternsAreDraws decides every connected union of lines of at
// most 18 cells (so every pattern of 46 or more blocked cells): all
// draws, and each one the search proved is checked again by writing o's
// strategy out for the checker from the rules. -short stops at 16 cells.
func TestTopPatternsAreDraws(t *testing.T) {
	t.Parallel()
	b := rules.MustGet(4)
	cells := 18
	if testing.Short() {
		cells = 16
	}
	searched := 0
	for _, u := range LineUnions(b, cells) {
		p := rules.Empty(b, b.Full()&^u)
		d, err := solve.Decide(p, solve.DecideOptions{ResultOnly: true})
		if err != nil || d.Result != solve.Draw {
			t.Fatalf("%v: %v (%v), want a draw", p, d.Result, err)
		}
		if d.Proof != solve.ProvedBySearch {
			continue
		}
		searched++
		proof, err := solve.ProveDraw(p, 0)
		if err != nil {
			t.Fatalf("%v: %v", p, err)
		}
		if err := checkDrawProof(proof); err != nil {
			t.Fatalf("%v: %v", p, err)
		}
	}
	if searched == 0 {
		t.Error("no draw proved by search: the checker checked nothing")
	}
	t.Logf("%d draws proved by search, each checked", searched)
}
