package engine

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestReflections checks that a board and its three reflections share a
// canonical form, on boards of one and two words.
func TestReflections(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, size := range [][2]int{{3, 5}, {8, 8}, {9, 9}, {11, 11}, {5, 13}} {
		g, err := newGeometry(size[0], size[1])
		if err != nil {
			t.Fatal(err)
		}
		for range 50 {
			e := bb{rng.Uint64(), rng.Uint64()}.and(g.all)
			images := [4]bb{e}
			for r := range g.h {
				for c := range g.w {
					if !e.has(r*g.w + c) {
						continue
					}
					images[1] = images[1].or(cell(r*g.w + g.w - 1 - c))
					images[2] = images[2].or(cell((g.h-1-r)*g.w + c))
					images[3] = images[3].or(cell((g.h-1-r)*g.w + g.w - 1 - c))
				}
			}
			want := g.canonical(e)
			for i, x := range images {
				if got := g.canonical(x); got != want {
					t.Fatalf("%dx%d image %d: canonical %v, want %v", g.h, g.w, i, got, want)
				}
			}
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
	l := cell(9).or(cell(17)).or(cell(25)).or(cell(26))
	moved := cell(35).or(cell(43)).or(cell(51)).or(cell(50))
	other := cell(9).or(cell(17)).or(cell(25)).or(cell(33))
	if g.shape(l) != g.shape(moved) {
		t.Error("an L and its moved mirror image have different shapes")
	}
	if g.shape(l) == g.shape(other) {
		t.Error("an L and an I share a shape")
	}
}
