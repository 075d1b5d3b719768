package kayles

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/games/gametest"
	"github.com/tablebase/tablebase/games/internal/parts"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

// games are the two games, with whether a move may take one pin.
var games = []struct {
	g       parts.Game[Position, Rows, Key]
	takeOne bool
}{{Kayles, true}, {Dawsons, false}}

// randomPosition returns 1 to 3 lines of 1 to 5 cells, most of them
// pins: few enough for the oracle's whole boards.
func randomPosition(rng *rand.Rand) []string {
	lines := make([]string, 1+rng.IntN(3))
	for i := range lines {
		b := make([]byte, 1+rng.IntN(5))
		for j := range b {
			b[j] = "xxxx."[rng.IntN(5)]
		}
		lines[i] = string(b)
	}
	return lines
}

// TestConformance runs the suite of games that fall into parts against
// the oracle of each game.
func TestConformance(t *testing.T) {
	for _, tc := range games {
		t.Run(tc.g.Name(), func(t *testing.T) {
			gametest.Parts(t, tc.g, gametest.Oracle{Rules: byRules(tc.takeOne), Build: MaxCells, Random: randomPosition})
		})
	}
}

// nimValues returns the nim-values of rows of 0 to n pins by g's solver.
func nimValues(t *testing.T, g parts.Game[Position, Rows, Key], n int) []int {
	u := cgt.NewUniverse(12)
	s := parts.NewSolver(u, g.Rules)
	values := make([]int, n+1)
	for m := range values {
		v := s.Value(Rows{A: uint8(m)})
		if values[m] = u.Nimber(v); values[m] < 0 {
			t.Fatalf("%s: a row of %d is worth %s, not a nimber", g.Name(), m, u.String(v))
		}
	}
	return values
}

// TestMex: the solver's values of rows of up to 250 pins are those of
// the Sprague-Grundy recursion on row lengths.
func TestMex(t *testing.T) {
	for _, tc := range games {
		got, want := nimValues(t, tc.g, 250), mex(250, tc.takeOne)
		for n := range want {
			if got[n] != want[n] {
				t.Fatalf("%s: a row of %d pins is *%d, the recursion says *%d", tc.g.Name(), n, got[n], want[n])
			}
		}
	}
}

// TestPublished: the solver reproduces the published nim-sequences
// (published_test.go) and, past them, their periods (12 for Kayles from
// 71 pins on, 34 for Dawson's Kayles from 53); a build of every row of up
// to 26 pins stores the published values.
func TestPublished(t *testing.T) {
	for _, p := range published {
		values := nimValues(t, p.g, 250)
		for n, want := range p.values {
			if values[n] != want {
				t.Errorf("%s: a row of %d pins is *%d, published *%d", p.g.Name(), n, values[n], want)
			}
		}
		for n := p.from + p.period; n < len(values); n++ {
			if values[n] != values[n-p.period] {
				t.Errorf("%s: rows of %d and %d pins are *%d and *%d, not of period %d", p.g.Name(), n-p.period, n, values[n-p.period], values[n], p.period)
			}
		}
		path := t.TempDir() + "/k.db"
		if _, err := p.g.Build(context.Background(), build.Params{}, build.Options{Path: path}); err != nil {
			t.Fatal(err)
		}
		f, err := tablebase.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		u, stored := cgt.NewUniverse(12), 0
		err = p.g.EachValue(f, u, func(level int, pos fmt.Stringer, v cgt.ID) error {
			if stored++; u.Nimber(v) != p.values[level] || pos.String() != strings.Repeat("x", level) {
				t.Errorf("%s: the file holds %s at %s, published *%d", p.g.Name(), pos, u.String(v), p.values[level])
			}
			return nil
		})
		f.Close()
		if err != nil || stored != MaxCells {
			t.Fatalf("%s: %d rows stored (%v), want %d", p.g.Name(), stored, err, MaxCells)
		}
	}
}

// TestMoves: an impartial game's moves are listed once, for no player,
// each naming the pins it takes and leading to the line without them;
// the winning ones (to a second-player win) come first. xxx|x is *3 + *1
// = *2, and taking two pins of xxx (to x|x = 0) wins.
func TestMoves(t *testing.T) {
	q, err := parts.NewQuerier(Kayles, nil)
	if err != nil {
		t.Fatal(err)
	}
	a := q.Query(context.Background(), "xxx|x", query.Options{Moves: true})
	want := map[string]string{"a1": ".xx|x", "b1": "x.x|x", "c1": "xx.|x", "a2": "xxx|.", "a1-b1": "..x|x", "b1-c1": "x..|x"}
	if a.Value != "*2" || len(a.Moves) != len(want) {
		t.Fatalf("xxx|x: %s (%s), %d moves; want *2 and %d", a.Value, a.Error, len(a.Moves), len(want))
	}
	for i, m := range a.Moves {
		if wins := strings.Contains(m.Move, "-"); m.Player != "" || want[m.Move] != m.Position || *m.Wins != wins || wins != (i < 2) {
			t.Fatalf("xxx|x: move %d %s (player %q) to %s, wins %v", i, m.Move, m.Player, m.Position, *m.Wins)
		}
	}
}
