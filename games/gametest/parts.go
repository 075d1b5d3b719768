package gametest

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/cgt/oracle"
	"github.com/tablebase/tablebase/games/internal/parts"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

// Oracle is what a game's tests know of it apart from its package: the
// game by its rules alone, and positions to ask it.
type Oracle struct {
	// Rules is the game by its rules alone, on rows of bytes written in
	// the game's notation (oracle.Board).
	Rules oracle.Board
	// Random returns the rows of a random position small enough for
	// Rules, joined by '|' the game's notation of it.
	Random func(rng *rand.Rand) []string
	// Build is the --max-cells of the small build the suite checks (0:
	// the game has no build).
	Build int
}

// Parts is the conformance suite of a game that falls into parts, run
// against its oracle on random positions (300, 30 with -short; their
// first quarter for the moves): the notation reads back what it writes;
// bad text is an error, never a panic; values and outcomes are the
// oracle's; each player's moves lead to the boards the oracle's moves
// do, each worth what it lists; a part's key is canonical and a true
// symmetry; and a small build stores every part of its levels, in order,
// at its value, as a file interrupted again and again does.
func Parts[X fmt.Stringer, P parts.Part, K build.Key](t *testing.T, g parts.Game[X, P, K], o Oracle) {
	q, err := parts.NewQuerier(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, uint64(len(g.Name()))))
	n := 300
	if testing.Short() {
		n = 30
	}
	positions := make([][]string, n)
	for i := range positions {
		positions[i] = o.Random(rng)
	}
	t.Run("notation", func(t *testing.T) { readBack(t, g.Notation.Parse, q, positions, rng) })
	t.Run("oracle", func(t *testing.T) { AgainstOracle(t, q, o.Rules, positions) })
	t.Run("moves", func(t *testing.T) {
		for _, rows := range positions[:n/4] {
			movesAgainstOracle(t, q, g.Notation.Parse, o.Rules, rows)
		}
	})
	t.Run("keys", func(t *testing.T) { keys(t, g, positions) })
	if o.Build > 0 {
		t.Run("build", func(t *testing.T) { builds(t, g, q, o.Build, positions) })
	}
}

