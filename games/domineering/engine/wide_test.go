package engine

import (
	"math/rand/v2"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/tablebase/tablebase/internal/bits192"
	"github.com/tablebase/tablebase/internal/bitsw"
	"github.com/tablebase/tablebase/internal/genwide"
	"github.com/tablebase/tablebase/internal/region"
)

// TestWideGenerated checks that mid_*_gen.go and wide_*_gen.go are the
// copies of the search that the go:generate lines of cells128.go make
// now.
func TestWideGenerated(t *testing.T) {
	lines, stale, err := genwide.Stale("cells128.go")
	if err != nil {
		t.Fatal(err)
	}
	if lines != 2 {
		t.Errorf("cells128.go has %d go:generate lines of genwide, want 2 (mid and wide)", lines)
	}
	for _, name := range stale {
		t.Errorf("%s is not the copy that genwide makes now: run go generate", name)
	}
}

// TestWideMatchesNarrow searches positions of boards of up to 128 cells
// with the three copies of the search, one worker each: the same winner,
// the same move and the same candidates in the same order.
func TestWideMatchesNarrow(t *testing.T) {
	u, values := solverValues()
	rng := rand.New(rand.NewPCG(11, 12))
	shapes := [][2]int{{6, 6}, {5, 7}, {8, 8}, {7, 9}, {9, 12}, {2, 50}, {3, 40}, {1, 100}}
	rounds := 48
	if testing.Short() {
		rounds = 16
	}
	for i := range rounds {
		sh := shapes[i%len(shapes)]
		p := randomPosition(rng, sh[0], sh[1], max(0, 100-3200/(sh[0]*sh[1])))
		narrow := New(u, values, Options{KnownCells: 8, TableBits: 18, Workers: 1})
		mid := New(u, values, Options{KnownCells: 8, TableBits: 18, Workers: 1})
		wide := New(u, values, Options{KnownCells: 8, TableBits: 18, Workers: 1})
		for _, left := range []bool{true, false} {
			m, wins, solved, ok := bestMove(narrow, p, left, new(atomic.Bool))
			mm, mwins, msolved, mok := midBestMove(mid, p, left, new(atomic.Bool))
			wm, wwins, wsolved, wok := wideBestMove(wide, p, left, new(atomic.Bool))
			if m != mm || wins != mwins || solved != msolved || ok != mok || m != wm || wins != wwins || solved != wsolved || ok != wok || !solved {
				t.Fatalf("%dx%d %s, left %v: narrow %v %v %v %v, mid %v %v %v %v, wide %v %v %v %v",
					p.H, p.W, p, left, m, wins, solved, ok, mm, mwins, msolved, mok, wm, wwins, wsolved, wok)
			}
			c := candidates(narrow, p, left)
			if mc, wc := midCandidates(mid, p, left), wideCandidates(wide, p, left); !slices.Equal(c, mc) || !slices.Equal(c, wc) {
				t.Fatalf("%s, left %v: candidates %v, mid %v, wide %v", p, left, c, mc, wc)
			}
		}
	}
}

// randomPosition returns an h x w board with about cover of its cells
// in a hundred covered at random.
func randomPosition(rng *rand.Rand, h, w, cover int) Position {
	var b strings.Builder
	for i := range h * w {
		if i > 0 && i%w == 0 {
			b.WriteByte('|')
		}
		if rng.IntN(100) < cover {
			b.WriteByte('#')
		} else {
			b.WriteByte('.')
		}
	}
	p, err := Parse(b.String())
	if err != nil {
		panic(err)
	}
	return p
}

