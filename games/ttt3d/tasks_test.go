package ttt3d

import (
	"context"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/build/tasks"
	"github.com/tablebase/tablebase/games/ttt3d/rules"
)

// planePosition returns a random 4x4x4 position whose free cells are a
// plane of the cube (ten lines) and a few cells off it, with stones of
// both sides on the plane until at most empty cells of it are left,
// neither side holding a line; ok is false when a side has one.
func planePosition(rng *rand.Rand, empty int) (p rules.Position, ok bool) {
	b := rules.MustGet(4)
	axis, v := rng.IntN(3), rng.IntN(4)
	var plane uint64
	for c := range 64 {
		if []int{c / 16, c / 4 % 4, c % 4}[axis] == v {
			plane |= 1 << c
		}
	}
	free := plane | randomCells(rng, plane, 1+rng.IntN(3))
	p = rules.Position{B: b, Blocked: b.Full() &^ free}
	for rules.Count(plane&^(p.X|p.O)) > empty {
		p = p.Play(rules.LowCell(randomCells(rng, ^plane|p.X|p.O, 1)))
	}
	return p, !b.HasLine(p.X) && !b.HasLine(p.O)
}

// xWinsPlain says by plain minimax (plainPatternResult) whether x can
// force a win from p.
func xWinsPlain(p rules.Position) bool {
	me, other := p.Mover()
	r := plainPatternResult(p.B.Full()&^p.Blocked, me, other)
	return p.XToMove() && r == 1 || !p.XToMove() && r == -1
}

// TestTasksGameMatchesPlain: the question "can x force a win?" as tasks
// (Solve for each side of the plan, and whole plans, planned, run and
// planned again until decided, under a claim right or wrong) answers as
// plain minimax does, on random positions with blocked cells and stones;
// and the moves listed once for a set alike under symmetry have the
// result of every cell of the set. -short asks 12 positions, not 40.
func TestTasksGameMatchesPlain(t *testing.T) {
	t.Parallel()
	g, err := Game.Tasks(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(71, 72))
	wins := map[bool]int{}
	positions, often := 40, 5
	if testing.Short() {
		positions, often = 12, 2
	}
	for i := 0; i < positions; {
		p, ok := planePosition(rng, 6+rng.IntN(5))
		if !ok {
			continue
		}
		i++
		board := p.String()
		xWins := xWinsPlain(p)
		wins[xWins]++
		for _, left := range []bool{true, false} {
			if got, solved, err := g.Solve(context.Background(), board, left); err != nil || !solved || got != (xWins == left) {
				t.Fatalf("%s: Solve(left %v) = %v, %v, %v; plain minimax: x wins %v", board, left, got, solved, err, xWins)
			}
		}
		if i%4 == 0 {
			claim := []string{"N", "P"}[rng.IntN(2)]
			if got := solvePlan(t, g, board, claim); got != map[bool]string{true: "N", false: "P"}[xWins] {
				t.Fatalf("%s: the plan claiming %s combines to %s; plain minimax: x wins %v", board, claim, got, xWins)
			}
		}
		checkUnalike(t, g, p)
	}
	if wins[true] < often || wins[false] < often {
		t.Errorf("x wins %d and does not %d of the positions: want both often", wins[true], wins[false])
	}
}

