package konane

import (
	"github.com/tablebase/tablebase/games/internal/parts"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/games/gametest"
	"github.com/tablebase/tablebase/internal/region"
	"github.com/tablebase/tablebase/query"
)

// randomBoard returns a board of h x w cells, each a stone of either
// player or empty, the empty cells from a third to two thirds of them.
func randomBoard(rng *rand.Rand, h, w int) []string {
	alphabet := []string{"xo.", "xxoo.", "xo....", "xoxo..", "xo......"}[rng.IntN(5)]
	rows := make([]string, h)
	for r := range rows {
		var b strings.Builder
		for range w {
			b.WriteByte(alphabet[rng.IntN(len(alphabet))])
		}
		rows[r] = b.String()
	}
	return rows
}

// memory returns a querier with no file.
func memory(t *testing.T) query.Querier {
	q, err := Game.Open(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// TestConformance runs the suite of games that fall into parts against
// the oracle, on boards of up to 4x5 cells, half of them two boards side
// by side a few empty columns apart (a test of the split).
func TestConformance(t *testing.T) {
	gametest.Parts(t, Game, gametest.Oracle{Rules: byRules, Build: 6, Random: func(rng *rand.Rand) []string {
		h := 1 + rng.IntN(4)
		if rng.IntN(2) == 0 {
			return randomBoard(rng, h, 1+rng.IntN(5))
		}
		b, gap := randomBoard(rng, h, 1+rng.IntN(3)), strings.Repeat(".", 1+rng.IntN(3))
		rows := randomBoard(rng, h, 1+rng.IntN(3))
		for i := range rows {
			rows[i] += gap + b[i]
		}
		return rows
	}})
}

// TestSymmetry: the eight symmetries of the board keep a value, and
// swapping the colours negates it.
func TestSymmetry(t *testing.T) {
	u := cgt.NewUniverse(16)
	s := parts.NewSolver(u, Rules)
	rng := rand.New(rand.NewPCG(3, 4))
	for range 100 {
		p, _ := Parse(strings.Join(randomBoard(rng, 2+rng.IntN(2), 2+rng.IntN(3)), "|"))
		v := s.Value(p)
		cells := region.Region{H: uint8(p.H), W: uint8(p.W), Bits: p.Cells}
		for sym := canon.Symmetry(0); sym < 8; sym++ {
			img := sym.Apply(cells)
			q := Position{H: int(img.H), W: int(img.W), Cells: img.Bits, Stones: sym.Apply(cells.With(p.Stones)).Bits, Black: sym.Apply(cells.With(p.Black)).Bits}
			swapped := q
			swapped.Black = q.Stones &^ q.Black
			if s.Value(q) != v || s.Value(swapped) != u.Neg(v) {
				t.Fatalf("%s: its image %s (symmetry %d) or %s has another value", p, q, sym, swapped)
			}
		}
	}
}

// TestMoves: each move names the stone and its landing cell, removes the
// stones jumped, and Left's and Right's values rebuild the position's
// canonical form.
func TestMoves(t *testing.T) {
	q := memory(t)
	rng := rand.New(rand.NewPCG(5, 6))
	for range 100 {
		pos := strings.Join(randomBoard(rng, 3, 4), "|")
		p, _ := Parse(pos)
		gametest.CGTMoves(t, q, pos, func(m query.Move) {
			if after, _ := Parse(m.Position); after.Count() >= p.Count() || after.Cells != p.Cells {
				t.Fatalf("%s: move %s leaves %s", pos, m.Move, after)
			}
		})
	}
}

// TestLevels: every key of a level is canonical, of that many stones, one
// part on exactly its cells; every part of random boards of at most 7
// cells is in its level, and so is every part of its options.
func TestLevels(t *testing.T) {
	const maxCells = 7
	levels := Levels(maxCells)
	classes := map[Key]bool{}
	for n, level := range levels {
		for _, k := range level {
			p := k.Position()
			if c, _ := Canonical(p); c != k || p.Count() != n {
				t.Fatalf("level %d holds %s, not a canonical part of %d stones", n, p, n)
			}
			if ps := p.Parts(nil); len(ps) != 1 || ps[0] != p {
				t.Fatalf("level %d holds %s, whose parts are %v", n, p, ps)
			}
			classes[k] = true
		}
	}
	for _, level := range levels {
		for _, k := range level {
			p := k.Position()
			for _, left := range []bool{true, false} {
				for _, o := range Rules.Options(p, left, nil) {
					for _, g := range o.Parts(nil) {
						if k, _ := Canonical(g); !classes[k] {
							t.Fatalf("part %s of an option of %s is in no level", g, p)
						}
					}
				}
			}
		}
	}
	rng := rand.New(rand.NewPCG(9, 10))
	for range 3000 {
		p, _ := Parse(strings.Join(randomBoard(rng, 4, 4), "|"))
		for _, g := range p.Parts(nil) {
			if k, _ := Canonical(g); bitsOf(g.Cells) <= maxCells && !classes[k] {
				t.Fatalf("part %s of %s is in no level", g, p)
			}
		}
	}
}

func bitsOf(b uint64) int { return region.Region{H: 8, W: 8, Bits: b}.Cells() }

// TestParse: boards read back as written, and bad ones are refused.
func TestParse(t *testing.T) {
	for _, s := range []string{"xo.", "x.o|.#.|oxx"} {
		if p, err := Parse(s); err != nil || p.String() != s {
			t.Errorf("%q reads as %v (%v)", s, p, err)
		}
	}
	for _, s := range []string{"", "x|", "xq", "xo|o"} {
		if _, err := Parse(s); err == nil {
			t.Errorf("%q is read", s)
		}
	}
}
