package main

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/tablebase/tablebase/query"
)

// progress prints how far a whole-board search has got, every interval:
// where the search last said it was, and the nodes it has searched.
type progress struct {
	w     io.Writer
	nodes func() int64
	start time.Time

	mu   sync.Mutex
	last query.Progress
	seen bool

	stop func() // ends the printing
}

// startProgress starts printing to w every interval, with nodes telling
// the engine's count, until stop is called.
func startProgress(w io.Writer, interval time.Duration, nodes func() int64) *progress {
	p := &progress{w: w, nodes: nodes, start: time.Now()}
	p.stop = every(interval, func(time.Time) { p.print() })
	return p
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

// update records where the search is (query.Config.Progress).
func (p *progress) update(at query.Progress) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.last, p.seen = at, true
}

// reset forgets where the last search was, for the next position.
func (p *progress) reset() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.seen = false
	p.start = time.Now()
}

func (p *progress) print() {
	p.mu.Lock()
	defer p.mu.Unlock()
	where := ""
	if p.seen && p.last.Where != "" {
		where = p.last.Where + "; "
	}
	fmt.Fprintf(p.w, "tb query: %s%d nodes in %v\n", where, p.nodes(), time.Since(p.start).Round(time.Second))
}

// startValueProgress prints to w every interval how far a computation of
// exact values has got: the component classes valued (count tells them),
// how many a second since the last line, and the memory in use. The
// function it returns stops the printing and prints the classes valued in
// all and the time taken.
func startValueProgress(w io.Writer, interval time.Duration, count func() int64) (stop func()) {
	start := time.Now()
	last, at := count(), start
	stopTicks := every(interval, func(now time.Time) {
		n := count()
		rate := float64(n-last) / now.Sub(at).Seconds()
		fmt.Fprintf(w, "tb query: %d components valued (%.0f a second), %d MiB in use, %v\n",
			n, rate, memoryInUse()>>20, now.Sub(start).Round(time.Second))
		last, at = n, now
	})
	return func() {
		stopTicks()
		fmt.Fprintf(w, "tb query: %d components valued in all, in %v\n", count(), time.Since(start).Round(time.Second))
	}
}
