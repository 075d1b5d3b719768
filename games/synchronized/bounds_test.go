package synchronized

import (
	"math/rand/v2"
	"testing"

	"github.com/tablebase/tablebase/internal/bits128"
)

// TestBoundsAgreeWithNaive checks every verdict of the move-count bounds
// against the naive definition, on random positions of small boards: for
// each player and each of Draw and Win, a decided bound must say what the
// naive guarantee says.
func TestBoundsAgreeWithNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 3))
	for _, v := range []Variant{Triomineering, Domineering} {
		decided := map[bool]int{}
		for _, shape := range [][2]int{{3, 4}, {4, 4}, {4, 5}, {5, 4}, {3, 6}, {6, 3}} {
			h, w := shape[0], shape[1]
			g := newGeometry(v, h, w)
			n := &naive{v: v, h: h, w: w}
			for range 300 {
				e := bits128.Set{Lo: (rng.Uint64() | rng.Uint64()) & (1<<(h*w) - 1)}
				want := n.solve(e)
				for _, p := range []Player{Vertical, Horizontal} {
					mine, theirs := g.moves(v, e, p), g.moves(v, e, p.other())
					if mine.Empty() || theirs.Empty() {
						continue // the search settles these before the bounds
					}
					for _, k := range []Guarantee{Draw, Win} {
						res, ok := g.bound(v, mine, theirs, p, k)
						if !ok {
							continue
						}
						decided[res]++
						if truth := want[p] >= int(k); res != truth {
							t.Fatalf("%s %s: bound says %s can be sure of %s: %v, naive %v", v.Name(), Board{H: uint8(h), W: uint8(w), Cells: e}, []string{"V", "H"}[p], k, res, truth)
						}
					}
				}
			}
		}
		if decided[true] < 50 || decided[false] < 50 {
			t.Errorf("%s: the bounds decided too few questions to test them: %v", v.Name(), decided)
		}
	}
}

// TestBoundsChangeNoAnswer solves random positions of boards too large for
// the naive definition with the bounds and without them.
func TestBoundsChangeNoAnswer(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 4))
	for _, c := range []struct {
		v    Variant
		h, w int
	}{{Triomineering, 6, 7}, {Triomineering, 7, 6}, {Triomineering, 9, 9}, {Domineering, 5, 6}, {Domineering, 6, 5}} {
		with, without := NewSolver(c.v, 18), NewSolver(c.v, 18)
		without.noBounds = true
		for range 12 {
			b := FullBoard(c.h, c.w)
			for range c.h * c.w / 3 {
				b.Cells = b.Cells.AndNot(bits128.Cell(rng.IntN(c.h * c.w)))
			}
			if got, want := with.Solve(b), without.Solve(b); got != want {
				t.Fatalf("%s %s: %v with the bounds, %v without", c.v.Name(), b, got, want)
			}
		}
	}
}

// TestPackCountsLines checks most(q) against its definition: the sum over
// q's lines of floor(run/length) over the runs of empty cells, counted
// cell by cell, on random positions of boards of one and two words.
func TestPackCountsLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 5))
	for _, v := range []Variant{Triomineering, Domineering} {
		for _, shape := range [][2]int{{5, 7}, {7, 5}, {11, 7}, {16, 8}, {4, 26}, {64, 2}, {1, 26}, {26, 1}} {
			h, w := shape[0], shape[1]
			g := newGeometry(v, h, w)
			for range 50 {
				e := bits128.Set{Lo: rng.Uint64() | rng.Uint64(), Hi: rng.Uint64() | rng.Uint64()}.And(bits128.First(h * w))
				for _, q := range []Player{Vertical, Horizontal} {
					want := 0
					lines, along := w, h // columns for Vertical
					if q == Horizontal {
						lines, along = h, w
					}
					for i := range lines {
						run := 0
						for j := range along + 1 {
							cell := j*w + i
							if q == Horizontal {
								cell = i*w + j
							}
							if j < along && e.Has(cell) {
								run++
								continue
							}
							want += run / v.Length
							run = 0
						}
					}
					if got, _ := g.pack(g.moves(v, e, q), q); got != want {
						t.Fatalf("%s %s, player %d: pack %d, lines %d", v.Name(), Board{H: uint8(h), W: uint8(w), Cells: e}, q, got, want)
					}
				}
			}
		}
	}
}
