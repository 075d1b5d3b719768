//go:build unix

package tasks_test

import (
	"context"
	"errors"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tablebase/tablebase/build/tasks"
)

// shared returns a search and n others sharing its table.
func shared(t *testing.T, n int) (tasks.Game, []tasks.Game) {
	g := newGame(t)
	sh, ok := g.(tasks.Sharer)
	if !ok {
		t.Fatal("Domineering's search is not a tasks.Sharer")
	}
	others := make([]tasks.Game, n)
	for i := range others {
		others[i] = sh.Share(nil)
	}
	return g, others
}

// busy is a game whose searches each take 5 ms of the clock first,
// spent computing, so that a run's searches overlap.
type busy struct{ tasks.Game }

func (b busy) Solve(ctx context.Context, board string, left bool) (bool, bool, error) {
	x := uint64(1)
	for end := time.Now().Add(5 * time.Millisecond); time.Now().Before(end); {
		for range 1000 {
			x = x*6364136223846793005 + 1442695040888963407
		}
	}
	sink.Add(x)
	return b.Game.Solve(ctx, board, left)
}

// sink keeps busy's work from being optimized away.
var sink atomic.Uint64

// TestJobs: a run with three searches sharing a table, each solving a
// task at a time, gives the results one search gives, solves each task
// once, and shares the process's CPU time out among the tasks rather than
// counting it whole for each.
func TestJobs(t *testing.T) {
	g := newGame(t)
	for _, b := range []string{"4x5", "6x5"} {
		board, _ := g.Board(b)
		one, p := plan(t, g, board, want(t, board), 2, 0)
		three := t.TempDir()
		if err := tasks.WritePlan(three, p); err != nil {
			t.Fatal(err)
		}
		runAll(t, one, tasks.Selection{})
		first, others := shared(t, 2)
		for i := range others {
			others[i] = busy{others[i]}
		}
		cpu := tasks.CPUSeconds()
		ran, err := tasks.Run(context.Background(), three, p, busy{first}, tasks.Selection{}, tasks.RunOptions{Workers: 1, Others: others})
		if err != nil {
			t.Fatal(err)
		}
		cpu = tasks.CPUSeconds() - cpu
		_, a := load(t, one, g)
		_, c := load(t, three, g)
		if ran.Solved != len(c) || ran.Solved+ran.Skipped+ran.Unneeded != ran.Selected {
			t.Errorf("%s: %+v for %d results", b, ran, len(c))
		}
		var shares, nodes float64
		for k, r := range c {
			shares += r.CPUSeconds
			nodes += float64(r.Nodes)
			if a[k] != nil && a[k].Result != r.Result {
				t.Errorf("%s, task %d: %s, by one search %s", b, k, r.Result, a[k].Result)
			}
		}
		if shares > cpu*1.05 || shares < cpu/2 {
			t.Errorf("%s: the tasks' CPU time adds up to %.3f s, the process used %.3f s", b, shares, cpu)
		}
		all := first.Nodes()
		for _, o := range others {
			all += o.Nodes()
		}
		if nodes != float64(all) {
			t.Errorf("%s: the tasks' nodes add up to %.0f, the searches made %d", b, nodes, all)
		}
		if logs, _ := filepath.Glob(filepath.Join(three, tasks.DoneDir, "*")); len(logs) != 1 {
			t.Errorf("%s: logs %v, want one", b, logs)
		}
		sa, sc := tasks.Summarize(p, a), tasks.Summarize(p, c)
		if !sc.Decided() || sc.Outcome != sa.Outcome || sc.Outcome != want(t, board) {
			t.Errorf("%s: outcome %q, by one search %q", b, sc.Outcome, sa.Outcome)
		}
		t.Logf("%s: %+v; %.3f s of CPU shared out, %.3f s used", b, ran, shares, cpu)
	}
}

// rigged is a game whose search of one position (block) goes on until
// it is stopped, and which says the player to move loses another (lose).
type rigged struct {
	tasks.Game
	block, lose *tasks.Node
	stopped     *atomic.Bool
}

func (r rigged) Solve(ctx context.Context, board string, left bool) (bool, bool, error) {
	is := func(n *tasks.Node) bool { return board == n.Board && left == (n.ToMove == "L") }
	switch {
	case is(r.block):
		select {
		case <-ctx.Done():
			r.stopped.Store(true)
			return false, false, nil
		case <-time.After(time.Minute):
			return false, false, errors.New("still searched a minute after its result stopped mattering")
		}
	case is(r.lose):
		return false, true, nil
	}
	return r.Game.Solve(ctx, board, left)
}

// TestJobsAbandon: when a task's result refutes the candidate above
// another task being searched, that search is stopped, nothing is
// recorded for it, and the run goes on.
func TestJobsAbandon(t *testing.T) {
	g := newGame(t)
	board, _ := g.Board("4x5")
	dir, p := plan(t, g, board, "L", 2, 0)
	replies := p.Roots[0].Tree.Children[0].Children
	if len(replies) < 2 || replies[0].Task == 0 || replies[1].Task == 0 {
		t.Fatalf("replies to the first candidate: %+v", replies)
	}
	x, y := replies[0], replies[1]
	var stopped atomic.Bool
	first, others := shared(t, 1)
	ran, err := tasks.Run(context.Background(), dir, p, rigged{first, x, y, &stopped}, tasks.Selection{},
		tasks.RunOptions{Workers: 1, Others: []tasks.Game{rigged{others[0], x, y, &stopped}}})
	if err != nil {
		t.Fatal(err)
	}
	_, results := load(t, dir, g)
	if !stopped.Load() || results[x.Task] != nil || results[y.Task] == nil || ran.Unneeded < 1 {
		t.Fatalf("stopped %v, task %d: %+v, task %d: %+v; %+v", stopped.Load(), x.Task, results[x.Task], y.Task, results[y.Task], ran)
	}
	for _, n := range replies[2:] {
		if results[n.Task] != nil {
			t.Errorf("task %d, after a refuted candidate, solved", n.Task)
		}
	}
}