// TestBoardsPastNarrow places small boards at random in boards of 97 to
// 256 cells (every other cell covered), whose table keys hold the value of
// a known part past the board's cells where it fits, and of more than 16
// rows: regions whose outcome the oracle knows, where the engine must
// agree with the oracle, and positions of 8x8 with about 32 empty cells,
// where it must agree with itself on the small board.
func TestBoardsPastNarrow(t *testing.T) {
	u, values := solverValues()
	e := New(u, values, Options{KnownCells: 8, TableBits: 16})
	rng := rand.New(rand.NewPCG(13, 14))
	boards := [][2]int{{12, 12}, {16, 16}, {11, 12}, {8, 18}, {18, 8}, {9, 15}, {14, 14}, {12, 16}, {17, 6}, {10, 11}, {18, 7}, {8, 15}} // narrow up to 128 cells, mid up to 192, wide past
	shapes := [][2]int{{4, 4}, {3, 5}, {5, 3}, {4, 5}, {2, 7}, {5, 4}}
	for i := range oracleRounds() / 2 {
		bd, sh := boards[i%len(boards)], shapes[i%len(shapes)]
		full := region.Full(sh[0], sh[1])
		r := full.With(full.Bits & (rng.Uint64() | rng.Uint64() | rng.Uint64()))
		small := position(r)
		big := placed(rng, small, bd[0], bd[1])
		for _, left := range []bool{true, false} {
			if got, want := e.Wins(big, left), oracleWins(r, left); got != want {
				t.Fatalf("%s, left first %v: engine %v, minimax %v", big, left, got, want)
			}
		}
	}
	for i := range 12 {
		bd := boards[i%len(boards)]
		if bd[0] < 8 || bd[1] < 8 {
			continue
		}
		small := randomPosition(rng, 8, 8, 50)
		big := placed(rng, small, bd[0], bd[1])
		for _, left := range []bool{true, false} {
			if got, want := e.Wins(big, left), e.Wins(small, left); got != want {
				t.Fatalf("%s, left first %v: %v, but %v on %s", big, left, got, want, small)
			}
		}
	}
}

// placed returns an h x w board holding the empty cells of p at a random
// place, every other cell covered.
func placed(rng *rand.Rand, p Position, h, w int) Position {
	top, left := rng.IntN(h-p.H+1), rng.IntN(w-p.W+1)
	out := Position{H: h, W: w}
	for x := range p.H * p.W {
		if p.empty.Has(x) {
			out.empty = out.empty.Or(bitsw.Cell((top+x/p.W)*w + left + x%p.W))
		}
	}
	return out
}

// TestWideReflections is TestReflections for the copies of three and of
// four words, on boards of one to four words, and their shape keys the
// same for a part wherever it lies.
func TestWideReflections(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	for _, size := range [][2]int{{7, 9}, {11, 11}, {12, 12}, {16, 16}, {9, 15}, {4, 50}, {13, 14}, {20, 9}, {50, 4}} {
		g, err := wideNewGeometry(size[0], size[1])
		if err != nil {
			t.Fatal(err)
		}
		var m *midGeometry
		if g.h*g.w <= 192 {
			if m, err = midNewGeometry(size[0], size[1]); err != nil {
				t.Fatal(err)
			}
		}
		for range 50 {
			e := bitsw.Set{A: rng.Uint64(), B: rng.Uint64(), C: rng.Uint64(), D: rng.Uint64()}.And(g.all)
			images := [4]bitsw.Set{e}
			for r := range g.h {
				for c := range g.w {
					if !e.Has(r*g.w + c) {
						continue
					}
					images[1] = images[1].Or(bitsw.Cell(r*g.w + g.w - 1 - c))
					images[2] = images[2].Or(bitsw.Cell((g.h-1-r)*g.w + c))
					images[3] = images[3].Or(bitsw.Cell((g.h-1-r)*g.w + g.w - 1 - c))
				}
			}
			// A 2x3 part moved one cell right keeps its shape key.
			r, c := rng.IntN(g.h-1), rng.IntN(g.w-3)
			part := bitsw.Cell(r*g.w + c).Or(bitsw.Cell(r*g.w + c + 2)).Or(bitsw.Cell((r+1)*g.w + c + 1))
			sameImages(t, g.h, g.w, images, part, part.Shl(1), g.reflections, g.canonical, g.shape)
			if m == nil {
				continue
			}
			var mimages [4]bits192.Set
			for i, x := range images {
				mimages[i] = threeWords(x)
			}
			sameImages(t, g.h, g.w, mimages, threeWords(part), threeWords(part.Shl(1)), m.reflections, m.canonical, m.shape)
		}
	}
}

// sameImages checks a geometry of h x w cells: the reflections of a
// board (images[0]) are images, all four have one canonical form, and a
// part keeps its shape key once moved.
func sameImages[S comparable](t *testing.T, h, w int, images [4]S, part, moved S, reflections func(S) ([4]S, bool), canonical, shape func(S) S) {
	t.Helper()
	if got, _ := reflections(images[0]); got != images {
		t.Fatalf("%dx%d %v: reflections %v, want %v", h, w, images[0], got, images)
	}
	sameCanonical(t, h, w, images, canonical)
	if shape(part) != shape(moved) {
		t.Fatalf("%dx%d: the shape of %v moves with it", h, w, part)
	}
}

// threeWords returns the first three words of a set of four.
func threeWords(x bitsw.Set) bits192.Set { return bits192.Set{A: x.A, B: x.B, C: x.C} }
