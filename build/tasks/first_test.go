package tasks_test

import (
	"context"
	"errors"
	"testing"

	"github.com/tablebase/tablebase/build/tasks"
)

// TestFirst: a plan of one player moving first holds his search alone,
// and its result, combined, answers the plan as one search does, with no
// outcome class; a plan of both narrowed to one drops the other's
// pending tasks, and cannot then be asked of the other; a self-dual
// board keeps its one search, which answers for both.
func TestFirst(t *testing.T) {
	g := newGame(t)
	for _, c := range []struct {
		board, first string
	}{{"5x4", "L"}, {"5x4", "R"}, {"3x7", "L"}, {"3x7", "R"}} {
		board, err := g.Board(c.board)
		if err != nil {
			t.Fatal(err)
		}
		class := want(t, board)
		wins := class == "N" || class == c.first
		s := solveFirst(t, g, board, c.first)
		got := map[string]string{"L": s.LeftFirst, "R": s.RightFirst}
		switch {
		case !s.Decided() || s.Outcome != "" || s.First != c.first || len(s.Roots) != 1:
			t.Errorf("%s first %s: decided %v, outcome %q, first %q, %d roots", c.board, c.first, s.Decided(), s.Outcome, s.First, len(s.Roots))
		case (got[c.first] == tasks.Win) != wins || got[c.first] == "":
			t.Errorf("%s first %s: %q, want a win %v (class %s)", c.board, c.first, got[c.first], wins, class)
		}
	}

	board, _ := g.Board("5x4")
	dir, p := plan(t, g, board, "N", 2, 0)
	pending := 0
	for _, r := range tasks.Summarize(p, nil).Roots {
		if r.First == "L" {
			pending = r.Needed
		}
	}
	grown, err := (&tasks.Planner{Game: g, Depth: 2, First: "R"}).Grow(context.Background(), p, nil)
	switch {
	case err != nil:
		t.Fatal(err)
	case len(p.Roots) != 1 || p.Roots[0].First != "R" || grown.Dropped != pending || pending == 0:
		t.Errorf("narrowed to R: %d roots, %d tasks dropped, want Left's %d", len(p.Roots), grown.Dropped, pending)
	}
	if err := tasks.WritePlan(dir, p); err != nil {
		t.Fatal(err)
	}
	p, _ = load(t, dir, g)
	if _, err := (&tasks.Planner{Game: g, Depth: 2, First: "L"}).Grow(context.Background(), p, nil); !errors.Is(err, tasks.ErrFirst) {
		t.Errorf("a plan of R asked of L: %v, want ErrFirst", err)
	}

	square, _ := g.Board("4x4")
	_, p = plan(t, g, square, "N", 2, 0)
	if _, err := (&tasks.Planner{Game: g, Depth: 2, First: "R"}).Grow(context.Background(), p, nil); err != nil || len(p.Roots) != 1 || !p.Roots[0].Both {
		t.Errorf("4x4 asked of R: %v, %d roots", err, len(p.Roots))
	}
}

// solveFirst plans the search of board with first moving first alone,
// then runs and plans again until it is decided.
func solveFirst(t *testing.T, g tasks.Game, board, first string) *tasks.Summary {
	t.Helper()
	dir := t.TempDir()
	p, err := tasks.NewPlan(g, "domineering", board, "N", tasks.Engine{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	pl := tasks.Planner{Game: g, Depth: 2, First: first}
	var results map[int]*tasks.Result
	for range 100 {
		if _, err := pl.Grow(context.Background(), p, results); err != nil {
			t.Fatal(err)
		}
		if err := tasks.WritePlan(dir, p); err != nil {
			t.Fatal(err)
		}
		runAll(t, dir, tasks.Selection{})
		p, results = load(t, dir, g)
		if s := tasks.Summarize(p, results); s.Decided() {
			return s
		}
		pl.First = "" // planning again keeps the plan's one root
	}
	t.Fatalf("%s first %s: not decided after 100 plans", board, first)
	return nil
}