// solvePlan plans board's question under claim, runs the tasks and plans
// again until the outcome is decided, and returns it.
func solvePlan(t *testing.T, g tasks.Game, board, claim string) string {
	t.Helper()
	dir := t.TempDir()
	p, err := tasks.NewPlan(g, "ttt3d", board, claim, tasks.Engine{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	pl := tasks.Planner{Game: g, Depth: 3, Tries: 2}
	results := map[int]*tasks.Result{}
	for range 100 {
		if _, err := pl.Grow(context.Background(), p, results); err != nil {
			t.Fatal(err)
		}
		if err := tasks.WritePlan(dir, p); err != nil {
			t.Fatal(err)
		}
		if err := p.Check(g); err != nil {
			t.Fatal(err)
		}
		if _, err := tasks.Run(context.Background(), dir, p, g, tasks.Selection{}, tasks.RunOptions{UntilRefuted: true}); err != nil {
			t.Fatal(err)
		}
		if results, err = tasks.ReadResults(dir, p); err != nil {
			t.Fatal(err)
		}
		if s := tasks.Summarize(p, results); s.Decided() {
			return s.Outcome
		}
	}
	t.Fatalf("%s: not decided after 100 plans", board)
	return ""
}

// checkUnalike checks that the moves listed for the side to move of p
// are empty cells, one of each set alike under the symmetries keeping
// p, and that every empty cell has the result (by plain minimax) of the
// one listed for its set.
func checkUnalike(t *testing.T, g tasks.Game, p rules.Position) {
	t.Helper()
	board := p.String()
	moves, err := g.Moves(board, p.XToMove())
	if err != nil {
		t.Fatal(err)
	}
	cands, err := g.Candidates(board, p.XToMove())
	if err != nil {
		t.Fatal(err)
	}
	if !sameSet(moves, cands) {
		t.Fatalf("%s: moves %v, candidates %v", board, moves, cands)
	}
	listed := map[int]bool{}
	for _, m := range moves {
		c, err := strconv.Atoi(m)
		if err != nil || p.EmptyCells()>>c&1 == 0 {
			t.Fatalf("%s: move %q is not an empty cell", board, m)
		}
		listed[c] = true
	}
	xWins := map[int]bool{} // by cell played, each found once
	xWinsAfter := func(c int) bool {
		w, ok := xWins[c]
		if !ok {
			w = xWinsPlain(p.Play(c))
			xWins[c] = w
		}
		return w
	}
	for e := p.EmptyCells(); e != 0; e &= e - 1 {
		c := rules.LowCell(e)
		found := false
		for _, m := range p.B.Group {
			d := rules.LowCell(m.Apply(1 << c))
			if listed[d] && m.Apply(p.X) == p.X && m.Apply(p.O) == p.O && m.Apply(p.Blocked) == p.Blocked {
				if found = true; c != d && xWinsAfter(c) != xWinsAfter(d) {
					t.Fatalf("%s: cells %d and %d are alike but differ", board, c, d)
				}
				break
			}
		}
		if !found {
			t.Fatalf("%s: no move listed for cell %d", board, c)
		}
	}
}

// sameSet reports whether a and b hold the same strings.
func sameSet(a, b []string) bool {
	a, b = slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b))
	return slices.Equal(a, b)
}

// TestTasksMovesAndPasses: the side whose turn it is not passes, the
// side that has won the question passes and the other has no move, and
// moves that are not the side to move's are refused.
func TestTasksMovesAndPasses(t *testing.T) {
	g, _ := Game.Tasks(nil, nil)
	empty := strings.Repeat(".", 64)
	xLine := "xxxx" + "ooo" + empty[7:] // x has a line: o to move
	for _, c := range []struct {
		board string
		left  bool
		want  []string
	}{
		{empty, false, []string{Pass}},
		{"x" + empty[1:], true, []string{Pass}},
		{xLine, true, []string{Pass}},
		{xLine, false, nil},
		{strings.Repeat("#", 63) + ".", true, []string{"63"}},
		{strings.Repeat("#", 64), true, nil},
		{strings.Repeat("#", 64), false, []string{Pass}},
	} {
		if got, err := g.Moves(c.board, c.left); err != nil || !slices.Equal(got, c.want) {
			t.Errorf("Moves(%.12s..., left %v) = %v, %v; want %v", c.board, c.left, got, err, c.want)
		}
	}
	if got, _ := g.Moves(empty, true); !slices.Equal(got, []string{"0", "1"}) {
		t.Errorf("x's first moves on the empty 4x4x4 board: %v, want 0 and 1 (the cube's symmetries map the 8 corners and the 8 inner cells onto one another, and the other 48 cells)", got)
	}
	for _, c := range []struct {
		board, move string
		left        bool
	}{
		{empty, "0", false}, {empty, Pass, true}, {empty, "64", true}, {empty, "-1", true},
		{"x" + empty[1:], "0", false}, {empty, "one", true}, {xLine, "10", false},
	} {
		if _, err := g.Play(c.board, c.left, c.move); err == nil || !strings.Contains(err.Error(), "is not a move of the side to move") {
			t.Errorf("Play(%.12s..., left %v, %q): %v", c.board, c.left, c.move, err)
		}
	}
	if got, err := g.Board("4x4x4"); got != empty || err != nil {
		t.Errorf("Board(4x4x4) = %q, %v", got, err)
	}
	if _, err := g.Board("xx" + empty[2:]); err == nil {
		t.Error("a position with two stones of x and none of o is accepted")
	}
	teller := g.(tasks.Teller)
	if teller.Tell(empty, "P") == "" || teller.Tell(empty, "N") == "" {
		t.Error("no words for N and P")
	}
}
