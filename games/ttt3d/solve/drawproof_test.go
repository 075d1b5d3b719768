package solve

import (
	"cmp"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

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

// proofLines lists the lines of the 4x4x4 board from the rules alone:
// four cells in a row along any of the 13 directions, the cell at (layer,
// row, column) numbered (layer*4 + row)*4 + column. It shares nothing with
// the package's board.
func proofLines() [][4]int {
	var lines [][4]int
	seen := map[[4]int]bool{}
	in := func(v int) bool { return v >= 0 && v < 4 }
	for start := range 64 {
		l0, r0, c0 := start/16, start/4%4, start%4
		for d := range 27 {
			dl, dr, dc := d/9-1, d/3%3-1, d%3-1
			if d == 13 || !in(l0+3*dl) || !in(r0+3*dr) || !in(c0+3*dc) {
				continue // no direction, or off the board
			}
			var line [4]int
			for i := range 4 {
				line[i] = ((l0+i*dl)*4+r0+i*dr)*4 + c0 + i*dc
			}
			slices.Sort(line[:])
			if !seen[line] {
				seen[line] = true
				lines = append(lines, line)
			}
		}
	}
	return lines
}

// checkDrawProof is a deliberately simple checker of a DrawProof, written
// from the rules: it plays every move of x from the start, finds o's reply
// in the proof, and checks that x never completes a line, down to the
// positions where o's pairing (checked pair by pair) ends the game for x.
// The one fact it takes from outside the rules: a stone on a cell that no
// line either side can still complete is a pass, which never helps x (a
// stone more never hurts a side), so those moves of x are not played.
func checkDrawProof(d *DrawProof) error {
	blocked := d.Start.Blocked
	var open [][4]int
	for _, l := range proofLines() {
		if !slices.ContainsFunc(l[:], func(c int) bool { return blocked>>c&1 == 1 }) {
			open = append(open, l)
		}
	}
	has := func(s uint64, c int) bool { return s>>c&1 == 1 }
	count := func(s uint64, l [4]int) int {
		n := 0
		for _, c := range l {
			if has(s, c) {
				n++
			}
		}
		return n
	}
	hasLine := func(s uint64) bool {
		return slices.ContainsFunc(open, func(l [4]int) bool { return count(s, l) == 4 })
	}
	x, o := d.Start.X, d.Start.O
	if bits.OnesCount64(x) != bits.OnesCount64(o) || hasLine(x) || hasLine(o) {
		return errors.New("the start is not a game still going with x to move")
	}
	done := map[[2]uint64]bool{}
	var check func(x, o uint64) error
	check = func(x, o uint64) error {
		if done[[2]uint64{x, o}] {
			return nil
		}
		done[[2]uint64{x, o}] = true
		if pairs, ok := d.Pairings[[2]uint64{x, o}]; ok {
			return checkPairs(open, pairs, x, o, blocked)
		}
		for c := range 64 {
			taken := x | o | blocked
			if has(taken, c) {
				continue
			}
			live := slices.ContainsFunc(open, func(l [4]int) bool {
				return slices.Contains(l[:], c) && (count(o, l) == 0 || count(x, l) == 0)
			})
			if !live {
				continue
			}
			x2 := x | 1<<c
			if hasLine(x2) {
				return fmt.Errorf("x completes a line at cell %d (x %#x, o %#x)", c, x, o)
			}
			if bits.OnesCount64(taken|1<<c) == 64 {
				continue // the board is full
			}
			r, ok := d.Replies[[2]uint64{x2, o}]
			if !ok {
				return fmt.Errorf("no reply of o after x's move %d (x %#x, o %#x)", c, x, o)
			}
			if r < 0 || r >= 64 || has(taken|1<<c, r) {
				return fmt.Errorf("o's reply %d is not an empty cell", r)
			}
			if hasLine(o | 1<<r) {
				continue // o wins
			}
			if err := check(x2, o|1<<r); err != nil {
				return err
			}
		}
		return nil
	}
	return check(x, o)
}

// checkPairs checks that pairs give every line x can still complete
// (one holding no stone of o) two empty cells of its own.
func checkPairs(open [][4]int, pairs [][2]int, x, o, blocked uint64) error {
	used := map[int]bool{}
	for _, p := range pairs {
		for _, c := range p {
			if c < 0 || c >= 64 || (x|o|blocked)>>c&1 == 1 || used[c] {
				return fmt.Errorf("pair %v: a cell not empty or in two pairs", p)
			}
			used[c] = true
		}
	}
	for _, l := range open {
		if slices.ContainsFunc(l[:], func(c int) bool { return o>>c&1 == 1 }) {
			continue
		}
		if !slices.ContainsFunc(pairs, func(p [2]int) bool {
			return slices.Contains(l[:], p[0]) && slices.Contains(l[:], p[1])
		}) {
			return fmt.Errorf("line %v, open to x, has no pair (x %#x, o %#x)", l, x, o)
		}
	}
	return nil
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
// or spoilt is refused.
func TestDrawProofPatterns(t *testing.T) {
	t.Parallel()
	var d *DrawProof
	for i, s := range drawnPatterns {
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
			p = randomPosition(rng, b, blocked, 64-blocked-2*(3+rng.IntN(5)))
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

// randomCells returns n random cells of the 4x4x4 board outside taken.
func randomCells(rng *rand.Rand, taken uint64, n int) uint64 {
	var s uint64
	for rules.Count(s) < n {
		if c := rng.IntN(64); (taken|s)>>c&1 == 0 {
			s |= 1 << c
		}
	}
	return s
}
