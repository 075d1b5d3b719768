package main

import (
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tablebase/tablebase/query"
)

// lockedBuilder is a strings.Builder safe for a writer and a reader in
// different goroutines.
type lockedBuilder struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuilder) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuilder) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestProgress: the lines say the nodes before the search reports where
// it is, then where it is, with the nodes of the moment.
func TestProgress(t *testing.T) {
	var out lockedBuilder
	var nodes sync.Map
	nodes.Store("n", int64(1234))
	count := func() int64 { n, _ := nodes.Load("n"); return n.(int64) }
	waitFor := func(s string) {
		t.Helper()
		for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
			if strings.Contains(out.String(), s) {
				return
			}
		}
		t.Fatalf("no line with %q in %q", s, out.String())
	}
	p := startProgress(&out, time.Millisecond, count)
	waitFor("tb query: 1234 nodes in ")
	p.update(query.Progress{Where: "Vertical first: root move 2 of 9 (1 lost), 3 of its 40 replies beaten", Nodes: 1})
	nodes.Store("n", int64(5678))
	waitFor("tb query: Vertical first: root move 2 of 9 (1 lost), 3 of its 40 replies beaten; 5678 nodes in ")
	p.update(query.Progress{Where: "Horizontal first: root move 1 of 9 (0 lost)"})
	waitFor("tb query: Horizontal first: root move 1 of 9 (0 lost); 5678 nodes in ")
	p.stop()
	before := out.String()
	time.Sleep(20 * time.Millisecond)
	if out.String() != before {
		t.Errorf("printed after stop")
	}
}

// TestValueProgress prints lines while the count grows, and the count in
// all when stopped.
func TestValueProgress(t *testing.T) {
	var out lockedBuilder
	var n atomic.Int64
	stop := startValueProgress(&out, time.Millisecond, n.Load)
	for !strings.Contains(out.String(), "components valued (") {
		n.Add(5)
		time.Sleep(time.Millisecond)
	}
	n.Store(1234)
	stop()
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if last := lines[len(lines)-1]; !strings.HasPrefix(last, "tb query: 1234 components valued in all, in ") {
		t.Fatalf("last line %q", last)
	}
}
