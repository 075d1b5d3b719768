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
	// Others are further searches of the same game, sharing the first's
	// table (Sharer): the run then solves as many tasks at once as it
	// has searches, handing the next task in its order to the first
	// search free, so that no search waits while a task is left.
	Others []Game
	// Log, when not nil, is told of each task begun and done, and every
	// Progress (when not 0) how far each one being searched has got, with
	// the game's words when it is a Locator.
	Log      io.Writer
	Progress time.Duration
	// UntilRefuted stops the run once the results leave a candidate
	// refuted at a position whose result matters (no move tried there
	// left open), so that planning again tries the next candidate before
	// the other tasks run: a loop of planning and runs then goes depth
	// first, where a whole run would search every other reply's tasks
	// before the refuted candidate is replaced. Tasks being searched then
	// are searched to the end, unless they stop mattering.
	UntilRefuted bool
}

// Locator is a Game that says where its current search has got, in its
// own words (such as the root move being searched).
type Locator interface {
	Where() string
}

// Ran says what a run did: of the Selected tasks, Solved were solved and
// recorded now, Skipped were done already, and Unneeded were left alone
// (or abandoned while being searched) because the results found so far
// had decided a position above them; Cost is the work of those solved.
// Refuted, when not "", is the line of moves to the position where a
// refuted candidate stopped the run (RunOptions.UntilRefuted).
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
// synced (see DoneDir). With opts.Others it solves several tasks at once,
// and abandons one being searched as soon as the results decide a
// position above it. When ctx ends, the tasks being searched are
// abandoned (nothing is written for them) and Run returns an error
// wrapping ctx's.
func Run(ctx context.Context, dir string, p *Plan, g Game, sel Selection, opts RunOptions) (Ran, error) {
	todo, err := p.selected(sel, opts.Log)
	if err != nil || len(todo) == 0 {
		return Ran{}, err
	}
	host, _ := os.Hostname()
	r := &runner{p: p, opts: opts, host: host, l: newLedger(dir, p), own: &resultLog{dir: dir},
		ran: Ran{Selected: len(todo)}, running: map[int]*job{}}
	defer r.own.close()
	r.refresh()
	searches := append([]Game{g}, opts.Others...)
	free := make(chan Game, len(searches))
	for _, s := range searches {
		free <- s
	}
	var wg sync.WaitGroup
	for i, n := range todo {
		var s Game
		select {
		case s = <-free:
		case <-ctx.Done():
		}
		r.mu.Lock()
		start, stop := r.next(ctx, n, i+1, len(todo))
		if !start {
			r.mu.Unlock()
			if s != nil {
				free <- s
			}
			if stop {
				break
			}
			continue
		}
		jctx, cancel := context.WithCancel(ctx)
		j := &job{cancel: cancel, start: time.Now()}
		r.meter.share(r.running)
		r.running[n.Task] = j
		r.mu.Unlock()
		wg.Go(func() {
			defer func() { free <- s }()
			defer cancel()
			r.solve(ctx, jctx, s, n, j)
		})
	}
	wg.Wait()
	if r.err == nil && r.stoppedAt != 0 {
		// No task was being searched when ctx ended (else its error
		// says it was abandoned).
		r.err = fmt.Errorf("stopped before task %d: %w", r.stoppedAt, ctx.Err())
	}
	return r.ran, r.err
}

// selected returns the tasks sel picks, in the order Run solves them.
func (p *Plan) selected(sel Selection, log io.Writer) ([]*Node, error) {
	nodes := p.taskNodes()
	switch {
	case sel.Task != 0 && nodes[sel.Task] == nil && sel.Task > 0 && sel.Task < p.NextTask:
		logf(log, "task %d is no longer in the plan (its result stopped mattering when it was planned again): nothing to do", sel.Task)
		return nil, nil
	case sel.Task != 0 && nodes[sel.Task] == nil:
		return nil, fmt.Errorf("no task %d in the plan (its tasks are numbered from 1 to %d)", sel.Task, p.NextTask-1)
	case sel.Task != 0:
		return []*Node{nodes[sel.Task]}, nil
	}
	var todo []*Node
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
	return todo, nil
}

// runner is the state of one Run, guarded by mu but for the searches
// themselves.
type runner struct {
	p    *Plan
	opts RunOptions
	host string
	mu   sync.Mutex
	l    *ledger
	own  *resultLog
	// needed is p.needed of l.results, worked out again (refresh) each
	// time they change; read is when l last listed done/.
	needed map[int]bool
	read   time.Time
	ran    Ran
	// running holds the tasks being searched, by id; err is the first
	// error met, which stops the run; stoppedAt the task before which
	// ctx ended, if it did.
	running   map[int]*job
	err       error
	stoppedAt int
	meter     cpuMeter
}

// job is a task being searched: cancel abandons it, unneeded says it was
// abandoned because its result stopped mattering, cpu is its share of
// the process's CPU time so far (cpuMeter), start when it began.
type job struct {
	cancel   context.CancelFunc
	unneeded bool
	cpu      float64
	start    time.Time
}

