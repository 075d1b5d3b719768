package domineering

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/build/tasks"
	"github.com/tablebase/tablebase/games/domineering/engine"
	"github.com/tablebase/tablebase/games/gametest"
	"github.com/tablebase/tablebase/query"
)

// TestTasksGame checks Domineering as tb solve sees it: boards read and
// written, self-duality, moves by the rules that play as named, the
// search's candidates among them, and Solve against the exact values.
func TestTasksGame(t *testing.T) {
	if _, err := XT.Tasks(nil, nil); !errors.Is(err, tasks.ErrUnsupported) {
		t.Errorf("xt-domineering: %v", err)
	}
	g, err := Plain.Tasks(nil, &query.Config{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ in, out, err string }{
		{"2x3", "...|...", ""},
		{"..#|...", "..#|...", ""},
		{"8x16", strings.TrimSuffix(strings.Repeat(strings.Repeat(".", 16)+"|", 8), "|"), ""},
		{"0x3", "", "want RxC"},
		{"12x12", strings.TrimSuffix(strings.Repeat(strings.Repeat(".", 12)+"|", 12), "|"), ""},
		{"16x17", "", "want RxC"},
		{"2x100", "", "64 a side"},
		{"3x", "", "want RxC"},
		{"4294967296x4294967296", "", "want RxC"}, // a product that overflows
		{"..|.x", "", "bad character"},
	} {
		out, err := g.Board(c.in)
		if out != c.out || c.err == "" && err != nil || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("Board(%q) = %q, %v; want %q, error %q", c.in, out, err, c.out, c.err)
		}
	}
	for b, want := range map[string]bool{"....|....|....|....": true, "...|...": false, "..#|...|...": false, "..#|...|#..": true, ".": true} {
		if g.SelfDual(b) != want {
			t.Errorf("SelfDual(%q) = %v", b, !want)
		}
	}
	q, _ := NewQuerier(Plain, nil, nil)
	rng := rand.New(rand.NewPCG(3, 4))
	for range 100 {
		r := gametest.RandomRegion(rng, 3+rng.IntN(2), 3+rng.IntN(2))
		board := r.String()
		value, _, err := q.Value(context.Background(), r, query.Options{})
		if err != nil {
			t.Fatal(err)
		}
		outcome := q.Universe().Outcome(value).String()
		for _, left := range []bool{true, false} {
			moves, err := g.Moves(board, left)
			if err != nil {
				t.Fatal(err)
			}
			cands, _ := g.Candidates(board, left)
			for _, m := range cands {
				if !slices.Contains(moves, m) {
					t.Errorf("%s: candidate %s is not a move", board, m)
				}
			}
			for _, m := range moves {
				next, err := g.Play(board, left, m)
				first, last, _ := strings.Cut(m, "-")
				vertical := first[0] == last[0]
				if err != nil || strings.Count(next, ".") != strings.Count(board, ".")-2 || vertical != left {
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
	if _, err := g.Play("...|...", true, "a1-b1"); err == nil || !strings.Contains(err.Error(), "not a move of Left") {
		t.Errorf("a horizontal move for Left: %v", err)
	}
	// The candidates are the search's: none for a player with no move.
	p, _ := engine.Parse("#.#|.#.")
	if c := q.Engine().Candidates(p, true); c != nil {
		t.Errorf("candidates with no move: %v", c)
	}
}
