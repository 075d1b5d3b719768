package engine

import (
	"fmt"
	"testing"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/internal/region"
)

// published holds the outcome classes of the empty m x n boards, m rows
// and n columns, m <= n (up to 8x8, and further for 2 and 3 rows), as
// published by Breuker, Uiterwijk and van den Herik ("Solving 8x8
// Domineering", TCS 230, 2000, m from 2 to 8) and by Lachmann, Moore
// and Rapaport ("Who wins Domineering on rectangular boards?", 2000,
// widths 2, 3, 5 and 7), in their notation: V (Vertical
// wins), H (Horizontal wins), 1 (the first player wins), 2 (the second
// player wins). The same table is the regression check of Bullock's
// Obsequi. Row 1 follows from the rules: Vertical has no move.
var published = map[int]string{
	1: "2HHHHHH",        // 1x1 .. 1x7
	2: "11HV11HV11H211", // 2x2 .. 2x15
	3: "1HHHHHHHHHH",    // 3x3 .. 3x13
	4: "1V1V",           // 4x4 .. 4x7
	5: "2HH",            // 5x5 .. 5x7
	6: "1V",             // 6x6, 6x7
	7: "1",              // 7x7
	8: "1",              // 8x8
}

// classOf turns the published notation into an outcome, for the board
// or its transpose (which exchanges V and H).
func classOf(c byte, transposed bool) cgt.Outcome {
	switch {
	case c == '1':
		return cgt.FirstWins
	case c == '2':
		return cgt.SecondWins
	case (c == 'V') != transposed:
		return cgt.LeftWins
	}
	return cgt.RightWins
}

// TestPublishedOutcomes solves every empty board up to 7x7, 8x8 (not in
// short mode), and the longer ones of 2 and 3 rows and columns, with each
// player moving first, and compares with the published classes.
func TestPublishedOutcomes(t *testing.T) {
	u, values := solverValues()
	bits := uint(22)
	if testing.Short() {
		bits = 18 // -short: boards of up to 49 cells, a table of 2^18 entries
	}
	e := New(u, values, Options{KnownCells: 10, TableBits: bits})
	for m := 1; m <= 15; m++ {
		for n := 1; n <= 15; n++ {
			row, col, transposed := m, n, false
			if m > n {
				row, col, transposed = n, m, true
			}
			if col-row >= len(published[row]) || (testing.Short() && m*n > 49) {
				continue
			}
			want := classOf(published[row][col-row], transposed)
			p := position(region.Full(m, n))
			if got := e.Outcome(p); got != want {
				t.Errorf("%dx%d: %s, published %s", m, n, got, want)
			}
			// Outcome skips the second search for a square board; check
			// that both searches agree with it.
			if m == n && m <= 6 {
				l, r := e.Wins(p, true), e.Wins(p, false)
				if l != r {
					t.Errorf("%dx%d: Left first %v, Right first %v", m, n, l, r)
				}
			}
		}
	}
}

// TestSmallBoardsAgainstValues compares the outcomes of every empty board
// of at most 25 cells (20 with -short) with the outcome of its exact
// canonical value.
func TestSmallBoardsAgainstValues(t *testing.T) {
	u, values := solverValues()
	e := New(u, nil, Options{TableBits: 20})
	most := 25
	if testing.Short() {
		most = 20
	}
	for m := 1; m <= 5; m++ {
		for n := 1; m*n <= most; n++ {
			r := region.Full(m, n)
			v, _ := values(r)
			if got, want := e.Outcome(position(r)), u.Outcome(v); got != want {
				t.Errorf("%dx%d: engine %s, value %s (%s)", m, n, got, u.String(v), want)
			}
		}
	}
}

func ExampleEngine_Outcome() {
	e := New(cgt.NewUniverse(16), nil, Options{TableBits: 16})
	p, _ := Parse("....|....|....|....")
	fmt.Println(e.Outcome(p))
	// Output: N
}