// readBack checks that each position reads and writes back as read, and
// that bad text, and random changes of good text, are answered without
// a panic: errors for the bad text.
func readBack[X fmt.Stringer](t *testing.T, parse func(string) (X, error), q query.Querier, positions [][]string, rng *rand.Rand) {
	for _, rows := range positions {
		s := strings.Join(rows, "|")
		x, err := parse(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if back, err := parse(x.String()); err != nil || back.String() != x.String() {
			t.Fatalf("%s reads as %s, which reads back as %v (%v)", s, x, back, err)
		}
	}
	for _, bad := range []string{"", " ", "\xff", "\x00", "?", "|", "||"} {
		if a := q.Query(context.Background(), bad, query.Options{}); a.Error == "" {
			t.Errorf("%q: answered %s, not an error", bad, a.Value)
		}
	}
	for _, rows := range positions {
		b := []byte(strings.Join(rows, "|"))
		junk := "|/.#?\xff\x00 9"
		b[rng.IntN(len(b))] = junk[rng.IntN(len(junk))]
		if a := q.Query(context.Background(), string(b), query.Options{Moves: true}); a.Error == "" && a.Value == "" {
			t.Fatalf("%q: neither a value nor an error", b)
		}
	}
}

// movesAgainstOracle checks the moves q lists for a position: each
// player's lead to the boards the oracle's moves do, as many times each
// (each board read by parse and written back), and they are worth what
// they list and make the position's value (CGTMoves).
func movesAgainstOracle[X fmt.Stringer](t *testing.T, q query.Querier, parse func(string) (X, error), rules oracle.Board, rows []string) {
	pos := strings.Join(rows, "|")
	var got, want [2][]string
	CGTMoves(t, q, pos, func(m query.Move) {
		for side, player := range []string{"L", "R"} {
			if m.Player == player || m.Player == "" {
				got[side] = append(got[side], m.Position)
			}
		}
	})
	board := make([][]byte, len(rows))
	for i, r := range rows {
		board[i] = []byte(r)
	}
	for side, left := range []bool{true, false} {
		rules(board, left, func() {
			x, err := parse(string(bytes.Join(board, []byte("|"))))
			if err != nil {
				t.Fatalf("%s: a move of the oracle's: %v", pos, err)
			}
			want[side] = append(want[side], x.String())
		})
		slices.Sort(got[side])
		slices.Sort(want[side])
		if !slices.Equal(got[side], want[side]) {
			t.Fatalf("%s: %s moves to %q, the oracle to %q", pos, "LR"[side:side+1], got[side], want[side])
		}
	}
}

// keys checks every part of the positions: its key's part has that key,
// not negated; the key reads back from its bytes; and the part is worth
// its key's part's value, negated when Key says so, both valued from
// their options alone (no keys, no file).
func keys[X fmt.Stringer, P parts.Part, K build.Key](t *testing.T, g parts.Game[X, P, K], positions [][]string) {
	u := cgt.NewUniverse(16)
	plain := keyless(u, g.Rules)
	for _, rows := range positions {
		x, _ := g.Notation.Parse(strings.Join(rows, "|"))
		for _, part := range g.Notation.Parts(x, nil) {
			k, negated := g.Rules.Key(part)
			if k2, neg2 := g.Rules.Key(g.Rules.Part(k)); k2 != k || neg2 {
				t.Fatalf("part %s: key %v, whose part %s has key %v (negated %v)", part, k, g.Rules.Part(k), k2, neg2)
			}
			if g.Store.ParseKey != nil {
				if back, ok := g.Store.ParseKey(g.Store.Bytes(k)); !ok || back != k {
					t.Fatalf("part %s: key %v reads back from its bytes as %v", part, k, back)
				}
			}
			v, kv := plain(part), plain(g.Rules.Part(k))
			if negated {
				kv = u.Neg(kv)
			}
			if v != kv {
				t.Fatalf("part %s is worth %s, its key's part %s %s (negated %v)", part, u.String(v), g.Rules.Part(k), u.String(plain(g.Rules.Part(k))), negated)
			}
		}
	}
}

// keyless returns a valuer of parts from their options alone, with a
// memo by part: no keys, no symmetry.
func keyless[P comparable, K comparable](u *cgt.Universe, rules parts.Rules[P, K]) func(P) cgt.ID {
	memo := map[P]cgt.ID{}
	var value func(P) cgt.ID
	value = func(part P) cgt.ID {
		if v, ok := memo[part]; ok {
			return v
		}
		v := parts.Value(u, rules, part, value)
		memo[part] = v
		return v
	}
	return value
}

// builds checks a build of maxCells: interrupted, it writes the file one
// run does; each level holds canonical keys of its size, in the order
// of their bytes, whose options' parts lie below it (or within it, where
// the Store says so); the file holds each part at its value from its
// options, and answers every position whose parts its levels hold
// without solving; and its answers are those of the querier without a
// file.
func builds[X fmt.Stringer, P parts.Part, K build.Key](t *testing.T, g parts.Game[X, P, K], memory query.Querier, maxCells int, positions [][]string) {
	path, _ := Resumed(t, g, build.Params{"max-cells": strconv.Itoa(maxCells)})
	s, rules := g.Store, g.Rules
	levels := s.Levels(maxCells)
	stored := map[K]bool{}
	for n := 1; n <= maxCells; n++ {
		var last []byte
		for _, k := range levels(n) {
			part := rules.Part(k)
			b := s.Bytes(k)
			if k2, neg := rules.Key(part); k2 != k || neg || s.Size(part) != n || bytes.Compare(last, b) >= 0 {
				t.Fatalf("level %d holds %s (key %v, size %d) after %x: not canonical, of its size, in order", n, part, k, s.Size(part), last)
			}
			last = b
			stored[k] = true
			for _, left := range []bool{true, false} {
				for _, opt := range rules.Options(part, left, nil) {
					for _, p := range rules.Parts(opt, nil) {
						if ok, _ := rules.Key(p); s.Size(p) >= n && (s.SameLevel == nil || !s.SameLevel(ok, k)) {
							t.Fatalf("level %d: %s has an option with part %s, not below it", n, part, p)
						}
					}
				}
			}
		}
	}
	f, err := tablebase.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	u := cgt.NewUniverse(16)
	plain := keyless(u, rules)
	err = g.EachValue(f, u, func(level int, pos fmt.Stringer, v cgt.ID) error {
		if want := plain(pos.(P)); v != want {
			return fmt.Errorf("level %d: the file holds %s at %s, its options make %s", level, pos, u.String(v), u.String(want))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	file := Open(t, path, g)
	var small []string
	for _, rows := range positions {
		pos := strings.Join(rows, "|")
		x, _ := g.Notation.Parse(pos)
		if slices.ContainsFunc(g.Notation.Parts(x, nil), func(p P) bool { k, _ := rules.Key(p); return !stored[k] }) {
			continue
		}
		small = append(small, pos)
		if a := file.Query(context.Background(), pos, query.Options{NoSolve: true}); a.Error != "" || a.Source != query.FromTablebase {
			t.Fatalf("%s: from the file %s (%s, %s)", pos, a.Value, a.Source, a.Error)
		}
	}
	if len(small) == 0 {
		t.Fatalf("no position has all its parts in a build of %d", maxCells)
	}
	SameAnswers(t, file, memory, small, query.Options{Moves: true, Explicit: true, Details: true})
}
