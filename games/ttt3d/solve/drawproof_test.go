package solve

import (
	"cmp"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tablebase/tablebase/games/ttt3d/internal/plain"
	"github.com/tablebase/tablebase/games/ttt3d/rules"
)

// drawnPatterns are the drawn patterns of few blocked cells in
// docs/results.md: 8 cells (the fewest found), 9, and two of 10.
var drawnPatterns = []string{
	"...#...........#.....#...#............#...#.....#...........#...",
	"...#.......#..#......#...#.............#..#.........#.#.........",
	".........#........#...#..#..#.......#..........#.#.....#.......#",
	"...#....#.....#.........#..........#.##................#.#..#...",
}

func TestProofLines(t *testing.T) {
	lines := proofLines()
	if len(lines) != 76 {
		t.Fatalf("%d lines, want 76", len(lines))
	}
	want := map[uint64]bool{}
	for _, l := range rules.MustGet(4).Lines {
		want[l] = true
	}
	for _, l := range lines {
		var s uint64
		for _, c := range l {
			s |= 1 << c
		}
		if !want[s] {
			t.Fatalf("line %v is not one of the board's", l)
		}
	}
}

// TestDrawProofPatterns proves the drawn patterns again, o's strategy
// written out, and checks each strategy; a proof with any part taken out
// or spoilt is refused. -short proves the first pattern only, which the
// others prove by the same searches.
func TestDrawProofPatterns(t *testing.T) {
	t.Parallel()
	patterns := drawnPatterns
	if testing.Short() {
		patterns = patterns[:1]
	}
	var d *DrawProof
	for i, s := range patterns {
		p, err := rules.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		proof, err := ProveDraw(p, 0)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if err := checkDrawProof(proof); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		t.Logf("%d blocked cells: o's strategy has %d replies and %d pairings", rules.Count(p.Blocked), len(proof.Replies), len(proof.Pairings))
		if i == 0 {
			d = proof
		}
	}
	p := d.Start

	keys := func(m map[[2]uint64]int) [][2]uint64 {
		var ks [][2]uint64
		for k := range m {
			ks = append(ks, k)
		}
		slices.SortFunc(ks, func(a, b [2]uint64) int {
			return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1]))
		})
		return ks
	}
	replies := keys(d.Replies)
	rng := rand.New(rand.NewPCG(1, 2))
	spoil := []struct {
		name string
		do   func(d *DrawProof)
	}{
		{"a reply missing", func(d *DrawProof) { delete(d.Replies, replies[rng.IntN(len(replies))]) }},
		{"a reply on a taken cell", func(d *DrawProof) {
			k := replies[rng.IntN(len(replies))]
			d.Replies[k] = rules.LowCell(k[0])
		}},
		{"every reply the lowest empty cell", func(d *DrawProof) {
			for k := range d.Replies {
				d.Replies[k] = rules.LowCell(p.B.Full() &^ (k[0] | k[1] | p.Blocked))
			}
		}},
		{"a pair cut from every pairing", func(d *DrawProof) {
			for k, pairs := range d.Pairings {
				d.Pairings[k] = pairs[1:]
			}
		}},
	}
	for _, s := range spoil {
		bad := &DrawProof{Start: d.Start, Replies: map[[2]uint64]int{}, Pairings: map[[2]uint64][][2]int{}}
		for k, v := range d.Replies {
			bad.Replies[k] = v
		}
		for k, v := range d.Pairings {
			bad.Pairings[k] = v
		}
		s.do(bad)
		if checkDrawProof(bad) == nil {
			t.Errorf("%s: the checker accepts the proof", s.name)
		}
	}
}

// TestDrawProofRandom proves and checks the draws that Decide finds by
// search on random patterns and random positions with stones, and finds
// no proof where Decide says x wins: 8 draws and 3 wins (1 and 1 with
// -short).
func TestDrawProofRandom(t *testing.T) {
	b := rules.MustGet(4)
	rng := rand.New(rand.NewPCG(27, 4))
	wantProved, wantWon := 8, 3
	if testing.Short() {
		wantProved, wantWon = 1, 1
	}
	proved, won := 0, 0
	try := 0
	for ; try < 400 && (proved < wantProved || won < wantWon); try++ {
		p := rules.Empty(b, randomCells(rng, 0, 16+rng.IntN(8)))
		if try%2 == 1 {
			// Stones as well: 3 to 7 moves of each side played at random.
			blocked := rng.IntN(12)
			p = plain.RandomPosition(rng, b, blocked, 64-blocked-2*(3+rng.IntN(5)))
		}
		dec, err := Decide(p, DecideOptions{MaxNodes: 50_000, ResultOnly: true})
		if err != nil || dec.Proof != ProvedBySearch {
			continue
		}
		d, err := ProveDraw(p, 100_000)
		switch {
		case dec.Result == Win:
			if !errors.Is(err, errXWins) {
				t.Fatalf("%v: x wins, but ProveDraw gives %v", p, err)
			}
			won++
		case errors.Is(err, ErrBudget):
			continue
		case err != nil:
			t.Fatalf("%v: %s, but ProveDraw gives %v", p, dec.Result, err)
		default:
			if err := checkDrawProof(d); err != nil {
				t.Fatalf("%v: %v", p, err)
			}
			proved++
		}
	}
	t.Logf("%d tries: %d draws proved, %d wins found", try, proved, won)
	if proved < wantProved || won < wantWon {
		t.Fatalf("%d draws proved and %d wins found, want %d and %d", proved, won, wantProved, wantWon)
	}
}
