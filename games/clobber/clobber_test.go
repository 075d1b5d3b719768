package clobber

import (
	"context"
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

// randomBoard returns a board of up to 3x4 cells, each a stone of either
// player or (a fifth of them) empty.
func randomBoard(rng *rand.Rand, h, w int) []string {
	rows := make([]string, h)
	for r := range rows {
		var b strings.Builder
		for range w {
			b.WriteByte("xxoo."[rng.IntN(5)])
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
// the oracle, on boards of up to 3x4.
func TestConformance(t *testing.T) {
	gametest.Parts(t, Game.Game, gametest.Oracle{Rules: byRules, Build: 6, Random: func(rng *rand.Rand) []string {
		return randomBoard(rng, 1+rng.IntN(3), 1+rng.IntN(4))
	}})
}

// TestPublished reproduces the published values and outcome classes.
func TestPublished(t *testing.T) {
	q := memory(t)
	for _, p := range publishedClobber {
		a := q.Query(context.Background(), p.Position, query.Options{Explicit: true})
		if a.Error != "" || a.Explicit != p.Explicit || a.Value != p.Value {
			t.Errorf("%s: %s = %s, published %s = %s (%s)", p.Position, a.Value, a.Explicit, p.Value, p.Explicit, p.Source)
		}
	}
	for _, p := range publishedClobberOutcomes {
		if a := q.Query(context.Background(), p.Position, query.Options{}); a.Error != "" || a.Outcome != p.Outcome {
			t.Errorf("%s: outcome %s, published %s (%s)", p.Position, a.Outcome, p.Outcome, p.Source)
		}
	}
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
		stones := region.Region{H: uint8(p.H), W: uint8(p.W), Bits: p.Stones}
		for sym := canon.Symmetry(0); sym < 8; sym++ {
			img, black := sym.Apply(stones), sym.Apply(stones.With(p.Black))
			q := Position{H: int(img.H), W: int(img.W), Stones: img.Bits, Black: black.Bits}
			swapped := q
			swapped.Black = q.Stones &^ q.Black
			if s.Value(q) != v || s.Value(swapped) != u.Neg(v) {
				t.Fatalf("%s: its image %s (symmetry %d) or %s has another value", p, q, sym, swapped)
			}
		}
	}
}

// TestMoves: each move names the stone and the stone it captures, and
// Left's and Right's values rebuild the position's canonical form.
func TestMoves(t *testing.T) {
	q := memory(t)
	rng := rand.New(rand.NewPCG(5, 6))
	for range 100 {
		pos := strings.Join(randomBoard(rng, 3, 3), "|")
		p, _ := Parse(pos)
		gametest.CGTMoves(t, q, pos, func(m query.Move) {
			if after, _ := Parse(m.Position); after.Cells() != p.Cells()-1 {
				t.Fatalf("%s: move %s leaves %d stones", pos, m.Move, after.Cells())
			}
		})
	}
}

// TestGroups: every key of a level is canonical, connected and of both
// colours, and every such group of random stones on a 4x4 board finds its
// class in its level.
func TestGroups(t *testing.T) {
	levels := Groups(6)
	classes := map[Key]bool{}
	for n, level := range levels {
		for _, k := range level {
			p := k.Position()
			if c, _ := Canonical(p); c != k || p.Cells() != n || len(p.Components(nil)) != 1 || p.region().Crop() != p.region() {
				t.Fatalf("level %d holds %s, not a canonical group of %d stones", n, p, n)
			}
			classes[k] = true
		}
	}
	rng := rand.New(rand.NewPCG(9, 10))
	for range 2000 {
		p, _ := Parse(strings.Join(randomBoard(rng, 4, 4), "|"))
		for _, g := range p.Components(nil) {
			if k, _ := Canonical(g); g.Cells() <= 6 && !classes[k] {
				t.Fatalf("group %s of %s is in no level", g, p)
			}
		}
	}
}
