package engine

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/cgt"
)

// TestReflections checks a board's reflections, cell by cell, and that
// the board and its three reflections share a canonical form, on boards of
// one and two words.
func TestReflections(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, size := range [][2]int{{3, 5}, {8, 8}, {7, 9}, {1, 12}, {9, 9}, {11, 11}, {5, 13}, {17, 6}, {21, 6}, {40, 3}} {
		g, err := newGeometry(size[0], size[1])
		if err != nil {
			t.Fatal(err)
		}
		for range 50 {
			e := bb{Lo: rng.Uint64(), Hi: rng.Uint64()}.And(g.all)
			images := [4]bb{e}
			for r := range g.h {
				for c := range g.w {
					if !e.Has(r*g.w + c) {
						continue
					}
					images[1] = images[1].Or(cell(r*g.w + g.w - 1 - c))
					images[2] = images[2].Or(cell((g.h-1-r)*g.w + c))
					images[3] = images[3].Or(cell((g.h-1-r)*g.w + g.w - 1 - c))
				}
			}
			if got, _ := g.reflections(e); got != images {
				t.Fatalf("%dx%d %v: reflections %v, want %v", g.h, g.w, e, got, images)
			}
			sameCanonical(t, g.h, g.w, images, g.canonical)
		}
	}
}

// sameCanonical checks that a board (images[0]) and its reflections have
// one canonical form.
func sameCanonical[S comparable](t *testing.T, h, w int, images [4]S, canonical func(S) S) {
	t.Helper()
	want := canonical(images[0])
	for i, x := range images {
		if got := canonical(x); got != want {
			t.Fatalf("%dx%d image %d: canonical %v, want %v", h, w, i, got, want)
		}
	}
}

func TestParse(t *testing.T) {
	p, err := Parse("..#|...")
	if err != nil || p.H != 2 || p.W != 3 || p.Cells() != 5 || p.String() != "..#|..." {
		t.Fatalf("Parse: %+v %v", p, err)
	}
	if big, err := Parse(strings.Repeat("...........|", 10) + "..........."); err != nil || big.Cells() != 121 {
		t.Fatalf("11x11: %v", err)
	}
	for _, bad := range []string{"", "..|.", "..x", "|..", strings.Repeat(".", 129)} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
	if got := len(p.Moves(true)); got != 2 {
		t.Errorf("Left has %d moves in ..#|..., want 2", got)
	}
	if got := p.Play(Move{0, 1}).String(); got != "###|..." {
		t.Errorf("Play: %s", got)
	}
}

// TestShape: a part of the board and its translations and reflections
// share a shape key; another part does not.
func TestShape(t *testing.T) {
	g, _ := newGeometry(8, 8)
	// An L of four cells at (1,1), and the same L moved to (4,3) and
	// mirrored left-right.
	l := cell(9).Or(cell(17)).Or(cell(25)).Or(cell(26))
	moved := cell(35).Or(cell(43)).Or(cell(51)).Or(cell(50))
	other := cell(9).Or(cell(17)).Or(cell(25)).Or(cell(33))
	if g.shape(l) != g.shape(moved) {
		t.Error("an L and its moved mirror image have different shapes")
	}
	if g.shape(l) == g.shape(other) {
		t.Error("an L and an I share a shape")
	}
}

// TestRankedStarts checks the tie-break order of moves: mirror images
// rank alike, Left's ranks are Right's on the transposed board, and on
// 8x8 Right's best starts are in the second row from an edge, at an end.
func TestRankedStarts(t *testing.T) {
	for _, size := range [][2]int{{8, 8}, {5, 9}, {1, 12}, {11, 11}} {
		h, w := size[0], size[1]
		g, _ := newGeometry(h, w)
		tg, _ := newGeometry(w, h)
		for r := range h {
			for c := 0; c+1 < w; c++ {
				x := g.rank[0][r*w+c]
				if x < 1 || x >= MaxCells {
					t.Fatalf("%dx%d: rank %d at %d,%d", h, w, x, r, c)
				}
				for _, m := range [][2]int{{r, w - 2 - c}, {h - 1 - r, c}, {h - 1 - r, w - 2 - c}} {
					if y := g.rank[0][m[0]*w+m[1]]; y != x {
						t.Errorf("%dx%d: rank %d at %d,%d but %d at its image %v", h, w, x, r, c, y, m)
					}
				}
				if y := tg.rank[1][c*h+r]; y != x {
					t.Errorf("%dx%d: Right's rank %d at %d,%d, Left's %d on the transpose", h, w, x, r, c, y)
				}
			}
		}
	}
	g, _ := newGeometry(8, 8)
	best := []int{1*8 + 0, 1*8 + 6, 6*8 + 0, 6*8 + 6}
	for _, x := range best {
		for y, v := range g.rank[0] {
			if v > g.rank[0][x] {
				t.Errorf("8x8: start %d ranks above %d", y, x)
			}
		}
	}
}

