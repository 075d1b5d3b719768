package build

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// Progress draws a one-line bar with rate and time left on a terminal.
type Progress struct {
	w            io.Writer
	total, done  int64
	start, drawn time.Time
}

// NewProgress returns a bar for total units writing to w (nil: silent).
func NewProgress(w io.Writer, total int64) *Progress {
	return &Progress{w: w, total: total, start: time.Now()}
}

// Add counts n more units done and redraws at most ten times a second.
func (p *Progress) Add(n int64) {
	p.done += n
	if p.w == nil || time.Since(p.drawn) < 100*time.Millisecond && p.done < p.total {
		return
	}
	p.drawn = time.Now()
	elapsed := time.Since(p.start).Seconds()
	rate := float64(p.done) / max(elapsed, 1e-9)
	frac := float64(p.done) / float64(max(p.total, 1))
	const width = 30
	bar := strings.Repeat("=", int(frac*width)) + strings.Repeat(" ", width-int(frac*width))
	left := "?"
	if rate > 0 {
		left = (time.Duration(float64(p.total-p.done)/rate) * time.Second).Round(time.Second).String()
	}
	fmt.Fprintf(p.w, "\r[%s] %5.1f%% %d/%d positions, %.0f/s, %s left   ", bar, 100*frac, p.done, p.total, rate, left)
}

// Finish ends the bar's line.
func (p *Progress) Finish() {
	if p.w != nil {
		fmt.Fprintln(p.w)
	}
}
