package main

import (
	"bytes"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// lockedBuffer is a bytes.Buffer safe for the printing goroutine and the
// test.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestValueProgress prints lines while the count grows, and the count in
// all when stopped.
func TestValueProgress(t *testing.T) {
	var out lockedBuffer
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
