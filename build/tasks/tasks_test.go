package tasks_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tablebase/tablebase/build/tasks"
	"github.com/tablebase/tablebase/games/domineering"
	"github.com/tablebase/tablebase/games/domineering/engine"
	"github.com/tablebase/tablebase/query"
)

// newGame opens Domineering's whole-board search on one core, as a
// process of its own would.
func newGame(t *testing.T) tasks.Game {
	t.Helper()
	g, err := domineering.Plain.Tasks(nil, &query.Config{Workers: 1, TableBits: 16})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// want returns the outcome class of a board by one search in one process.
func want(t *testing.T, board string) string {
	t.Helper()
	q, err := domineering.NewQuerier(domineering.Plain, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := engine.Parse(board)
	if err != nil {
		t.Fatal(err)
	}
	return q.Engine().Outcome(p).String()
}

// plan makes a plan of board in a new directory.
func plan(t *testing.T, g tasks.Game, board, claim string, depth int, probe time.Duration) (string, *tasks.Plan) {
	t.Helper()
	dir := t.TempDir()
	p, err := tasks.NewPlan(g, "domineering", board, claim, tasks.Engine{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	pl := tasks.Planner{Game: g, Depth: depth, Probe: probe}
	if _, err := pl.Grow(context.Background(), p, nil); err != nil {
		t.Fatal(err)
	}
	if err := tasks.WritePlan(dir, p); err != nil {
		t.Fatal(err)
	}
	return dir, p
}

// load reads a task directory back, checked, with its results.
func load(t *testing.T, dir string, g tasks.Game) (*tasks.Plan, map[int]*tasks.Result) {
	t.Helper()
	p, err := tasks.ReadPlan(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Check(g); err != nil {
		t.Fatal(err)
	}
	results, err := tasks.ReadResults(dir, p)
	if err != nil {
		t.Fatal(err)
	}
	return p, results
}

// runAll runs every task of dir, in a fresh process's search.
func runAll(t *testing.T, dir string, sel tasks.Selection) tasks.Ran {
	t.Helper()
	g := newGame(t)
	p, _ := load(t, dir, g)
	ran, err := tasks.Run(context.Background(), dir, p, g, sel, tasks.RunOptions{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	return ran
}

// solve plans, runs and plans again until the outcome is decided, and
// returns the summary and the number of plans made.
func solve(t *testing.T, g tasks.Game, board, claim string, depth int, probe time.Duration) (*tasks.Summary, int, int) {
	t.Helper()
	dir, p := plan(t, g, board, claim, depth, probe)
	firstTasks := len(p.Roots[0].Tree.Children)
	_, results := load(t, dir, g)
	tasksMade := 0
	for _, r := range tasks.Summarize(p, results).Roots {
		tasksMade += r.Tasks
	}
	for plans := 1; plans <= 200; plans++ {
		runAll(t, dir, tasks.Selection{})
		p, results := load(t, dir, g)
		s := tasks.Summarize(p, results)
		if s.Decided() {
			return s, plans, tasksMade
		}
		pl := tasks.Planner{Game: g, Depth: depth, Probe: probe}
		if _, err := pl.Grow(context.Background(), p, results); err != nil {
			t.Fatal(err)
		}
		if err := tasks.WritePlan(dir, p); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatalf("%s: not decided after 200 plans (%d children at the root)", board, firstTasks)
	return nil, 0, 0
}

// TestOutcomes: planning, running every task and combining (planning
// again while a candidate is refuted) gives the outcome class one search
// gives, on boards of every class, with the true claim and with N.
func TestOutcomes(t *testing.T) {
	boards := []string{"4x4", "4x5", "5x5", "3x7", "6x4", "..#..|.....|.....|..#..", "5x4", "5x6", "6x6"}
	if testing.Short() {
		boards = boards[:4] // every class: N, L, P, R
	}
	g := newGame(t)
	for _, b := range boards {
		board, err := g.Board(b)
		if err != nil {
			t.Fatal(err)
		}
		w := want(t, board)
		for i, c := range []struct {
			claim string
			depth int
			probe time.Duration
		}{{w, 2, 0}, {"N", 2, 0}, {"N", 3, time.Microsecond}, {w, 4, time.Millisecond}} {
			if g.SelfDual(board) && (c.claim == "L" || c.claim == "R") || i == 1 && w == "N" {
				continue // not a claim of this board, or the first case again
			}
			s, plans, made := solve(t, g, board, c.claim, c.depth, c.probe)
			if s.Outcome != w {
				t.Errorf("%s, %+v: %s, want %s", b, c, s.Outcome, w)
			}
			if c.probe == 0 && made == 0 {
				t.Errorf("%s, %+v: no tasks", b, c)
			}
			if c.claim == w && c.probe == 0 {
				for _, r := range s.Roots {
					if r.Tasks == 0 || r.Done == 0 || len(r.MainLine) != c.depth {
						t.Errorf("%s, %+v: root %+v", b, c, r)
					}
				}
			}
			t.Logf("%s claim %s depth %d probe %v: %s after %d plans, %d tasks at first", b, c.claim, c.depth, c.probe, s.Outcome, plans, made)
		}
	}
}

// TestShards: the shards of a plan run in any order, one of them twice,
// give the same results and the same proof as one run of every task.
func TestShards(t *testing.T) {
	g := newGame(t)
	board, _ := g.Board("4x5")
	whole, p := plan(t, g, board, "L", 2, 0)
	sharded := t.TempDir()
	if err := tasks.WritePlan(sharded, p); err != nil {
		t.Fatal(err)
	}
	runAll(t, whole, tasks.Selection{})
	total := 0
	for _, i := range []int{2, 0, 1, 0} {
		ran := runAll(t, sharded, tasks.Selection{Shard: i, Of: 3})
		total += ran.Solved
		if i == 0 && ran.Skipped > 0 && ran.Solved > 0 {
			t.Errorf("shard 0 run again solved %d tasks", ran.Solved)
		}
	}
	_, a := load(t, whole, g)
	_, b := load(t, sharded, g)
	if len(a) != len(b) || total != len(a) {
		t.Fatalf("%d results in one run, %d by shards (%d solved)", len(a), len(b), total)
	}
	for k, r := range a {
		if b[k] == nil || b[k].Result != r.Result || b[k].Board != r.Board {
			t.Errorf("task %d: %+v, by shards %+v", k, r, b[k])
		}
	}
	sa, sb := tasks.Summarize(p, a), tasks.Summarize(p, b)
	if !sa.Decided() || sa.Outcome != "L" || sb.Outcome != sa.Outcome {
		t.Fatalf("outcome %q, by shards %q", sa.Outcome, sb.Outcome)
	}
	for i := range sa.Roots {
		x, y := sa.Roots[i], sb.Roots[i]
		if x.Result != y.Result || x.Tasks != y.Tasks || x.Done != y.Done || x.Positions != y.Positions || x.Depth != y.Depth {
			t.Errorf("root %d: %+v, by shards %+v", i, x, y)
		}
	}
}

// stopping is a game whose search is stopped when its third task begins.
type stopping struct {
	tasks.Game
	cancel context.CancelFunc
	calls  int
}

func (s *stopping) Solve(ctx context.Context, board string, left bool) (bool, bool, error) {
	if s.calls++; s.calls == 3 {
		s.cancel()
		return false, false, nil // as the search says when it is stopped
	}
	return s.Game.Solve(ctx, board, left)
}

// TestStopped: a run stopped in the middle keeps every task it finished,
// writes nothing for the one it was searching, and a second run finishes
// the others.
func TestStopped(t *testing.T) {
	g := newGame(t)
	board, _ := g.Board("5x4")
	dir, p := plan(t, g, board, "R", 2, 0)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, err := tasks.Run(ctx, dir, p, &stopping{Game: newGame(t), cancel: cancel}, tasks.Selection{}, tasks.RunOptions{})
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "abandoned") {
		t.Fatalf("stopped run: %v", err)
	}
	logs, _ := filepath.Glob(filepath.Join(dir, tasks.DoneDir, "*"))
	if r, err := tasks.ReadResults(dir, p); err != nil || len(r) != 2 || r[1] == nil || r[2] == nil || len(logs) != 1 {
		t.Fatalf("after the stop: %v, %v in %v, want the two tasks finished in one log", err, r, logs)
	}
	ran := runAll(t, dir, tasks.Selection{})
	p, results := load(t, dir, g)
	if ran.Skipped != 2 || ran.Solved != len(results)-2 {
		t.Errorf("second run: %+v", ran)
	}
	if s := tasks.Summarize(p, results); s.Outcome != want(t, board) {
		t.Errorf("outcome %q, want %q", s.Outcome, want(t, board))
	}
}

// badFirst is a game whose search tries first, at the root of the
// board, a move that loses, and whose probes never settle the root.
type badFirst struct {
	tasks.Game
	root string
}

func (b badFirst) Solve(ctx context.Context, board string, left bool) (bool, bool, error) {
	if board == b.root {
		return false, false, nil
	}
	return b.Game.Solve(ctx, board, left)
}

func (b badFirst) Candidates(board string, left bool) ([]string, error) {
	cands, err := b.Game.Candidates(board, left)
	if err != nil || board != b.root {
		return cands, err
	}
	for i, m := range cands {
		next, _ := b.Play(board, left, m)
		if wins, _, _ := b.Solve(context.Background(), next, !left); wins {
			return append([]string{m}, append(cands[:i:i], cands[i+1:]...)...), nil
		}
	}
	return cands, nil
}

// TestRefutedCandidate: a plan whose candidate at the root loses is not
// decided once its tasks are done; the run leaves alone the tasks that
// no longer matter once one refutes it; planning again keeps every task
// done and its result, drops the others, tries the next candidate, and
// the outcome comes out right. A probe refutes such a candidate while
// planning.
func TestRefutedCandidate(t *testing.T) {
	g := badFirst{Game: newGame(t)}
	board, _ := g.Board("4x4")
	g.root = board
	dir, _ := plan(t, g, board, "N", 2, 0)
	ran := runAll(t, dir, tasks.Selection{})
	if ran.Unneeded == 0 || ran.Solved+ran.Unneeded != ran.Selected {
		t.Errorf("the run after a refutation: %+v", ran)
	}
	p, results := load(t, dir, g)
	s := tasks.Summarize(p, results)
	if s.Decided() || len(s.Roots[0].Stuck) != 1 || s.Roots[0].Stuck[0] != "" {
		t.Fatalf("bad candidate: %+v", s.Roots[0])
	}
	if f := s.Roots[0].FirstMoves; len(f) != 1 || f[0].Result != tasks.Loss || f[0].By == "" {
		t.Errorf("first moves after the refutation: %+v", f)
	} else if after, err := g.Play(board, true, f[0].Move); err != nil {
		t.Fatal(err)
	} else if reply, err := g.Play(after, false, f[0].By); err != nil {
		t.Fatal(err)
	} else if wins, _, _ := g.Solve(context.Background(), reply, true); wins {
		t.Errorf("the reply %s does not refute %s", f[0].By, f[0].Move)
	}
	before := p.NextTask
	grown, err := (&tasks.Planner{Game: g, Depth: 2}).Grow(context.Background(), p, results)
	if err != nil {
		t.Fatal(err)
	}
	if grown.New == 0 || grown.Dropped != ran.Unneeded || grown.Tasks != grown.New+len(results) {
		t.Errorf("planned again: %+v, with %d results", grown, len(results))
	}
	if err := tasks.WritePlan(dir, p); err != nil {
		t.Fatal(err)
	}
	for k, r := range results {
		if n := taskBoard(p, k); n != r.Board {
			t.Errorf("task %d was %s, is now %q", k, r.Board, n)
		}
	}
	for k := before; k < p.NextTask; k++ {
		if taskBoard(p, k) == "" {
			t.Errorf("new task %d missing", k)
		}
	}
	for plans := 2; ; plans++ {
		runAll(t, dir, tasks.Selection{})
		p, results = load(t, dir, g)
		if s := tasks.Summarize(p, results); s.Decided() {
			if s.Outcome != "N" || len(s.Roots[0].MainLine) != 2 || s.Roots[0].Result != tasks.Win {
				t.Errorf("after planning again: %+v", s)
			}
			if f := s.Roots[0].FirstMoves; len(f) < 2 || f[0].Result != tasks.Loss || f[len(f)-1].Result != tasks.Win || f[len(f)-1].Move != s.Roots[0].MainLine[0] {
				t.Errorf("first moves once decided: %+v", f)
			}
			break
		}
		if plans == 20 {
			t.Fatal("not decided after 20 plans")
		}
		if _, err := (&tasks.Planner{Game: g, Depth: 2}).Grow(context.Background(), p, results); err != nil {
			t.Fatal(err)
		}
		if err := tasks.WritePlan(dir, p); err != nil {
			t.Fatal(err)
		}
	}
	// With probes the bad candidate is refuted while planning, and so are
	// the others up to one that wins.
	_, p = plan(t, g, board, "N", 2, time.Second)
	root := p.Roots[0].Tree
	bad, _ := g.Candidates(board, true)
	for i, c := range root.Children {
		if w := map[bool]string{true: tasks.Loss, false: tasks.Win}[i == len(root.Children)-1]; c.Result != w || i == 0 && c.Move != bad[0] {
			t.Errorf("with probes: child %d of the root: %+v, want result %s", i, c, w)
		}
	}
	if len(root.Children) < 2 {
		t.Errorf("with probes: the root's children are %+v", root.Children)
	}
}

// TestTries: with Tries, a claimant's position below the root where that
// many candidates are refuted becomes one task, which settles all his
// moves; planning again does not split it, and the outcome comes out
// right. The root itself is never made one task: its next candidate is
// tried instead.
func TestTries(t *testing.T) {
	g := badFirst{Game: newGame(t)}
	board, _ := g.Board("4x4")
	g.root = board
	dir, _ := plan(t, g, board, "N", 2, 0)
	runAll(t, dir, tasks.Selection{})
	p, results := load(t, dir, g)
	pl := tasks.Planner{Game: g, Depth: 2, Tries: 1}
	if _, err := pl.Grow(context.Background(), p, results); err != nil {
		t.Fatal(err)
	}
	if root := p.Roots[0].Tree; root.Task != 0 || len(root.Children) != 2 {
		t.Errorf("the root, one candidate refuted: %+v", root)
	}

	// Two plies down: Left's first candidate, Right's first reply.
	g = badFirst{Game: newGame(t)}
	cands, _ := g.Candidates(board, true)
	after, _ := g.Play(board, true, cands[0])
	replies, _ := g.Moves(after, false)
	g.root, _ = g.Play(after, false, replies[0])
	dir, _ = plan(t, g, board, "N", 3, 0)
	runAll(t, dir, tasks.Selection{})
	pl = tasks.Planner{Game: g, Depth: 3, Tries: 1}
	unmerged, _ := load(t, dir, g)
	task := 0
	for round := range 2 {
		p, results := load(t, dir, g)
		grown, err := pl.Grow(context.Background(), p, results)
		if err != nil {
			t.Fatal(err)
		}
		n := p.Roots[0].Tree.Children[0].Children[0]
		if n.Board != g.root || n.Task == 0 || n.Tried != 1 || len(n.Children) != 0 || round == 1 && n.Task != task || p.Tries != 1 {
			t.Fatalf("round %d: the position two plies down %+v, %+v", round, n, grown)
		}
		task = n.Task
		if err := tasks.WritePlan(dir, p); err != nil {
			t.Fatal(err)
		}
		runAll(t, dir, tasks.Selection{})
	}
	// The plan from before the merge, planned again, merges into the task
	// done, not a new one.
	p, results = load(t, dir, g)
	unmerged.NextTask = p.NextTask
	if results[task] == nil {
		t.Fatalf("task %d not run", task)
	}
	if _, err := pl.Grow(context.Background(), unmerged, results); err != nil {
		t.Fatal(err)
	}
	if n := unmerged.Roots[0].Tree.Children[0].Children[0]; n.Task != task {
		t.Errorf("merged again: task %d, want %d", n.Task, task)
	}
	for plans := 3; ; plans++ {
		p, results = load(t, dir, g)
		if s := tasks.Summarize(p, results); s.Decided() {
			if s.Outcome != "N" {
				t.Errorf("with one task two plies down: %+v", s)
			}
			break
		}
		if plans == 20 {
			t.Fatal("not decided after 20 plans")
		}
		if _, err := pl.Grow(context.Background(), p, results); err != nil {
			t.Fatal(err)
		}
		if err := tasks.WritePlan(dir, p); err != nil {
			t.Fatal(err)
		}
		runAll(t, dir, tasks.Selection{})
	}
}

// TestDoneMetAgain: planning a tree again from nothing meets every task
// done by its position and makes none anew, and a position reached twice
// is one task.
func TestDoneMetAgain(t *testing.T) {
	g := newGame(t)
	board, _ := g.Board("4x5")
	dir, _ := plan(t, g, board, "L", 2, 0)
	runAll(t, dir, tasks.Selection{})
	p, results := load(t, dir, g)
	want := tasks.Summarize(p, results).Outcome
	for _, r := range p.Roots {
		r.Tree = nil
	}
	grown, err := (&tasks.Planner{Game: g, Depth: 2}).Grow(context.Background(), p, results)
	if err != nil {
		t.Fatal(err)
	}
	if grown.New != 0 || grown.Pending != 0 || grown.Reused != len(results) || grown.Tasks != len(results) {
		t.Errorf("planned again from nothing: %+v, with %d results", grown, len(results))
	}
	if err := tasks.WritePlan(dir, p); err != nil {
		t.Fatal(err)
	}
	p, results = load(t, dir, g)
	if s := tasks.Summarize(p, results); s.Outcome != want || want != "L" {
		t.Errorf("outcome %q, want %q and L", s.Outcome, want)
	}
}

// TestDeeper: planning again with a larger depth splits the pending
// tasks, keeps those done, and the outcome comes out right.
func TestDeeper(t *testing.T) {
	g := newGame(t)
	board, _ := g.Board("5x4")
	dir, p := plan(t, g, board, "R", 1, 0)
	if _, err := tasks.Run(context.Background(), dir, p, g, tasks.Selection{Task: 2}, tasks.RunOptions{}); err != nil {
		t.Fatal(err)
	}
	p, results := load(t, dir, g)
	before := p.NextTask
	grown, err := (&tasks.Planner{Game: g, Depth: 2}).Grow(context.Background(), p, results)
	if err != nil {
		t.Fatal(err)
	}
	if grown.Dropped != before-2 || grown.Tasks != grown.New+1 || taskBoard(p, 2) != results[2].Board || taskBoard(p, 1) != "" {
		t.Fatalf("deeper: %+v, %d tasks before", grown, before-1)
	}
	if err := tasks.WritePlan(dir, p); err != nil {
		t.Fatal(err)
	}
	runAll(t, dir, tasks.Selection{})
	p, results = load(t, dir, g)
	if s := tasks.Summarize(p, results); s.Outcome != "R" || s.Roots[0].Depth != 2 {
		t.Errorf("deeper: %+v", s)
	}
}

// taskBoard returns the board of task k in p, "" when p has none.
func taskBoard(p *tasks.Plan, k int) string {
	var find func(n *tasks.Node) string
	find = func(n *tasks.Node) string {
		if n.Task == k {
			return n.Board
		}
		for _, c := range n.Children {
			if b := find(c); b != "" {
				return b
			}
		}
		return ""
	}
	for _, r := range p.Roots {
		if b := find(r.Tree); b != "" {
			return b
		}
	}
	return ""
}

// fewer is a game that lists only the first of its moves at each turn,
// as a game listing one move of each set alike by symmetry does; Play
// still takes every move of the rules.
type fewer struct{ tasks.Game }

func (f fewer) Moves(board string, left bool) ([]string, error) {
	moves, err := f.Game.Moves(board, left)
	return moves[:min(len(moves), 1)], err
}

func (f fewer) Candidates(board string, left bool) ([]string, error) {
	return f.Moves(board, left)
}

// TestFewerMoves: a node holds all its moves when it holds every move
// the game lists, whatever other moves it holds too: a plan made when the
// game listed every move checks against a game that lists fewer, and one
// made with fewer moves does not check against the game listing all.
func TestFewerMoves(t *testing.T) {
	g := newGame(t)
	board, _ := g.Board("4x5")
	_, full := plan(t, g, board, "L", 2, 0)
	if err := full.Check(fewer{g}); err != nil {
		t.Errorf("a plan with every move, against fewer moves: %v", err)
	}
	_, few := plan(t, fewer{g}, board, "L", 2, 0)
	if err := few.Check(fewer{g}); err != nil {
		t.Errorf("a plan with fewer moves: %v", err)
	}
	if err := few.Check(g); err == nil || !strings.Contains(err.Error(), "holds 1 of them") {
		t.Errorf("a plan with fewer moves, against every move: %v", err)
	}
}
