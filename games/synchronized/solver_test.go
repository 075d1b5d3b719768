package synchronized

import (
	"math/rand/v2"
	"testing"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/internal/region"
)

// naive computes both guarantees by their definition, as numbers 0 (loss),
// 1 (draw), 2 (win): each player's best over his moves of the worst over
// the other's, with pieces listed cell by cell.
type naive struct {
	v    Variant
	h, w int
	memo map[uint64][2]int
}

func (n *naive) pieces(b uint64, vertical bool) []uint64 {
	var out []uint64
	for r := range n.h {
		for c := range n.w {
			var m uint64
			ok := true
			for k := range n.v.Length {
				rr, cc := r, c+k
				if vertical {
					rr, cc = r+k, c
				}
				if rr >= n.h || cc >= n.w || b>>(rr*n.w+cc)&1 == 0 {
					ok = false
					break
				}
				m |= 1 << (rr*n.w + cc)
			}
			if ok {
				out = append(out, m)
			}
		}
	}
	return out
}

func (n *naive) solve(b uint64) [2]int {
	if r, ok := n.memo[b]; ok {
		return r
	}
	vs, hs := n.pieces(b, true), n.pieces(b, false)
	var res [2]int
	switch {
	case len(vs) == 0 && len(hs) == 0:
		res = [2]int{1, 1}
	case len(hs) == 0:
		res = [2]int{2, 0}
	case len(vs) == 0:
		res = [2]int{0, 2}
	default:
		res = [2]int{-1, -1}
		for _, a := range vs {
			worst := 3
			for _, h := range hs {
				worst = min(worst, n.solve(b &^ a &^ h)[0])
			}
			res[0] = max(res[0], worst)
		}
		for _, h := range hs {
			worst := 3
			for _, a := range vs {
				worst = min(worst, n.solve(b &^ a &^ h)[1])
			}
			res[1] = max(res[1], worst)
		}
	}
	n.memo[b] = res
	return res
}

func TestSolverMatchesNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	classes := map[string]int{}
	for _, v := range []Variant{Triomineering, Domineering} {
		for _, shape := range [][2]int{{3, 3}, {3, 4}, {4, 3}, {4, 4}, {2, 5}, {5, 3}} {
			h, w := shape[0], shape[1]
			s := NewSolver(v, 16)
			n := &naive{v: v, h: h, w: w, memo: map[uint64][2]int{}}
			for trial := range 30 {
				b := uint64(1)<<(h*w) - 1
				if trial > 0 {
					b &= rng.Uint64() | rng.Uint64()
				}
				r := region.Region{H: uint8(h), W: uint8(w), Bits: b}
				want := n.solve(b)
				got := s.Solve(r)
				if int(got.Vertical) != want[0] || int(got.Horizontal) != want[1] {
					t.Fatalf("%s %s: %v, naive %v", v.Name(), r, got, want)
				}
				classes[got.Class()]++
			}
		}
	}
	if len(classes) < 5 {
		t.Errorf("random positions cover only the classes %v", classes)
	}
}

// TestSymmetricImagesAgree maps random positions by the eight symmetries:
// reflections keep the players, transposition swaps them.
func TestSymmetricImagesAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	for _, v := range []Variant{Triomineering, Domineering} {
		s := NewSolver(v, 18)
		for range 40 {
			r := region.Region{H: 4, W: 4, Bits: rng.Uint64() | rng.Uint64()}
			r.Bits &= 0xffff
			base := s.Solve(r)
			for sym := canon.Symmetry(0); sym < 8; sym++ {
				got := s.Solve(sym.Apply(r))
				want := base
				if sym.Negates() {
					want = Result{base.Horizontal, base.Vertical}
				}
				if got != want {
					t.Fatalf("%s %s under symmetry %d: %v, want %v", v.Name(), r, sym, got, want)
				}
			}
		}
	}
}

// TestLargerBoardsMatchNaive compares whole boards up to 30 cells with the
// naive definition, and 6x7 and 7x6 with a search in plain cell order
// through a small table. (docs/results.md reports 7x7 solved both ways.)
func TestLargerBoardsMatchNaive(t *testing.T) {
	for _, v := range []Variant{Triomineering, Domineering} {
		for _, shape := range [][2]int{{5, 5}, {4, 6}, {6, 4}, {5, 6}} {
			if v == Domineering && shape[0]*shape[1] > 20 {
				continue
			}
			h, w := shape[0], shape[1]
			n := &naive{v: v, h: h, w: w, memo: map[uint64][2]int{}}
			want := n.solve(uint64(1)<<(h*w) - 1)
			got := NewSolver(v, 18).Solve(region.Full(h, w))
			if int(got.Vertical) != want[0] || int(got.Horizontal) != want[1] {
				t.Errorf("%s %dx%d: %v, naive %v", v.Name(), h, w, got, want)
			}
		}
	}
	for _, shape := range [][2]int{{6, 7}, {7, 6}} {
		plain := NewSolver(Triomineering, 14)
		plain.plainOrder = true
		b := region.Full(shape[0], shape[1])
		if got, ordered := plain.Solve(b), NewSolver(Triomineering, 20).Solve(b); got != ordered {
			t.Errorf("%v: %v in cell order, %v with move ordering", shape, got, ordered)
		}
	}
}
