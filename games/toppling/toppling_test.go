package toppling

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

// randomLine returns a line of n cells, each a blue, red or green
// domino, or (one in six) no domino.
func randomLine(rng *rand.Rand, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = "xxooggg."[rng.IntN(8)]
		if b[i] == 'g' && rng.IntN(2) == 0 {
			b[i] = "xo"[rng.IntN(2)]
		}
	}
	return string(b)
}

// randomPosition returns 1 to lines lines of 1 to maxLen cells.
func randomPosition(rng *rand.Rand, lines, maxLen int) []string {
	p := make([]string, 1+rng.IntN(lines))
	for i := range p {
		p[i] = randomLine(rng, 1+rng.IntN(maxLen))
	}
	return p
}

// memory returns a querier with no file.
func memory(t *testing.T) query.Querier {
	q, err := parts.NewQuerier(Game, nil)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// TestPublished reproduces the published and derived values, and the
// oracle agrees with each.
func TestPublished(t *testing.T) {
	q := memory(t)
	for _, p := range publishedToppling {
		a := q.Query(context.Background(), p.Position, query.Options{Explicit: true})
		if a.Error != "" || a.Value != p.Value {
			t.Errorf("%s: %s%s, published %s (%s)", p.Position, a.Value, a.Error, p.Value, p.Source)
		}
		if want := oracleValue(strings.Split(p.Position, "|")); a.Explicit != want {
			t.Errorf("%s: %s, the oracle says %s", p.Position, a.Explicit, want)
		}
	}
}

// TestAlternating: the rows x(ox)^k are worth 1/2^k, by the solver and,
// up to k = 5, by the oracle.
func TestAlternating(t *testing.T) {
	q := memory(t)
	for k, p := range alternating {
		a := q.Query(context.Background(), p.Position, query.Options{Explicit: true})
		if a.Error != "" || a.Value != p.Value {
			t.Errorf("%s: %s%s, want %s", p.Position, a.Value, a.Error, p.Value)
		}
		if k <= 5 {
			if want := oracleValue([]string{p.Position}); a.Explicit != want {
				t.Errorf("%s: %s, the oracle says %s", p.Position, a.Explicit, want)
			}
		}
	}
}

// swapped returns the line with blue and red swapped.
func swapped(l Line) Line { l.Blue, l.Red = l.Red, l.Blue; return l }

// reversed returns the row reversed.
func reversed(l Line) Line {
	return Line{N: l.N, Dominoes: reverse(l.Dominoes, l.N), Blue: reverse(l.Blue, l.N), Red: reverse(l.Red, l.N)}
}

// TestSymmetry: reversing a row keeps its value, swapping the colours
// negates it; the key is the same for all four images, and the negation
// flags agree with the values.
func TestSymmetry(t *testing.T) {
	u := cgt.NewUniverse(16)
	s := parts.NewSolver(u, Rules)
	rng := rand.New(rand.NewPCG(5, 6))
	for range 300 {
		n := 1 + rng.IntN(12)
		r := Line{N: uint8(n), Dominoes: mask(n)}
		for i := range n {
			switch rng.IntN(3) {
			case 0:
				r.Blue |= 1 << i
			case 1:
				r.Red |= 1 << i
			}
		}
		v := s.Value(r)
		k, neg := Canonical(r)
		kv := s.Value(k.Row())
		if neg {
			kv = u.Neg(kv)
		}
		if kv != v {
			t.Fatalf("%s: worth %s, its key %s (negated %v) %s", r, u.String(v), k.Row(), neg, u.String(kv))
		}
		for _, img := range []struct {
			l   Line
			neg bool
		}{{reversed(r), false}, {swapped(r), true}, {reversed(swapped(r)), true}} {
			want := v
			if img.neg {
				want = u.Neg(v)
			}
			if ki, _ := Canonical(img.l); s.Value(img.l) != want || ki != k {
				t.Fatalf("%s: its image %s is worth %s, key %v (want %s, key %v)", r, img.l, u.String(s.Value(img.l)), ki, u.String(want), k)
			}
		}
	}
}

// TestParse: positions write back as read, bad text is refused, rows are
// the runs of dominoes.
func TestParse(t *testing.T) {
	p, err := Parse("xxo.og|xg")
	if err != nil || p.String() != "xxo.og|xg" || len(p) != 2 || p.Dominoes() != 7 {
		t.Fatalf("xxo.og|xg reads as %v (%v)", p, err)
	}
	var rows []string
	for _, r := range p.Parts(nil) {
		rows = append(rows, r.String())
	}
	if got := strings.Join(rows, " "); got != "xxo og xg" {
		t.Fatalf("xxo.og|xg has rows %s", got)
	}
	for _, bad := range []string{"", "xx|", "xTo", "x.o||o", strings.Repeat(".", MaxCells+1), "x\xffo", "X"} {
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

// TestMoves: each move names a domino the player may topple (his colour
// or green) and a direction, its position is the line with that domino
// and every domino of its row on that side gone, and Left's and Right's
// values rebuild the position's canonical form.
func TestMoves(t *testing.T) {
	q := memory(t)
	rng := rand.New(rand.NewPCG(9, 10))
	for range 100 {
		lines := randomPosition(rng, 2, 8)
		pos := strings.Join(lines, "|")
		gametest.CGTMoves(t, q, pos, func(m query.Move) {
			col, line, dir := int(m.Move[0]-'a'), int(m.Move[1]-'1'), m.Move[len(m.Move)-1]
			if len(m.Move) != 3 || line >= len(lines) || col >= len(lines[line]) || (dir != '<' && dir != '>') {
				t.Fatalf("%s: move %s", pos, m.Move)
			}
			row := []byte(lines[line])
			if c := row[col]; c != 'g' && c != map[string]byte{"L": 'x', "R": 'o'}[m.Player] {
				t.Fatalf("%s: %s topples %c", pos, m.Player, c)
			}
			d := 1
			if dir == '<' {
				d = -1
			}
			for j := col; j >= 0 && j < len(row) && row[j] != '.'; j += d {
				row[j] = '.'
			}
			want := append([]string(nil), lines...)
			want[line] = string(row)
			if m.Position != strings.Join(want, "|") {
				t.Fatalf("%s: move %s leads to %s, not %s", pos, m.Move, m.Position, strings.Join(want, "|"))
			}
		})
	}
}

// TestLevel: every key of a level is canonical and of its length, read
// back from its bytes, and the levels hold one key per class of the four
// images: every colouring of up to max dominoes finds its key there.
func TestLevel(t *testing.T) {
	const max = 8
	classes := map[Key]bool{}
	for n := 0; n <= max; n++ {
		for _, k := range Level(n) {
			if c, _ := Canonical(k.Row()); c != k || int(k.N) != n {
				t.Fatalf("level %d holds %s, not a canonical row of %d", n, k.Row(), n)
			}
			if back, ok := ParseKey(k.Bytes()); !ok || back != k {
				t.Fatalf("key %v reads back as %v", k, back)
			}
			classes[k] = true
		}
	}
	rng := rand.New(rand.NewPCG(11, 12))
	for range 2000 {
		p, _ := Parse(randomLine(rng, 1+rng.IntN(max)))
		for _, r := range p.Parts(nil) {
			if k, _ := Canonical(r); !classes[k] {
				t.Fatalf("row %s of %s is in no level", r, p)
			}
		}
	}
	// One domino: x and o (swapped), g. Two: xx and oo, xo and ox,
	// xg gx og go, gg.
	if len(Level(1)) != 2 || len(Level(2)) != 4 {
		t.Fatalf("levels 1 and 2 hold %d and %d keys, want 2 (x, g) and 4 (xx, xo, xg, gg)", len(Level(1)), len(Level(2)))
	}
}

// TestConformance runs the suite of games that fall into parts against
// the oracle.
func TestConformance(t *testing.T) {
	gametest.Parts(t, Game, gametest.Oracle{Rules: byRules, Build: 6, Random: func(rng *rand.Rand) []string {
		if rng.IntN(2) == 0 {
			return randomPosition(rng, 1, 10)
		}
		return randomPosition(rng, 3, 5)
	}})
}
