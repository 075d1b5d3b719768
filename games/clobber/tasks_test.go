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
			// The moves listed, one of each symmetry class, hold a
			// winning one exactly when the player wins.
			some := false
			for _, m := range moves {
				next, _ := g.Play(board, left, m)
				theirs, _, _ := g.Solve(context.Background(), next, !left)
				some = some || !theirs
			}
			if some != wins {
				t.Errorf("%s, %s to move: wins %v, a winning move among %v: %v", board, player, wins, moves, some)
			}
		}
	}
	// On checkerboards every capture's position after is a symmetric
	// image of one listed, and no two listed are.
	for _, c := range []struct {
		board string
		moves int
	}{{"4x4", 6}, {"3x4", 10}, {"2x2", 1}} {
		board, _ := g.Board(c.board)
		moves, err := g.Moves(board, true)
		p, _ := Parse(board)
		classes := map[[2]uint64]bool{}
		for _, m := range moves {
			next, _ := g.Play(board, true, m)
			q, _ := Parse(next)
			classes[symmetryClass(q)] = true
		}
		all := 0
		p.Moves(true, func(from, to int) {
			all++
			if !classes[symmetryClass(p.Play(from, to))] {
				t.Errorf("%s: %s, in no class listed", c.board, moveName(p, from, to))
			}
		})
		if err != nil || len(moves) != c.moves || len(classes) != len(moves) {
			t.Errorf("%s: %d moves of %d listed (%v), %d classes; want %d", c.board, len(moves), all, err, len(classes), c.moves)
		}
	}
	if _, err := g.Play("xo", true, "a1-a2"); err == nil {
		t.Error("a move off the rules is played")
	}
}
