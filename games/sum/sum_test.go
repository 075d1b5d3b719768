package sum_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/games"
	"github.com/tablebase/tablebase/query"
)

// open returns a querier of sums, without a file.
func open(t *testing.T) query.Querier {
	t.Helper()
	q, err := games.Sum.Open(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// openGame returns a querier of the game called name.
func openGame(t *testing.T, name string) query.Querier {
	t.Helper()
	g, err := games.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	q, err := g.Open(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// randomPart returns a small random position of one of the games with
// values, written GAME:POSITION.
func randomPart(rng *rand.Rand) string {
	cells := func(h, w int, alphabet string) string {
		rows := make([]string, h)
		for i := range rows {
			b := make([]byte, w)
			for j := range b {
				b[j] = alphabet[rng.IntN(len(alphabet))]
			}
			rows[i] = string(b)
		}
		return strings.Join(rows, "|")
	}
	switch rng.IntN(4) {
	case 0:
		return "domineering:" + cells(1+rng.IntN(2), 1+rng.IntN(3), "..#")
	case 1:
		return "xt-domineering:" + cells(1+rng.IntN(2), 1+rng.IntN(3), "..#")
	case 2:
		return "cram:" + cells(1, 1+rng.IntN(4), "..#")
	}
	return "clobber:" + cells(1, 1+rng.IntN(4), "xo.")
}

// wholeSum is the oracle: the value of a sum as the canonical form of
// its options, each a move in one part (from that part's own game's
// moves, asked of its querier in queriers, opened once a game), by plain
// recursion over whole sums, remembered in seen as written; the parts'
// values are never added.
func wholeSum(t *testing.T, u *cgt.Universe, seen map[string]cgt.ID, queriers map[string]query.Querier, parts []string) cgt.ID {
	key := strings.Join(parts, " + ")
	if v, ok := seen[key]; ok {
		return v
	}
	var left, right []cgt.ID
	for i, p := range parts {
		name, position, _ := strings.Cut(p, ":")
		q := queriers[name]
		if q == nil {
			q = openGame(t, name)
			queriers[name] = q
		}
		a := q.Query(context.Background(), position, query.Options{Moves: true})
		if a.Error != "" {
			t.Fatalf("%s: %s", p, a.Error)
		}
		for _, m := range a.Moves {
			after := append([]string(nil), parts...)
			after[i] = name + ":" + m.Position
			v := wholeSum(t, u, seen, queriers, after)
			if m.Player != "R" {
				left = append(left, v)
			}
			if m.Player != "L" {
				right = append(right, v)
			}
		}
	}
	seen[key] = u.FromOptions(left, right)
	return seen[key]
}

// TestAgainstWholeSum values random sums of two or three parts of
// different games and compares each with the whole-sum oracle; every
// move listed must lead to the position its value and outcome say.
func TestAgainstWholeSum(t *testing.T) {
	q := open(t)
	u := cgt.NewUniverse(16)
	seen := map[string]cgt.ID{}
	queriers := map[string]query.Querier{}
	rng := rand.New(rand.NewPCG(6, 1))
	n := 40
	if testing.Short() {
		n = 15
	}
	for range n {
		var parts []string
		for range 2 + rng.IntN(2) {
			parts = append(parts, randomPart(rng))
		}
		pos := strings.Join(parts, " + ")
		a := q.Query(context.Background(), pos, query.Options{Moves: true})
		if a.Error != "" {
			t.Fatalf("%s: %s", pos, a.Error)
		}
		want := wholeSum(t, u, seen, queriers, parts)
		if got, err := u.Parse(a.Value); err != nil || got != want {
			t.Fatalf("%s: %s, the whole sum %s (%v)", pos, a.Value, u.String(want), err)
		}
		if a.Outcome != u.Outcome(want).String() {
			t.Fatalf("%s: outcome %s, want %s", pos, a.Outcome, u.Outcome(want))
		}
		for _, m := range a.Moves {
			after := q.Query(context.Background(), m.Position, query.Options{})
			if after.Value != m.Value || after.Outcome != m.Outcome {
				t.Fatalf("%s: move %s to %s: value %s outcome %s, the position's %s %s", pos, m.Move, m.Position, m.Value, m.Outcome, after.Value, after.Outcome)
			}
		}
	}
}

// TestSums checks sums whose values the rules give directly.
func TestSums(t *testing.T) {
	q := open(t)
	for _, c := range []struct{ position, value, outcome string }{
		{"clobber:xo + clobber:xo", "0", "P"},             // * + * = 0
		{"domineering:..|.. + cram:..", "+-(1*)", "N"},    // ±1 + *
		{"domineering:.|. clobber:ox", "1*", "L"},         // 1 + *; spaces join parts too
		{"domineering:.|. + domineering:..", "0", "P"},    // 1 - 1
		{"cram:... + cram:.. + cram:.", "0", "P"},         // * + * + 0
		{"domineering:.|.|. + domineering:.|.", "2", "L"}, // 1 + 1
	} {
		a := q.Query(context.Background(), c.position, query.Options{})
		if a.Error != "" || a.Value != c.value || a.Outcome != c.outcome {
			t.Errorf("%s: %s %s %s, want %s %s", c.position, a.Value, a.Outcome, a.Error, c.value, c.outcome)
		}
	}
}

// TestBadSums: a sum that cannot be read, or has a part of a game
// without values, is a bad position.
func TestBadSums(t *testing.T) {
	q := open(t)
	for _, p := range []string{"", "+", "domineering", "nosuchgame:..", "sum:domineering:..", "ttt3d:...|...|...", "domineering:..x", ":.."} {
		a := q.Query(context.Background(), p, query.Options{})
		if a.Error == "" {
			t.Errorf("%q: answered %s", p, a.Value)
		}
	}
}
