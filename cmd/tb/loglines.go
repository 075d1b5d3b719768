package main

import (
	"bytes"
	"io"
	"sync"
	"time"
)

// logLines writes a build's progress to a log instead of a terminal. A
// build redraws one line (each redraw a write that starts with a
// carriage return); logLines writes a redraw as a line of its own, the
// first at once and then at most one every interval, and the last one
// when the build ends the line (a lone newline after redraws). Other writes
// pass through, after the last redraw not yet written.
type logLines struct {
	w        io.Writer
	interval time.Duration
	now      func() time.Time

	mu      sync.Mutex // builds may redraw from several goroutines
	written time.Time  // when a redraw was last written
	pending []byte     // the last redraw not written
	drawing bool       // a redraw came since the last line end
}

// newLogLines returns a logLines writing to w every interval at most.
func newLogLines(w io.Writer, interval time.Duration) *logLines {
	return &logLines{w: w, interval: interval, now: time.Now}
}

// Write takes one redraw, line end or message.
func (l *logLines) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(p) > 0 && p[0] == '\r' {
		l.drawing = true
		l.pending = append(append(l.pending[:0], bytes.TrimRight(p[1:], " ")...), '\n')
		if t := l.now(); l.written.IsZero() || t.Sub(l.written) >= l.interval {
			l.written = t
			return len(p), l.flush()
		}
		return len(p), nil
	}
	if err := l.flush(); err != nil {
		return 0, err
	}
	if string(p) == "\n" && l.drawing {
		l.drawing = false
		return len(p), nil // each redraw written has ended its line
	}
	l.drawing = false
	return l.w.Write(p)
}

// flush writes the pending redraw, if any.
func (l *logLines) flush() error {
	if len(l.pending) == 0 {
		return nil
	}
	_, err := l.w.Write(l.pending)
	l.pending = l.pending[:0]
	return err
}
