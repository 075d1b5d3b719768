package clobber

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/query"
)

// TestTasksGame checks Clobber as tb solve sees it: boards read and
// written, self-duality, moves by the rules that play as named, and
// Solve against plain minimax.
func TestTasksGame(t *testing.T) {
	g, err := Game.Tasks(nil, &query.Config{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ in, out, err string }{
		{"2x3", "xox|oxo", ""},
		{"xo.|..o", "xo.|..o", ""},
		{"0x3", "", "want RxC"},
		{"9x8", "", "want RxC"},
		{"4294967296x4294967296", "", "want RxC"},
		{"4611686018427387904x4", "", "want RxC"},
		{"xq", "", "bad character"},
		{"xo", "xo", ""},
		{"2x", "", "bad character"},
	} {
		out, err := g.Board(c.in)
		if out != c.out || c.err == "" && err != nil || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("Board(%q) = %q, %v; want %q, error %q", c.in, out, err, c.out, c.err)
		}
	}
	for b, want := range map[string]bool{"xox|oxo": true, "xo|ox": true, "xoxo|oxox|xoxo": true, "xo": true, "xxo": false, "x.o|o.x": true, "xxo|oxo": false} {
		if g.SelfDual(b) != want {
			t.Errorf("SelfDual(%q) = %v", b, !want)
		}
	}
	rng := rand.New(rand.NewPCG(64, 65))
	for range 60 {
		rows := randomStones(rng, 2+rng.IntN(2), 2+rng.IntN(3), 0.2)
		board := strings.Join(rows, "|")
		outcome := oracleOutcome(rows)
		for _, left := range []bool{true, false} {
			moves, err := g.Moves(board, left)
			if err != nil {
				t.Fatal(err)
			}
			if cands, _ := g.Candidates(board, left); !slices.Equal(cands, moves) {
				t.Errorf("%s: candidates %v, moves %v", board, cands, moves)
			}
			for _, m := range moves {
				next, err := g.Play(board, left, m)
				if err != nil || strings.Count(next, ".") != strings.Count(board, ".")+1 {
					t.Errorf("%s: %s plays to %s, %v", board, m, next, err)
				}
			}
			wins, solved, err := g.Solve(context.Background(), board, left)
			player := map[bool]string{true: "L", false: "R"}[left]
			if want := outcome == "N" || outcome == player; err != nil || !solved || wins != want {
				t.Errorf("%s (%s), %s to move: wins %v, solved %v, %v", board, outcome, player, wins, solved, err)
			}
		}
	}
	if _, err := g.Play("xo", true, "a1-a2"); err == nil {
		t.Error("a move off the rules is played")
	}
}
