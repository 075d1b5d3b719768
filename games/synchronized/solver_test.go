package synchronized

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/internal/bitsw"
	"github.com/tablebase/tablebase/internal/region"
)

// naive computes both guarantees by their definition, as numbers 0 (loss),
// 1 (draw), 2 (win): each player's best over his moves of the worst over
// the other's, with pieces listed cell by cell. Boards within one word
// are remembered by that word, the others by their whole set.
type naive struct {
	v      Variant
	h, w   int
	placed [2][]bitsw.Set // every piece of the full board: vertical, horizontal
	memo   map[bitsw.Set][2]int8
	word   map[uint64][2]int8
}

// pieces lists the pieces that fit in b, vertical or horizontal, cell by
// cell.
func (n *naive) pieces(b bitsw.Set, vertical bool) []bitsw.Set {
	if n.placed[0] == nil {
		n.placed = [2][]bitsw.Set{n.place(true), n.place(false)}
	}
	all := n.placed[1]
	if vertical {
		all = n.placed[0]
	}
	var out []bitsw.Set
	for _, m := range all {
		if b.And(m) == m {
			out = append(out, m)
		}
	}
	return out
}

// place lists the pieces of the full board, cell by cell.
func (n *naive) place(vertical bool) []bitsw.Set {
	var out []bitsw.Set
	for r := range n.h {
		for c := range n.w {
			var m bitsw.Set
			ok := true
			for k := range n.v.Length {
				rr, cc := r, c+k
				if vertical {
					rr, cc = r+k, c
				}
				if rr >= n.h || cc >= n.w {
					ok = false
					break
				}
				m = m.Or(bitsw.Cell(rr*n.w + cc))
			}
			if ok {
				out = append(out, m)
			}
		}
	}
	return out
}

func (n *naive) solve(b bitsw.Set) [2]int {
	if n.memo == nil {
		n.memo, n.word = map[bitsw.Set][2]int8{}, map[uint64][2]int8{}
	}
	oneWord := b == bitsw.Of(b.Word())
	r, ok := n.memo[b]
	if oneWord {
		r, ok = n.word[b.Word()]
	}
	if ok {
		return [2]int{int(r[0]), int(r[1])}
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
				worst = min(worst, n.solve(b.AndNot(a).AndNot(h))[0])
			}
			res[0] = max(res[0], worst)
		}
		for _, h := range hs {
			worst := 3
			for _, a := range vs {
				worst = min(worst, n.solve(b.AndNot(a).AndNot(h))[1])
			}
			res[1] = max(res[1], worst)
		}
	}
	if oneWord {
		n.word[b.Word()] = [2]int8{int8(res[0]), int8(res[1])}
	} else {
		n.memo[b] = [2]int8{int8(res[0]), int8(res[1])}
	}
	return res
}

