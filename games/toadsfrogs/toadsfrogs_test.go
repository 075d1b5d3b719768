package toadsfrogs

import (
	"context"
	"github.com/tablebase/tablebase/games/internal/parts"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/games/gametest"
	"github.com/tablebase/tablebase/query"
)

// randomStrip returns a strip of n cells, each a toad, a frog or empty
// (a third each).
func randomStrip(rng *rand.Rand, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = "TF."[rng.IntN(3)]
	}
	return string(b)
}

// randomPosition returns 1 to strips strips of 1 to maxLen cells.
func randomPosition(rng *rand.Rand, strips, maxLen int) []string {
	rows := make([]string, 1+rng.IntN(strips))
	for i := range rows {
		rows[i] = randomStrip(rng, 1+rng.IntN(maxLen))
	}
	return rows
}

// memory returns a querier with no file.
func memory(t *testing.T) query.Querier {
	q, err := parts.NewQuerier(Game, nil)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// TestConformance runs the suite of games that fall into parts against
// the oracle: one strip of up to 12 cells, or two of up to 7 (the
// oracle's whole positions multiply).
func TestConformance(t *testing.T) {
	gametest.Parts(t, Game, gametest.Oracle{Rules: byRules, Build: 7, Random: func(rng *rand.Rand) []string {
		if rng.IntN(2) == 0 {
			return randomPosition(rng, 2, 7)
		}
		return randomPosition(rng, 1, 12)
	}})
}

// TestSplit: on strips of mostly pieces, where frozen pieces are common,
// the value of a strip is the sum of its parts' (checked by the oracle on
// the whole strip), and no part has a frozen piece of its own.
func TestSplit(t *testing.T) {
	q := memory(t)
	rng := rand.New(rand.NewPCG(3, 4))
	split := 0
	for range 300 {
		b := []byte(randomStrip(rng, 4+rng.IntN(8)))
		for i := range b {
			if b[i] == '.' && rng.IntN(2) == 0 {
				b[i] = "TF"[rng.IntN(2)]
			}
		}
		p, _ := Parse(string(b))
		if p[0].Frozen() != 0 {
			split++
		}
		for _, part := range p.Parts(nil) {
			if part.Frozen() != 0 || part.Toads|part.Frogs == 0 {
				t.Fatalf("%s: part %s has a frozen piece or none", b, part)
			}
		}
		a := q.Query(context.Background(), string(b), query.Options{Explicit: true})
		if want := oracleValue([]string{string(b)}); a.Explicit != want {
			t.Fatalf("%s (parts %v): %s, the oracle says %s", b, p.Parts(nil), a.Explicit, want)
		}
	}
	if split < 100 {
		t.Fatalf("only %d of 300 strips had frozen pieces", split)
	}
}

// TestPublished reproduces the published values.
func TestPublished(t *testing.T) {
	q := memory(t)
	for _, p := range publishedToadsFrogs {
		if a := q.Query(context.Background(), p.Position, query.Options{}); a.Error != "" || a.Value != p.Value {
			t.Errorf("%s: %s%s, published %s (%s)", p.Position, a.Value, a.Error, p.Value, p.Source)
		}
	}
}

// TestMirror: reversing a strip and swapping toads and frogs negates its
// value; the key is the same for both.
func TestMirror(t *testing.T) {
	u := cgt.NewUniverse(16)
	s := parts.NewSolver(u, Rules)
	rng := rand.New(rand.NewPCG(5, 6))
	for range 300 {
		p, _ := Parse(randomStrip(rng, 1+rng.IntN(12)))
		st, m := p[0], p[0].Mirror()
		if s.Value(m) != u.Neg(s.Value(st)) || m.Mirror() != st {
			t.Fatalf("%s: its mirror %s is not worth its negative", st, m)
		}
		k, neg := Canonical(st)
		km, negm := Canonical(m)
		if k != km || (neg == negm && st != m) {
			t.Fatalf("%s and %s: keys %v %v, negated %v %v", st, m, k, km, neg, negm)
		}
	}
}

// TestParse: □ reads as '.', positions write back as read, bad text is
// refused.
func TestParse(t *testing.T) {
	p, err := Parse("TT□FF|T.F")
	if err != nil || p.String() != "TT.FF|T.F" || len(p) != 2 || p.Cells() != 8 {
		t.Fatalf("TT□FF|T.F reads as %v (%v)", p, err)
	}
	for _, bad := range []string{"", "TT|", "TxF", "T.F||F", strings.Repeat(".", MaxCells+1), "T\xffF"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for range 100 {
		s := strings.Join(randomPosition(rng, 3, MaxCells), "|")
		if p, err := Parse(s); err != nil || p.String() != s {
			t.Fatalf("%s reads back as %s (%v)", s, p, err)
		}
	}
}

// TestMoves: each move names the piece's cell and the cell it lands on
// (one on, or two for a jump, in the player's direction), and Left's and
// Right's values rebuild the position's canonical form.
func TestMoves(t *testing.T) {
	q := memory(t)
	rng := rand.New(rand.NewPCG(9, 10))
	for range 100 {
		pos := strings.Join(randomPosition(rng, 2, 7), "|")
		gametest.CGTMoves(t, q, pos, func(m query.Move) {
			from, to, _ := strings.Cut(m.Move, "-")
			d := int(to[0]) - int(from[0])
			if from[1:] != to[1:] || (m.Player == "L") != (d > 0) || (d != 1 && d != -1 && d != 2 && d != -2) {
				t.Fatalf("%s: move %s of %s", pos, m.Move, m.Player)
			}
		})
	}
}

// TestLevel: every key of a level is a canonical part of its length, and
// every part of random strips finds its class in its level.
func TestLevel(t *testing.T) {
	const max = 8
	classes := map[Key]bool{}
	for n := 0; n <= max; n++ {
		for _, k := range Level(n) {
			s := k.Strip()
			if c, _ := Canonical(s); c != k || int(s.N) != n || s.Frozen() != 0 || s.Toads|s.Frogs == 0 {
				t.Fatalf("level %d holds %s, not a canonical part of %d cells", n, s, n)
			}
			if back, ok := ParseKey(k.Bytes()); !ok || back != k {
				t.Fatalf("key %v reads back as %v", k, back)
			}
			classes[k] = true
		}
	}
	rng := rand.New(rand.NewPCG(11, 12))
	for range 2000 {
		p, _ := Parse(randomStrip(rng, 1+rng.IntN(max)))
		for _, part := range p.Parts(nil) {
			if k, _ := Canonical(part); !classes[k] {
				t.Fatalf("part %s of %s is in no level", part, p)
			}
		}
	}
}
