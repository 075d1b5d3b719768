package amazons

import (
	"github.com/tablebase/tablebase/games/internal/parts"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/internal/region"
)

// TestParseString checks that String writes what Parse reads, and that
// 'L' and 'R' read as 'x' and 'o'.
func TestParseString(t *testing.T) {
	for _, s := range []string{"x.#|.o.", "xo", "#.#|...|o.x"} {
		p, err := Parse(s)
		if err != nil || p.String() != s {
			t.Errorf("Parse(%q) = %v, %v", s, p, err)
		}
	}
	p, err := Parse("L.|#R")
	if err != nil || p.String() != "x.|#o" {
		t.Errorf("Parse(L.|#R) = %v, %v", p, err)
	}
	for _, s := range []string{"", "L.|.", "LQ", "a||b"} {
		if _, err := Parse(s); err == nil {
			t.Errorf("Parse(%q) succeeded", s)
		}
	}
}

// TestSmall checks values worked out by hand: an amazon alone in a line
// of n cells has n-1 moves (move one step on, burn the cell behind), and
// regions apart only diagonally through burnt cells add up.
func TestSmall(t *testing.T) {
	u := cgt.NewUniverse(12)
	s := parts.NewSolver(u, Rules)
	for _, c := range []struct{ pos, want string }{
		{"L", "0"}, {"L.", "1"}, {"L..", "2"}, {"R...", "-3"}, {"L.|..", "3"},
		{"LR", "0"}, {"L.R", "*"}, {"L.#|###|#.R", "0"}, {"L.##|##.R", "+-1"}, {"L.|#.|##|R.", "1"},
	} {
		p, err := Parse(c.pos)
		if err != nil {
			t.Fatal(err)
		}
		if got := u.String(s.Value(p)); got != c.want {
			t.Errorf("%s = %s, want %s", c.pos, got, c.want)
		}
	}
}

// TestKeySymmetry checks that every symmetric and colour-swapped image of
// a random part has the same key, negated exactly when swapped, and the
// same value up to that sign.
func TestKeySymmetry(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 0))
	u := cgt.NewUniverse(14)
	s := parts.NewSolver(u, Rules)
	for range 60 {
		rows := randomBoard(rng, 2+rng.IntN(2), 2+rng.IntN(2))
		p, _ := Parse(strings.Join(rows, "|"))
		k, neg := Canonical(p)
		v := s.Value(p)
		cells := region.Region{H: uint8(p.H), W: uint8(p.W), Bits: p.Cells}
		for sym := canon.Symmetry(0); sym < 8; sym++ {
			img := sym.Apply(cells)
			q := Position{H: int(img.H), W: int(img.W), Cells: img.Bits, L: sym.Apply(cells.With(p.L)).Bits, R: sym.Apply(cells.With(p.R)).Bits}
			for _, swap := range []bool{false, true} {
				r := q
				if swap {
					r.L, r.R = q.R, q.L
				}
				k2, neg2 := Canonical(r)
				if k2 != k || (neg2 != (neg != swap) && v != u.Neg(v)) {
					t.Fatalf("%s and its image %s: keys %v %v, %v %v", p, r, k, neg, k2, neg2)
				}
				want := v
				if swap {
					want = u.Neg(v)
				}
				if got := s.Value(r); got != want {
					t.Fatalf("%s = %s but its image %s = %s", p, u.String(v), r, u.String(got))
				}
			}
		}
	}
}