// TestGain checks the line-by-line count of a move's effect against
// counting the whole board before and after, linePairs against a count
// run by run, and bytePairs against linePairs byte by byte.
func TestGain(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		x := rng.Uint64() | rng.Uint64()
		want, run := 0, 0
		for i := range 65 {
			if i < 64 && x>>i&1 == 1 {
				run++
				continue
			}
			want += run / 2
			run = 0
		}
		if got := linePairs(x); got != want {
			t.Fatalf("linePairs(%b) = %d, want %d", x, got, want)
		}
		want = 0
		for i := range 8 {
			want += linePairs(x >> (8 * i) & 0xff)
		}
		if got := bytePairs(x); got != want {
			t.Fatalf("bytePairs(%x) = %d, want %d", x, got, want)
		}
	}
	for _, size := range [][2]int{{8, 8}, {5, 9}, {1, 12}, {11, 11}, {7, 3}, {1, 8}, {8, 1}, {6, 7}} {
		g, _ := newGeometry(size[0], size[1])
		s := &searcher{g: g}
		for range 200 {
			e := bb{Lo: rng.Uint64() | rng.Uint64(), Hi: rng.Uint64() | rng.Uint64()}.And(g.all)
			var l lines
			g.fillLines(&l, e)
			for _, left := range []bool{true, false} {
				own, across := l.rows[:g.h], l.cols[:g.w]
				ownBytes, acrossBytes := l.rowBytes, l.colBytes
				starts, step := g.horizontal(e), uint(1)
				if left {
					own, across = across, own
					ownBytes, acrossBytes = acrossBytes, ownBytes
					starts, step = g.vertical(e), g.stride
				}
				// Line by line, and one line a byte where the board allows.
				var byLine, byByte gains
				byLine.reset(own, across, false, 0, 0)
				byByte.reset(own, across, l.bytes, ownBytes, acrossBytes)
				for b := starts; !b.Empty(); b = b.WithoutLow() {
					x := b.Low()
					i, j := x/g.w, x%g.w
					if left {
						i, j = j, i
					}
					want := s.balance(e.AndNot(cell(x).Or(cell(x).Shl(step)))) - s.balance(e)
					if !left {
						want = -want
					}
					for _, gs := range []*gains{&byLine, &byByte} {
						if got := gs.gain(i, j); int32(got) != want {
							t.Fatalf("%dx%d %v left %v at %d (bytes %v): gain %d, want %d", g.h, g.w, positionOf(g, e), left, x, gs.bytes, got, want)
						}
					}
				}
			}
		}
	}
}

// TestLongLines searches boards with a side of more than 64 cells, which
// order moves by counting the whole board instead of line by line: a row
// of 70 cells is Right's, a column of 70 Left's.
func TestLongLines(t *testing.T) {
	e := New(cgt.NewUniverse(8), nil, Options{TableBits: 12})
	for _, c := range []struct {
		board string
		want  cgt.Outcome
	}{
		{strings.Repeat(".", 70), cgt.RightWins},
		{strings.TrimSuffix(strings.Repeat(".|", 70), "|"), cgt.LeftWins},
	} {
		p, err := Parse(c.board)
		if err != nil {
			t.Fatal(err)
		}
		if got := e.Outcome(p); got != c.want {
			t.Errorf("%dx%d: %v, want %v", p.H, p.W, got, c.want)
		}
	}
}
