package tasks

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Selection picks the tasks a run solves: task Task when it is not 0,
// else the tasks of shard Shard of Of (those whose id is Shard modulo
// Of) when Of is not 0, else all.
type Selection struct {
	Task, Shard, Of int
}

// ParseShard reads a shard "I/N" (0 <= I < N).
func ParseShard(s string) (Selection, error) {
	is, ns, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(is)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return Selection{}, fmt.Errorf("shard %q: want I/N with 0 <= I < N, such as 0/4", s)
	}
	return Selection{Shard: i, Of: n}, nil
}

// RunOptions sets up a run.
type RunOptions struct {
	// Workers is the cores the game's search uses, recorded with each
	// result.
	Workers int
	// Log, when not nil, is told of each task begun and done, and every
	// Progress (when not 0) how far the one being searched has got, with
	// Where's words when Where is set.
	Log      io.Writer
	Progress time.Duration
	Where    func() string
	// UntilRefuted stops the run once the results leave a candidate
	// refuted at a position whose result matters (no move tried there
	// left open), so that planning again tries the next candidate before
	// the other tasks run: a loop of planning and runs then goes depth
	// first, where a whole run would search every other reply's tasks
	// before the refuted candidate is replaced.
	UntilRefuted bool
}

// Ran says what a run did: of the Selected tasks, Solved were solved and
// recorded now, Skipped were done already, and Unneeded were left alone
// because the results found so far had decided a position above them;
// Cost is the work of those solved. Refuted, when not "", is the line of
// moves to the position where a refuted candidate stopped the run
// (RunOptions.UntilRefuted).
type Ran struct {
	Selected, Solved, Skipped, Unneeded int
	Cost                                Cost
	Refuted                             string
}

// rereadResults is how often a run lists again the results that other
// runs of the same directory have recorded, when done/ holds more than
// smallDone files (the older form's, say); below that it lists them
// before each task.
const (
	rereadResults = time.Minute
	smallDone     = 100
)

// Run solves the selected tasks of the plan p of task directory dir, the
// killer tasks first (Node.Killer), then in the order of the plan's trees
// (depth first, as one search meets them: id order in a plan made once,
// and a candidate planned again before the positions after it), skipping
// those done and those whose result no longer matters (a position above
// them is decided by the results recorded so far, its own and other
// runs', read again before each task), and records each result as soon
// as it is found: a line appended to the run's own log in DIR/done,
// synced (see DoneDir). When ctx ends, the task being searched is
// abandoned (nothing is written for it) and Run returns an error
// wrapping ctx's.
func Run(ctx context.Context, dir string, p *Plan, g Game, sel Selection, opts RunOptions) (Ran, error) {
	nodes := p.taskNodes()
	var todo []*Node
	switch {
	case sel.Task != 0 && nodes[sel.Task] == nil && sel.Task > 0 && sel.Task < p.NextTask:
		logf(opts.Log, "task %d is no longer in the plan (its result stopped mattering when it was planned again): nothing to do", sel.Task)
		return Ran{}, nil
	case sel.Task != 0 && nodes[sel.Task] == nil:
		return Ran{}, fmt.Errorf("no task %d in the plan (its tasks are numbered from 1 to %d)", sel.Task, p.NextTask-1)
	case sel.Task != 0:
		todo = []*Node{nodes[sel.Task]}
	default:
		for _, n := range p.treeOrder() {
			if sel.Of == 0 || n.Task%sel.Of == sel.Shard {
				todo = append(todo, n)
			}
		}
		slices.SortStableFunc(todo, func(a, b *Node) int {
			switch {
			case a.Killer == b.Killer:
				return 0
			case a.Killer:
				return -1
			}
			return 1
		})
	}
	host, _ := os.Hostname()
	ran := Ran{Selected: len(todo)}
	l := newLedger(dir, p)
	own := &resultLog{dir: dir}
	defer own.close()
	var needed map[int]bool // of l.results, made again when they change
	var read time.Time
	for i, n := range todo {
		if err := ctx.Err(); err != nil {
			return ran, fmt.Errorf("stopped before task %d: %w", n.Task, err)
		}
		// What other runs have recorded: in every log, when done/ holds
		// few files or a minute has passed; else in the logs read
		// before, and task n's file of the older form.
		var added bool
		var err error
		if read.IsZero() || l.entries <= smallDone || time.Since(read) > rereadResults {
			added, err = l.scan()
			read = time.Now()
		} else {
			added, err = l.tails(n.Task)
		}
		if err != nil {
			return ran, err
		}
		if added {
			needed = nil
		}
		if l.results[n.Task] != nil {
			ran.Skipped++
			continue
		}
		if needed == nil {
			needed = p.needed(l.results)
			if opts.UntilRefuted {
				if line, ok := p.refuted(l.results); ok {
					ran.Refuted = cmp.Or(line, "the root")
					logf(opts.Log, "a candidate is refuted at %s: stopping before task %d, for tb solve plan to try the next", ran.Refuted, n.Task)
					return ran, nil
				}
			}
		}
		if !needed[n.Task] {
			ran.Unneeded++
			logf(opts.Log, "task %d (%d of %d): no longer needed, a position above it is decided", n.Task, i+1, len(todo))
			continue
		}
		logf(opts.Log, "task %d (%d of %d): %s to move on %s", n.Task, i+1, len(todo), n.ToMove, n.Board)
		r, err := solve(ctx, g, n, opts)
		if err != nil {
			return ran, err
		}
		r.Workers, r.Host = opts.Workers, host
		if err := own.append(r); err != nil {
			return ran, err
		}
		l.results[n.Task], l.where[n.Task], needed = r, own.f.Name(), nil
		ran.Solved++
		ran.Cost.add(Cost{Nodes: r.Nodes, Seconds: r.Seconds, CPUSeconds: r.CPUSeconds})
		logf(opts.Log, "task %d: %s to move %s (%d nodes, %.1f s, %.1f s of CPU)", n.Task, n.ToMove, says(r.Result), r.Nodes, r.Seconds, r.CPUSeconds)
	}
	return ran, nil
}

