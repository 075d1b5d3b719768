package build

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// Progress draws a build's progress on one line of a terminal, redrawn
// in place: the level under way, a bar, the positions done, the rate, the
// time since the run started and the time left. A build that knows how
// many positions it holds in all (NewProgress with a total) has its bar
// and time left span the whole build; one that learns the size of each
// level only when it comes has them span the level, and its line says
// that the time left of the whole build is unknown.
type Progress struct {
	w     io.Writer
	start time.Time

	total      int64 // positions of the whole build; 0: not known
	done, base int64 // of the whole build: done, and done by earlier runs

	level                string // the level under way, or ""
	levelN               int64  // its positions
	levelDone, levelBase int64
	levelStart           time.Time
	drawn                time.Time
	open                 bool // a line is drawn and not yet ended
	now                  func() time.Time
}

// NewProgress returns a progress line writing to w (nil: silent) for a
// build of total positions (0 when it does not know them), done of which
// earlier runs stored.
func NewProgress(w io.Writer, total, done int64) *Progress {
	p := &Progress{w: w, total: total, done: done, base: done, now: time.Now}
	p.start = p.now()
	p.levelStart = p.start
	return p
}

// Level starts the level name of n positions, done of which earlier runs
// stored. In a build that does not know its total, the line of the level
// before stays on the terminal.
func (p *Progress) Level(name string, n, done int64) {
	if p.total == 0 && p.open {
		p.end()
	}
	p.level, p.levelN, p.levelDone, p.levelBase = name, n, done, done
	p.levelStart = p.now()
	p.drawn = time.Time{}
}

// Add counts n more positions done and redraws at most ten times a
// second, and always when the level or the build is complete.
func (p *Progress) Add(n int64) {
	p.done += n
	p.levelDone += n
	now := p.now()
	complete := p.levelDone >= p.levelN || p.total > 0 && p.done >= p.total
	if p.w == nil || now.Sub(p.drawn) < 100*time.Millisecond && !complete {
		return
	}
	p.drawn, p.open = now, true
	fmt.Fprintf(p.w, "\r%s   ", p.line(now))
}

// line describes the progress at now.
func (p *Progress) line(now time.Time) string {
	var b strings.Builder
	if p.level != "" {
		b.WriteString(p.level + " ")
	}
	elapsed := now.Sub(p.start)
	done, base, total, since := p.done, p.base, p.total, p.start
	if total == 0 {
		done, base, total, since = p.levelDone, p.levelBase, p.levelN, p.levelStart
	}
	frac := float64(done) / float64(max(total, 1))
	rate := float64(done-base) / max(now.Sub(since).Seconds(), 1e-9)
	const width = 12
	filled := min(int(frac*width), width)
	left := "?"
	if rate > 0 {
		left = time.Duration(float64(total-done) / rate * float64(time.Second)).Round(time.Second).String()
	}
	digits := 0 // of the rate: one after the point below 10 a second
	if rate < 10 {
		digits = 1
	}
	fmt.Fprintf(&b, "[%s%s] %5.1f%% %d/%d positions, %.*f/s, ", strings.Repeat("=", filled), strings.Repeat(" ", width-filled), 100*frac, done, total, digits, rate)
	if p.total > 0 {
		fmt.Fprintf(&b, "%s elapsed, %s left", elapsed.Round(time.Second), left)
	} else {
		fmt.Fprintf(&b, "%s left in level, %s elapsed, total unknown", left, elapsed.Round(time.Second))
	}
	return b.String()
}

// end ends the line drawn.
func (p *Progress) end() {
	fmt.Fprintln(p.w)
	p.open = false
}

// Finish ends the line, if one is drawn.
func (p *Progress) Finish() {
	if p.w != nil && p.open {
		p.end()
	}
}
