package heap

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/tablebase/tablebase/internal/region"
)

// allDominoes lists every domino of r, as Cram's moves.
func allDominoes(r region.Region) []uint64 {
	vert, horiz := region.Dominoes(r)
	var list []uint64
	for b := vert; b != 0; b &= b - 1 {
		i := bits.TrailingZeros64(b)
		list = append(list, 1<<i|1<<(i+int(r.W)))
	}
	for b := horiz; b != 0; b &= b - 1 {
		i := bits.TrailingZeros64(b)
		list = append(list, 3<<i)
	}
	return list
}

// firstWins is plain minimax on Cram: whether the player to move in r
// has a move after which the other has none that wins.
func firstWins(r region.Region) bool {
	for _, d := range allDominoes(r) {
		if !firstWins(r.With(r.Bits &^ d)) {
			return true
		}
	}
	return false
}

// ownImage returns a random region of up to 4x5 cells that is its own
// image under the half-turn of its box.
func ownImage(rng *rand.Rand) region.Region {
	h, w := 1+rng.IntN(4), 1+rng.IntN(5)
	n := h * w
	b := rng.Uint64() & (1<<n - 1)
	return region.Region{H: uint8(h), W: uint8(w), Bits: b | bits.Reverse64(b)>>(64-n)}
}

// TestHalfTurnPaired: the regions the half-turn pairs, as written, and
// every region it pairs (random ones, made their own image) a
// second-player win by plain minimax.
func TestHalfTurnPaired(t *testing.T) {
	for _, c := range []struct {
		board  string
		paired bool
	}{
		{"..|..", true},
		{"....|....|....|....", true},
		{"......|......", true},
		{"...|.#.|...", true},     // the centre cell left out
		{"...|...|...", false},    // the centre cell a move and its image share
		{"....|....|....", false}, // the centre splits a domino in two
		{"....|.##.|....", true},
		{"..#|...|#..", false}, // the centre cell again
		{"..#|.#.|#..", true},  // not a rectangle
		{"...|..#", false},     // not its own image
	} {
		r, err := region.Parse(c.board)
		if err != nil {
			t.Fatal(err)
		}
		if got := halfTurnPaired(r, allDominoes(r)); got != c.paired {
			t.Errorf("%s: paired %v, want %v", c.board, got, c.paired)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	paired := 0
	for range 3000 {
		r := ownImage(rng)
		if halfTurnPaired(r, allDominoes(r)) {
			paired++
			if firstWins(r) {
				t.Fatalf("%v: paired, but the first player wins", r)
			}
		}
	}
	if paired < 300 {
		t.Errorf("only %d random regions paired", paired)
	}
}

// TestHalfTurnOpening: the regions where a move across the centre leaves
// a paired region, as written, and every one of random regions (made
// their own image) a first-player win by plain minimax (3000 regions,
// 1000 with -short).
func TestHalfTurnOpening(t *testing.T) {
	for _, c := range []struct {
		board   string
		opening bool
	}{
		{"...|...", true},            // the vertical domino across the centre
		{"....|....|....", true},     // the horizontal one
		{".....|.....|.....", false}, // the centre is a cell
		{"..|..", false},             // no move across the centre
		{"#..|..#", true},
		{"...|...|...|...|...|...", true}, // the vertical domino across the centre
	} {
		r, err := region.Parse(c.board)
		if err != nil {
			t.Fatal(err)
		}
		if got := halfTurnOpening(r, allDominoes(r)); got != c.opening {
			t.Errorf("%s: opening %v, want %v", c.board, got, c.opening)
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	opening := 0
	regions := 3000
	if testing.Short() {
		regions = 1000
	}
	for range regions {
		r := ownImage(rng)
		if halfTurnOpening(r, allDominoes(r)) {
			opening++
			if !firstWins(r) {
				t.Fatalf("%v: an opening, but the second player wins", r)
			}
		}
	}
	if opening < regions/30 {
		t.Errorf("only %d random regions with an opening", opening)
	}
}