// solve searches task n to the end, or until ctx ends (an error).
func solve(ctx context.Context, g Game, n *Node, opts RunOptions) (*Result, error) {
	start, cpu, before := time.Now(), cpuSeconds(), g.Nodes()
	if opts.Log != nil && opts.Progress > 0 {
		stop := report(opts, n.Task, start, func() int64 { return g.Nodes() - before })
		defer stop()
	}
	wins, solved, err := g.Solve(ctx, n.Board, n.ToMove == "L")
	switch {
	case err != nil:
		return nil, fmt.Errorf("task %d: %w", n.Task, err)
	case !solved && ctx.Err() != nil:
		return nil, fmt.Errorf("stopped: task %d abandoned after %v: %w", n.Task, time.Since(start).Round(time.Millisecond), ctx.Err())
	case !solved:
		return nil, fmt.Errorf("task %d: the search gave up", n.Task)
	}
	r := &Result{Task: n.Task, Board: n.Board, ToMove: n.ToMove, Result: Loss,
		Nodes: g.Nodes() - before, Seconds: milli(time.Since(start).Seconds()), CPUSeconds: milli(cpuSeconds() - cpu), Time: time.Now().UTC()}
	if wins {
		r.Result = Win
	}
	return r, nil
}

// report prints how far task k has got every opts.Progress until the
// returned function is called.
func report(opts RunOptions, k int, start time.Time, nodes func() int64) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		t := time.NewTicker(opts.Progress)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				where := ""
				if opts.Where != nil {
					if w := opts.Where(); w != "" {
						where = w + "; "
					}
				}
				logf(opts.Log, "task %d: %s%d nodes in %v", k, where, nodes(), time.Since(start).Round(time.Second))
			}
		}
	})
	return func() { close(done); wg.Wait() }
}

// logf writes a line to w, when w is not nil.
func logf(w io.Writer, format string, args ...any) {
	if w != nil {
		fmt.Fprintf(w, "tb solve run: "+format+"\n", args...)
	}
}
