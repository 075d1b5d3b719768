package main

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/tablebase/tablebase/engine"
)

// progressPrinter returns a function that prints a whole-board search's
// progress to w, at most once every interval.
func progressPrinter(w io.Writer, interval time.Duration) func(engine.Progress) {
	var mu sync.Mutex
	start := time.Now()
	last := start
	return func(p engine.Progress) {
		mu.Lock()
		defer mu.Unlock()
		now := time.Now()
		if now.Sub(last) < interval {
			return
		}
		last = now
		replies := ""
		if p.Replies > 0 {
			replies = fmt.Sprintf(", %d of its %d replies beaten", p.Beaten, p.Replies)
		}
		fmt.Fprintf(w, "tb query: root move %d of %d (%d lost)%s; %d nodes in %v\n",
			p.Move, p.Moves, p.Lost, replies, p.Nodes, now.Sub(start).Round(time.Second))
	}
}
