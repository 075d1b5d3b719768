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

	done chan struct{}
	wg   sync.WaitGroup
}

// startProgress starts printing to w every interval, with nodes telling
// the engine's count, until stop is called.
func startProgress(w io.Writer, interval time.Duration, nodes func() int64) *progress {
	p := &progress{w: w, nodes: nodes, start: time.Now(), done: make(chan struct{})}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-p.done:
				return
			case <-t.C:
				p.print()
			}
		}
	}()
	return p
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

// stop ends the printing.
func (p *progress) stop() {
	close(p.done)
	p.wg.Wait()
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

// valueProgress prints how far a computation of exact values has got,
// every interval: the component classes valued, how many a second since
// the last line, and the memory in use.
type valueProgress struct {
	w     io.Writer
	count func() int64
	start time.Time
	last  int64 // the count printed last
	at    time.Time

	done chan struct{}
	wg   sync.WaitGroup
}

// startValueProgress starts printing to w every interval, with count
// telling the components valued, until stop is called.
func startValueProgress(w io.Writer, interval time.Duration, count func() int64) *valueProgress {
	now := time.Now()
	p := &valueProgress{w: w, count: count, start: now, at: now, last: count(), done: make(chan struct{})}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-p.done:
				return
			case now := <-t.C:
				n := p.count()
				rate := float64(n-p.last) / now.Sub(p.at).Seconds()
				fmt.Fprintf(p.w, "tb query: %d components valued (%.0f a second), %d MiB in use, %v\n",
					n, rate, memoryInUse()>>20, now.Sub(p.start).Round(time.Second))
				p.last, p.at = n, now
			}
		}
	}()
	return p
}

// stop ends the printing.
func (p *valueProgress) stop() {
	close(p.done)
	p.wg.Wait()
}
