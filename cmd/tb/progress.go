package main

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/tablebase/tablebase/query"
)

// Intervals between two reports of progress: on a terminal, where one
// line is redrawn in place, and in a log, where each report is a line.
var (
	terminalInterval = time.Second
	logInterval      = 10 * time.Second
)

// reporter shows how far tb query's computation has got on standard
// error, saying what say returns every interval. On a terminal it redraws
// one line in place while a position is answered and erases it when the
// answer is done (pause), so that nothing stays between the answers; for
// a log (--progress) each report is a line of its own, and final's line
// ends the log when final is set.
type reporter struct {
	w        io.Writer
	terminal bool
	say      func(now time.Time) string
	final    func() string

	mu     sync.Mutex
	paused bool // between two positions: a terminal shows nothing
	drawn  bool // a line is on the terminal
	ticks  func()
}

// startReporter starts reporting to w every interval (on a terminal when
// terminal is set, else as log lines), until stop is called; final may be
// nil. A terminal shows nothing before the first resume.
func startReporter(w io.Writer, terminal bool, interval time.Duration, say func(now time.Time) string, final func() string) *reporter {
	r := &reporter{w: w, terminal: terminal, say: say, final: final, paused: true}
	r.ticks = every(interval, r.report)
	return r
}

func (r *reporter) report(now time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case !r.terminal:
		fmt.Fprintln(r.w, r.say(now))
	case !r.paused:
		fmt.Fprintf(r.w, "\r%s\033[K", r.say(now))
		r.drawn = true
	}
}

// resume reports again after pause, for the next position.
func (r *reporter) resume() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.paused = false
}

// pause erases the terminal's line until resume, before an answer or a
// message is written.
func (r *reporter) pause() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.paused = true
	if r.drawn {
		fmt.Fprint(r.w, "\r\033[K")
		r.drawn = false
	}
}

// stop ends the reports, erasing the terminal's line or writing the
// log's final line.
func (r *reporter) stop() {
	r.ticks()
	r.pause()
	if !r.terminal && r.final != nil {
		fmt.Fprintln(r.w, r.final())
	}
}

// every calls fn with the time every interval, in a goroutine of its own,
// until the function it returns is called; that waits for a call of fn
// under way.
func every(interval time.Duration, fn func(now time.Time)) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case now := <-t.C:
				fn(now)
			}
		}
	}()
	return func() {
		close(done)
		wg.Wait()
	}
}

// searchProgress says how far a whole-board search has got: where the
// search last said it was, and the nodes it has searched.
type searchProgress struct {
	nodes func() int64

	mu    sync.Mutex
	start time.Time
	last  query.Progress
	seen  bool
}

// newSearchProgress returns a searchProgress of the search whose nodes
// nodes counts.
func newSearchProgress(nodes func() int64) *searchProgress {
	return &searchProgress{nodes: nodes, start: time.Now()}
}

// update records where the search is (query.Config.Progress).
func (p *searchProgress) update(at query.Progress) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.last, p.seen = at, true
}

// reset forgets where the last search was, for the next position.
func (p *searchProgress) reset() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.seen = false
	p.start = time.Now()
}

// say reports the search (reporter.say).
func (p *searchProgress) say(now time.Time) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	where := ""
	if p.seen && p.last.Where != "" {
		where = p.last.Where + "; "
	}
	return fmt.Sprintf("tb query: %s%d nodes in %v", where, p.nodes(), now.Sub(p.start).Round(time.Second))
}

// valueProgress returns what a reporter says of a computation of exact
// values: the component classes valued (count tells them), how many a
// second since the last report, and the memory in use; and finally the
// classes valued in all and the time taken.
func valueProgress(count func() int64) (say func(now time.Time) string, final func() string) {
	start := time.Now()
	last, at := count(), start
	say = func(now time.Time) string {
		n := count()
		rate := float64(n-last) / max(now.Sub(at).Seconds(), 1e-9)
		last, at = n, now
		return fmt.Sprintf("tb query: %d components valued (%.0f a second), %d MiB in use, %v",
			n, rate, memoryInUse()>>20, now.Sub(start).Round(time.Second))
	}
	final = func() string {
		return fmt.Sprintf("tb query: %d components valued in all, in %v", count(), time.Since(start).Round(time.Second))
	}
	return say, final
}
