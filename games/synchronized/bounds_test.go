package synchronized

import (
	"math/rand/v2"
	"testing"

	"github.com/tablebase/tablebase/internal/bits128"
	"github.com/tablebase/tablebase/internal/bits192"
	"github.com/tablebase/tablebase/internal/bitsw"
)

// narrowSet returns a set of at most 128 cells as the fast path holds it.
func narrowSet(e bitsw.Set) bits128.Set { return bits128.Set{Lo: e.A, Hi: e.B} }

// midSet returns a set of at most 192 cells as the mid code holds it.
func midSet(e bitsw.Set) bits192.Set { return bits192.Set{A: e.A, B: e.B, C: e.C} }

// randomCells returns a random set of about three quarters of the cells
// of an h x w board.
func randomCells(rng *rand.Rand, h, w int) bitsw.Set {
	r := func() uint64 { return rng.Uint64() | rng.Uint64() }
	return bitsw.Set{A: r(), B: r(), C: r(), D: r()}.And(bitsw.First(h * w))
}

// TestBoundsAgreeWithNaive checks every verdict of the move-count bounds
// against the naive definition, on random positions of small boards: for
// each player and each of Draw and Win, a decided bound must say what the
// naive guarantee says, and the mid and wide code's bounds what the fast
// path's says (300 positions a board, 100 with -short, and no 4x5 or 5x4
// of Domineering, whose naive searches are most of the test's time: its
// 3x6 and 6x3 are still boards of each orientation).
func TestBoundsAgreeWithNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 3))
	positions := 300
	if testing.Short() {
		positions = 100
	}
	for _, v := range []Variant{Triomineering, Domineering} {
		decided := map[bool]int{}
		for _, shape := range [][2]int{{3, 4}, {4, 4}, {4, 5}, {5, 4}, {3, 6}, {6, 3}} {
			h, w := shape[0], shape[1]
			if testing.Short() && v == Domineering && h*w > 18 {
				continue
			}
			g, mg, wg := newGeometry(v, h, w), midNewGeometry(v, h, w), wideNewGeometry(v, h, w)
			n := &naive{v: v, h: h, w: w}
			for range positions {
				e := randomCells(rng, h, w)
				want := n.solve(e)
				for _, p := range []Player{Vertical, Horizontal} {
					mine, theirs := g.moves(v, narrowSet(e), p), g.moves(v, narrowSet(e), p.other())
					if mine.Empty() || theirs.Empty() {
						continue // the search settles these before the bounds
					}
					for _, k := range []Guarantee{Draw, Win} {
						res, ok := g.bound(v, mine, theirs, p, k)
						wres, wok := wg.bound(v, wg.moves(v, e, p), wg.moves(v, e, p.other()), p, k)
						if wres != res || wok != ok {
							t.Fatalf("%s %s: %s, %s: the wide bound says %v %v, the fast path's %v %v", v.Name(), Board{H: uint8(h), W: uint8(w), Cells: e}, []string{"V", "H"}[p], k, wres, wok, res, ok)
						}
						me := midSet(e)
						if mres, mok := mg.bound(v, mg.moves(v, me, p), mg.moves(v, me, p.other()), p, k); mres != res || mok != ok {
							t.Fatalf("%s %s: %s, %s: the mid bound says %v %v, the fast path's %v %v", v.Name(), Board{H: uint8(h), W: uint8(w), Cells: e}, []string{"V", "H"}[p], k, mres, mok, res, ok)
						}
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
// the naive definition with the bounds and without them (12 positions a
// board, the first 6 with -short).
func TestBoundsChangeNoAnswer(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 4))
	for _, c := range []struct {
		v    Variant
		h, w int
	}{{Triomineering, 6, 7}, {Triomineering, 7, 6}, {Triomineering, 9, 9}, {Domineering, 5, 6}, {Domineering, 6, 5}} {
		with, without := NewSolver(c.v, 18), NewSolver(c.v, 18)
		without.noBounds = true
		for trial := range 12 {
			b := FullBoard(c.h, c.w)
			for range c.h * c.w / 3 {
				b.Cells = b.Cells.AndNot(bitsw.Cell(rng.IntN(c.h * c.w)))
			}
			if testing.Short() && trial >= 6 {
				continue
			}
			if got, want := with.Solve(b), without.Solve(b); got != want {
				t.Fatalf("%s %s: %v with the bounds, %v without", c.v.Name(), b, got, want)
			}
		}
	}
}

// TestPackCountsLines checks most(q) against its definition: the sum over
// q's lines of floor(run/length) over the runs of empty cells, counted
// cell by cell, on random positions of boards of one to four words, by
// each code the board fits (the fast path up to two words, the mid code
// up to three, the wide code all).
func TestPackCountsLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 5))
	for _, v := range []Variant{Triomineering, Domineering} {
		for _, shape := range [][2]int{{5, 7}, {7, 5}, {11, 7}, {16, 8}, {4, 26}, {64, 2}, {1, 26}, {26, 1}, {19, 7}, {24, 8}, {26, 7}, {36, 7}, {32, 8}, {9, 26}, {64, 4}} {
			h, w := shape[0], shape[1]
			wg := wideNewGeometry(v, h, w)
			var g *geometry
			if h*w <= bits128.Cells {
				g = newGeometry(v, h, w)
			}
			var mg *midGeometry
			if h*w <= bits192.Cells {
				mg = midNewGeometry(v, h, w)
			}
			for range 50 {
				e := randomCells(rng, h, w)
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
					got, _ := wg.pack(wg.moves(v, e, q), q)
					if g != nil {
						if n, _ := g.pack(g.moves(v, narrowSet(e), q), q); n != got {
							t.Fatalf("%s %s, player %d: pack %d, wide %d", v.Name(), Board{H: uint8(h), W: uint8(w), Cells: e}, q, n, got)
						}
					}
					if mg != nil {
						if n, _ := mg.pack(mg.moves(v, midSet(e), q), q); n != got {
							t.Fatalf("%s %s, player %d: mid pack %d, wide %d", v.Name(), Board{H: uint8(h), W: uint8(w), Cells: e}, q, n, got)
						}
					}
					if got != want {
						t.Fatalf("%s %s, player %d: pack %d, lines %d", v.Name(), Board{H: uint8(h), W: uint8(w), Cells: e}, q, got, want)
					}
				}
			}
		}
	}
}