// next decides, before task n (the i-th of all), whether to search it
// (start) or, if not, whether the run stops there (stop).
func (r *runner) next(ctx context.Context, n *Node, i, all int) (start, stop bool) {
	if r.err != nil {
		return false, true
	}
	if ctx.Err() != nil {
		r.stoppedAt = n.Task
		return false, true
	}
	if err := r.reread(n.Task); err != nil {
		r.err = err
		return false, true
	}
	if r.l.results[n.Task] != nil {
		r.ran.Skipped++
		return false, false
	}
	if r.ran.Refuted != "" {
		logf(r.opts.Log, "a candidate is refuted at %s: stopping before task %d, for tb solve plan to try the next", r.ran.Refuted, n.Task)
		return false, true
	}
	if !r.needed[n.Task] {
		r.ran.Unneeded++
		logf(r.opts.Log, "task %d (%d of %d): no longer needed, a position above it is decided", n.Task, i, all)
		return false, false
	}
	logf(r.opts.Log, "task %d (%d of %d): %s to move on %s", n.Task, i, all, n.ToMove, n.Board)
	return true, false
}

// reread reads what other runs have recorded: in every log, when done/
// holds few files or a minute has passed; else in the logs read before,
// and task k's file of the older form. A result added makes the needed
// tasks be worked out again.
func (r *runner) reread(k int) error {
	var added bool
	var err error
	if r.read.IsZero() || r.l.entries <= smallDone || time.Since(r.read) > rereadResults {
		added, err = r.l.scan()
		r.read = time.Now()
	} else {
		added, err = r.l.tails(k)
	}
	if added {
		r.refresh()
	}
	return err
}

// refresh works out the tasks still needed, and abandons those being
// searched that are not; with UntilRefuted, it notes where a candidate
// is refuted.
func (r *runner) refresh() {
	r.needed = r.p.needed(r.l.results)
	if r.opts.UntilRefuted && r.ran.Refuted == "" {
		if line, ok := r.p.refuted(r.l.results); ok {
			r.ran.Refuted = cmp.Or(line, "the root")
		}
	}
	for k, j := range r.running {
		if !r.needed[k] && !j.unneeded {
			j.unneeded = true
			j.cancel()
		}
	}
}

// solve searches task n on s to the end, or until jctx ends, and records
// what came of it; ctx is the run's.
func (r *runner) solve(ctx, jctx context.Context, s Game, n *Node, j *job) {
	if r.opts.Log != nil && r.opts.Progress > 0 {
		stop := report(r.opts, n.Task, j.start, s)
		defer stop()
	}
	before := s.Nodes()
	wins, solved, err := s.Solve(jctx, n.Board, n.ToMove == "L")
	nodes := s.Nodes() - before
	r.mu.Lock()
	defer r.mu.Unlock()
	r.meter.share(r.running)
	delete(r.running, n.Task)
	since := time.Since(j.start).Round(time.Millisecond)
	switch {
	case err != nil:
		r.fail(fmt.Errorf("task %d: %w", n.Task, err))
		return
	case !solved && ctx.Err() != nil:
		r.fail(fmt.Errorf("stopped: task %d abandoned after %v: %w", n.Task, since, ctx.Err()))
		return
	case !solved && j.unneeded:
		r.ran.Unneeded++
		logf(r.opts.Log, "task %d: abandoned after %v, no longer needed: a position above it is decided", n.Task, since)
		return
	case !solved:
		r.fail(fmt.Errorf("task %d: the search gave up", n.Task))
		return
	}
	res := &Result{Task: n.Task, Board: n.Board, ToMove: n.ToMove, Result: Loss, Nodes: nodes,
		Seconds: milli(time.Since(j.start).Seconds()), CPUSeconds: milli(j.cpu), Time: time.Now().UTC(),
		Workers: r.opts.Workers, Host: r.host}
	if wins {
		res.Result = Win
	}
	if err := r.own.append(res); err != nil {
		r.fail(err)
		return
	}
	r.l.results[n.Task], r.l.where[n.Task] = res, r.own.f.Name()
	r.refresh()
	r.ran.Solved++
	r.ran.Cost.add(Cost{Nodes: res.Nodes, Seconds: res.Seconds, CPUSeconds: res.CPUSeconds})
	logf(r.opts.Log, "task %d: %s to move %s (%d nodes, %.1f s, %.1f s of CPU)", n.Task, n.ToMove, says(res.Result), res.Nodes, res.Seconds, res.CPUSeconds)
}

// fail records err as the run's, when it is the first, and abandons the
// tasks being searched: the run stops.
func (r *runner) fail(err error) {
	if r.err == nil {
		r.err = err
	}
	for _, j := range r.running {
		j.cancel()
	}
}

// cpuMeter shares out the process's CPU time among the tasks being
// searched: what the process has used since the last share goes to the
// tasks running then, in equal parts (each search on a core of its own
// uses about as much as another). With one task at a time, a task's
// share is the process's CPU time while it ran.
type cpuMeter struct {
	last float64
}

// share gives the CPU time used since the last call to the jobs running.
func (m *cpuMeter) share(running map[int]*job) {
	now := cpuSeconds()
	if n := len(running); n > 0 {
		for _, j := range running {
			j.cpu += (now - m.last) / float64(n)
		}
	}
	m.last = now
}

// report prints how far task k, begun at start on s, has got every
// opts.Progress until the returned function is called.
func report(opts RunOptions, k int, start time.Time, s Game) (stop func()) {
	before := s.Nodes()
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
				if l, ok := s.(Locator); ok {
					if w := l.Where(); w != "" {
						where = w + "; "
					}
				}
				logf(opts.Log, "task %d: %s%d nodes in %v", k, where, s.Nodes()-before, time.Since(start).Round(time.Second))
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
