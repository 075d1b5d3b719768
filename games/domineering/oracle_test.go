package domineering

import (
	"math/rand/v2"
	"testing"

	"github.com/tablebase/tablebase/games/internal/placement"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/cgt/oracle"
	"github.com/tablebase/tablebase/internal/region"
)

// boardOracle builds the whole game tree of a board cell by cell, straight
// from the rules: no components, no symmetry, no bitboard tricks.
type boardOracle struct {
	o    *oracle.Oracle
	xt   bool
	h, w int
	memo map[string]*oracle.Game
}

func (b *boardOracle) empty(cells []bool, r, c int) bool {
	return r >= 0 && r < b.h && c >= 0 && c < b.w && cells[r*b.w+c]
}

// group returns the cells connected to (r, c) through empty cells.
func (b *boardOracle) group(cells []bool, r, c int) map[int]bool {
	g := map[int]bool{r*b.w + c: true}
	stack := []int{r*b.w + c}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			nr, nc := i/b.w+d[0], i%b.w+d[1]
			if b.empty(cells, nr, nc) && !g[nr*b.w+nc] {
				g[nr*b.w+nc] = true
				stack = append(stack, nr*b.w+nc)
			}
		}
	}
	return g
}

func (b *boardOracle) game(cells []bool) *oracle.Game {
	key := ""
	for _, c := range cells {
		key += map[bool]string{true: ".", false: "#"}[c]
	}
	if g, ok := b.memo[key]; ok {
		return g
	}
	g := &oracle.Game{}
	for _, left := range []bool{true, false} {
		dr, dc := 1, 0
		if !left {
			dr, dc = 0, 1
		}
		var opts []*oracle.Game
		play := func(idx ...int) {
			next := append([]bool(nil), cells...)
			for _, i := range idx {
				next[i] = false
			}
			opts = append(opts, b.game(next))
		}
		for r := 0; r < b.h; r++ {
			for c := 0; c < b.w; c++ {
				if b.empty(cells, r, c) && b.empty(cells, r+dr, c+dc) {
					play(r*b.w+c, (r+dr)*b.w+c+dc)
				}
			}
		}
		if b.xt {
			for r := 0; r < b.h; r++ {
				for c := 0; c < b.w; c++ {
					if !b.empty(cells, r, c) {
						continue
					}
					fits := false
					for i := range b.group(cells, r, c) {
						if b.empty(cells, i/b.w+dr, i%b.w+dc) && b.group(cells, r, c)[(i/b.w+dr)*b.w+i%b.w+dc] {
							fits = true
						}
					}
					if !fits {
						play(r*b.w + c)
					}
				}
			}
		}
		if left {
			g.L = opts
		} else {
			g.R = opts
		}
	}
	c := b.o.Canonical(g)
	b.memo[key] = c
	return c
}

// randomRegion returns random cells of an h x w board, at most maxCells
// of them.
func randomRegion(rng *rand.Rand, h, w, maxCells int) region.Region {
	for {
		r := region.Region{H: uint8(h), W: uint8(w), Bits: rng.Uint64() & (1<<(h*w) - 1)}
		if r.Cells() <= maxCells {
			return r
		}
	}
}

// cells returns the board's cells, true where bits has the cell.
func (b *boardOracle) cells(bits uint64) []bool {
	cells := make([]bool, b.h*b.w)
	for i := range cells {
		cells[i] = bits>>i&1 != 0
	}
	return cells
}

// checkAgainstOracle compares the solver's values of random regions of
// at most maxCells cells with the oracle's: trials of them, half as many
// with -short.
func checkAgainstOracle(t *testing.T, v Variant, maxCells, trials int) {
	if testing.Short() {
		trials /= 2
	}
	rng := rand.New(rand.NewPCG(uint64(v), 9))
	u := cgt.NewUniverse(18)
	s := placement.NewSolver(u, v)
	o := oracle.New()
	for i := range trials {
		// Boards of up to 11 columns: those wider than 8 take the solver's
		// general path, the others its 8x8 path, with one worker or two.
		s.Workers = 1 + i%2
		h, w := 1+rng.IntN(4), 1+rng.IntN(5)
		if i%4 == 3 {
			h, w = 1+rng.IntN(2), 9+rng.IntN(3)
		}
		r := randomRegion(rng, h, w, maxCells)
		b := &boardOracle{o: o, xt: v == XT, h: h, w: w, memo: map[string]*oracle.Game{}}
		want := o.String(b.game(b.cells(r.Bits)))
		got, err := u.Explicit(s.Value(r), 1<<20)
		if err != nil || got != want {
			t.Fatalf("%s %s: %s (%v), oracle %s", v.Name(), r, got, err, want)
		}
	}
}

func TestDomineeringMatchesOracle(t *testing.T) { checkAgainstOracle(t, Plain, 12, 300) }

func TestXTDomineeringMatchesOracle(t *testing.T) { checkAgainstOracle(t, XT, 8, 200) }