// TestSolverMatchesNaive compares the solver with the naive definition on
// the empty boards of six small shapes and on random positions of them
// (29 a shape, the first 14 with -short).
func TestSolverMatchesNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	classes := map[string]int{}
	for _, v := range []Variant{Triomineering, Domineering} {
		for _, shape := range [][2]int{{3, 3}, {3, 4}, {4, 3}, {4, 4}, {2, 5}, {5, 3}} {
			h, w := shape[0], shape[1]
			s := NewSolver(v, 16)
			n := &naive{v: v, h: h, w: w}
			for trial := range 30 {
				b := uint64(1)<<(h*w) - 1
				if trial > 0 {
					b &= rng.Uint64() | rng.Uint64()
				}
				if testing.Short() && trial >= 15 {
					continue
				}
				r := region.Region{H: uint8(h), W: uint8(w), Bits: b}
				want := n.solve(bitsw.Of(b))
				got := s.Solve(BoardOf(r))
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
			base := s.Solve(BoardOf(r))
			for sym := canon.Symmetry(0); sym < 8; sym++ {
				got := s.Solve(BoardOf(sym.Apply(r)))
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

// TestLargerBoardsMatchNaive compares whole boards with the naive
// definition, Triomineering's up to 30 cells (25 with -short) and
// Domineering's up to 20 (its naive search grows faster; 4x5 alone with
// -short), and 6x7 and 7x6 with a search in plain cell order through a
// small table. (docs/results.md reports 7x7 solved both ways.)
func TestLargerBoardsMatchNaive(t *testing.T) {
	for _, v := range []Variant{Triomineering, Domineering} {
		for _, shape := range [][2]int{{4, 5}, {5, 4}, {5, 5}, {4, 6}, {6, 4}, {5, 6}} {
			if v == Domineering && shape[0]*shape[1] > 20 || testing.Short() && (shape[0]*shape[1] > 25 || shape == [2]int{5, 4}) {
				continue
			}
			h, w := shape[0], shape[1]
			n := &naive{v: v, h: h, w: w}
			want := n.solve(bitsw.First(h * w))
			got := NewSolver(v, 18).Solve(FullBoard(h, w))
			if int(got.Vertical) != want[0] || int(got.Horizontal) != want[1] {
				t.Errorf("%s %dx%d: %v, naive %v", v.Name(), h, w, got, want)
			}
		}
	}
	for _, shape := range [][2]int{{6, 7}, {7, 6}} {
		plain := NewSolver(Triomineering, 14)
		plain.plainOrder = true
		b := FullBoard(shape[0], shape[1])
		if got, ordered := plain.Solve(b), NewSolver(Triomineering, 20).Solve(b); got != ordered {
			t.Errorf("%v: %v in cell order, %v with move ordering", shape, got, ordered)
		}
	}
}

// TestTwoRowsMatchNaive checks the boards where two rows of
// Synchronized Domineering change class, 2x11 (V) and 2x13 (VD, see
// docs/results.md), and 2x9 (V), against the naive definition. -short
// compares only 2x9 with the naive search (a fifteenth of 2x11's, a
// hundredth of 2x13's) and checks the solver's classes of all three.
func TestTwoRowsMatchNaive(t *testing.T) {
	for _, c := range []struct {
		w     int
		class string
	}{{9, "V"}, {11, "V"}, {13, "VD"}} {
		got := NewSolver(Domineering, 18).Solve(FullBoard(2, c.w))
		if got.Class() != c.class {
			t.Errorf("2x%d: %v (%s), want class %s", c.w, got, got.Class(), c.class)
		}
		if c.w > 9 && testing.Short() {
			continue
		}
		n := &naive{v: Domineering, h: 2, w: c.w}
		if want := n.solve(bitsw.First(2 * c.w)); int(got.Vertical) != want[0] || int(got.Horizontal) != want[1] {
			t.Errorf("2x%d: %v, naive %v", c.w, got, want)
		}
	}
}

// image maps board b by symmetry s cell by cell: bit 0 mirrors left to
// right, bit 1 top to bottom, bit 2 transposes (after the mirrors).
func image(b Board, s int) Board {
	h, w := int(b.H), int(b.W)
	out := Board{H: b.H, W: b.W}
	if s&4 != 0 {
		out.H, out.W = b.W, b.H
	}
	for r := range h {
		for c := range w {
			if !b.Cells.Has(r*w + c) {
				continue
			}
			rr, cc := r, c
			if s&1 != 0 {
				cc = w - 1 - c
			}
			if s&2 != 0 {
				rr = h - 1 - r
			}
			if s&4 != 0 {
				rr, cc = cc, rr
			}
			out.Cells = out.Cells.Or(bitsw.Cell(rr*int(out.W) + cc))
		}
	}
	return out
}

// TestBoardsPastOneWord compares positions of boards of 65 to 256 cells
// with about 20 empty cells against the naive definition, and checks
// that every symmetric image gets the same answer (players swapped by a
// transposition). Each board is searched on sets of two, three and four
// words where its cells fit (boards of up to 128, 192 and 256 cells):
// 8 positions a board, every other one with -short.
func TestBoardsPastOneWord(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	classes := map[string]int{}
	for _, v := range []Variant{Triomineering, Domineering} {
		s := NewSolver(v, 18)
		forced := map[int]*Solver{}
		for _, words := range []int{2, 3, 4} {
			forced[words] = NewSolver(v, 18)
			forced[words].words = words
		}
		for _, shape := range [][2]int{{10, 7}, {7, 10}, {9, 8}, {12, 10}, {16, 8}, {5, 25}, {64, 2}, {19, 7}, {20, 8}, {23, 7}, {24, 8}, {36, 7}, {9, 26}, {64, 4}} {
			h, w := shape[0], shape[1]
			n := &naive{v: v, h: h, w: w}
			for trial := range 8 {
				b := Board{H: uint8(h), W: uint8(w)}
				for c := range h * w {
					if rng.IntN(h*w) < 20 {
						b.Cells = b.Cells.Or(bitsw.Cell(c))
					}
				}
				if testing.Short() && trial%2 == 1 {
					continue
				}
				want := n.solve(b.Cells)
				got := s.Solve(b)
				if int(got.Vertical) != want[0] || int(got.Horizontal) != want[1] {
					t.Fatalf("%s %s: %v, naive %v", v.Name(), b, got, want)
				}
				for words, f := range forced {
					if h*w > 64*words {
						continue
					}
					if r := f.Solve(b); r != got {
						t.Fatalf("%s %s: %v on sets of %d words, %v", v.Name(), b, r, words, got)
					}
				}
				classes[got.Class()]++
				for sym := 1; sym < 8; sym++ {
					img := image(b, sym)
					if img.W > MaxColumns {
						continue
					}
					want := got
					if sym&4 != 0 {
						want = got.Swapped()
					}
					if g := s.Solve(img); g != want {
						t.Fatalf("%s %s under symmetry %d: %v, want %v", v.Name(), b, sym, g, want)
					}
				}
			}
		}
	}
	if len(classes) < 3 {
		t.Errorf("random positions cover only the classes %v", classes)
	}
}

// TestSelfTransposedMatchesNaive compares positions that are their own
// image under a map exchanging rows and columns (the transpose or the
// anti-transpose), where the solver settles the win questions at once,
// against the naive definition: random ones, which are mostly D, and
// some where neither player can be sure of a draw (VHD); 20 a size and
// variant, the first 10 with -short.
func TestSelfTransposedMatchesNaive(t *testing.T) {
	type position struct {
		v Variant
		b Board
	}
	var positions []position
	for _, c := range []struct {
		v     Variant
		board string
	}{
		{Triomineering, ".....|.....|.##..|..#..|#...."},
		{Triomineering, "#.....|.....#|..##..|..#...|.....#|.#..#."},
		{Domineering, "..##.|.##.#|..###|##.#.|##..."},
		{Domineering, "..##.#|#.##..|....##|##..##|#.#...|.##.#."},
		{Domineering, "##...#|...#..|#.###.|...#..|.....#|#..#.#"},
	} {
		b, err := ParseBoard(c.board)
		if err != nil {
			t.Fatal(err)
		}
		positions = append(positions, position{c.v, b})
	}
	rng := rand.New(rand.NewPCG(10, 10))
	for _, v := range []Variant{Triomineering, Domineering} {
		for _, n := range []int{3, 4, 5} {
			for trial := range 20 {
				b := Board{H: uint8(n), W: uint8(n)}
				for c := range n * n {
					if rng.IntN(8) >= 2+trial%3 {
						b.Cells = b.Cells.Or(bitsw.Cell(c))
					}
				}
				// The transpose, or the anti-transpose (the transpose
				// after both mirrors).
				b.Cells = b.Cells.And(image(b, 4+3*(trial%2)).Cells)
				if testing.Short() && trial >= 10 {
					continue
				}
				positions = append(positions, position{v, b})
			}
		}
	}
	classes := map[string]int{}
	solvers := map[Variant]*Solver{}
	for _, p := range positions {
		h, w := int(p.b.H), int(p.b.W)
		if _, _, _, _, symmetric := canonicalKey(narrowSet(p.b.Cells), h, w); !symmetric {
			t.Fatalf("%s: not found its own image", p.b)
		}
		if solvers[p.v] == nil {
			solvers[p.v] = NewSolver(p.v, 18)
		}
		want := (&naive{v: p.v, h: h, w: w}).solve(p.b.Cells)
		got := solvers[p.v].Solve(p.b)
		if int(got.Vertical) != want[0] || int(got.Horizontal) != want[1] {
			t.Fatalf("%s %s: %v, naive %v", p.v.Name(), p.b, got, want)
		}
		classes[got.Class()]++
	}
	if classes["D"] < 20 || classes["VHD"] < 5 {
		t.Errorf("symmetric positions cover the classes %v: too few", classes)
	}
}

// TestCanonicalKeySymmetric checks the symmetric flag against its
// definition: some image exchanging rows and columns holds the same cells,
// moved to the top left corner, as some image keeping them; and the mid
// and wide code's keys against the fast path's.
func TestCanonicalKeySymmetric(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 11))
	// cornered lists the cells of b as (row, column) moved to the top left.
	cornered := func(b Board) [][2]int {
		var cells [][2]int
		r0, c0 := int(b.H), int(b.W)
		for c := range int(b.H) * int(b.W) {
			if b.Cells.Has(c) {
				r0, c0 = min(r0, c/int(b.W)), min(c0, c%int(b.W))
			}
		}
		for c := range int(b.H) * int(b.W) {
			if b.Cells.Has(c) {
				cells = append(cells, [2]int{c/int(b.W) - r0, c%int(b.W) - c0})
			}
		}
		slices.SortFunc(cells, func(a, b [2]int) int { return cmp.Or(a[0]-b[0], a[1]-b[1]) })
		return cells
	}
	found := 0
	for trial := range 3000 {
		h, w := 1+rng.IntN(6), 1+rng.IntN(6)
		b := Board{H: uint8(h), W: uint8(w)}
		for c := range h * w {
			if rng.IntN(4) > 0 {
				b.Cells = b.Cells.Or(bitsw.Cell(c))
			}
		}
		if trial%2 == 1 && h == w {
			b.Cells = b.Cells.And(image(b, 4+3*(trial/2%2)).Cells)
		}
		if b.Cells.Empty() {
			continue
		}
		want := false
		for s := range 4 {
			for u := 4; u < 8; u++ {
				want = want || slices.Equal(cornered(image(b, s)), cornered(image(b, u)))
			}
		}
		key, kh, kw, transposed, got := canonicalKey(narrowSet(b.Cells), h, w)
		if got != want {
			t.Fatalf("%s: symmetric %v, want %v", b, got, want)
		}
		wkey, wh, ww, wt, wgot := wideCanonicalKey(b.Cells, h, w)
		if narrowSet(wkey) != key || wkey.ShrAny(128) != (bitsw.Set{}) || wh != kh || ww != kw || wt != transposed || wgot != got {
			t.Fatalf("%s: the wide key differs from the fast path's", b)
		}
		mkey, mh, mw, mt, mgot := midCanonicalKey(midSet(b.Cells), h, w)
		if mkey != midSet(wkey) || mh != kh || mw != kw || mt != transposed || mgot != got {
			t.Fatalf("%s: the mid key differs from the fast path's", b)
		}
		if want {
			found++
		}
	}
	if found < 100 {
		t.Errorf("only %d symmetric positions: the test checks too few", found)
	}
}
