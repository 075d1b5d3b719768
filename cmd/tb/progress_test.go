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

// TestSearchProgress: the reports say the nodes before the search says
// where it is, then where it is, with the nodes of the moment.
func TestSearchProgress(t *testing.T) {
	var nodes atomic.Int64
	nodes.Store(1234)
	p := newSearchProgress(nodes.Load)
	for _, step := range []struct {
		at    *query.Progress
		nodes int64
		want  string
	}{
		{nil, 1234, "tb query: 1234 nodes in "},
		{&query.Progress{Where: "Vertical first: root move 2 of 9 (1 lost)", Nodes: 1}, 5678, "tb query: Vertical first: root move 2 of 9 (1 lost); 5678 nodes in "},
		{&query.Progress{Where: "Horizontal first: root move 1 of 9 (0 lost)"}, 5678, "tb query: Horizontal first: root move 1 of 9 (0 lost); 5678 nodes in "},
	} {
		if step.at != nil {
			p.update(*step.at)
		}
		nodes.Store(step.nodes)
		if got := p.say(time.Now()); !strings.HasPrefix(got, step.want) {
			t.Errorf("say() = %q, want %q...", got, step.want)
		}
	}
	// An hour into a search, reset starts the clock again: a report
	// just after it says less than a minute (not 0s: a busy machine may
	// take a second between the two).
	p.start = p.start.Add(-time.Hour)
	p.reset()
	got := p.say(time.Now())
	took, err := time.ParseDuration(strings.TrimPrefix(got, "tb query: 5678 nodes in "))
	if err != nil || took < 0 || took >= time.Minute {
		t.Errorf("after reset: %q", got)
	}
}

// TestValueProgress: the reports say the classes valued and their rate,
// the final line the classes in all.
func TestValueProgress(t *testing.T) {
	var n atomic.Int64
	say, final := valueProgress(n.Load)
	// The rate is the classes valued between two reports over the time
	// between them, whatever the time since the start.
	at := time.Now().Add(time.Hour)
	say(at)
	n.Store(50)
	if got := say(at.Add(10 * time.Second)); !strings.HasPrefix(got, "tb query: 50 components valued (5 a second), ") {
		t.Errorf("say() = %q", got)
	}
	n.Store(1234)
	if got := final(); !strings.HasPrefix(got, "tb query: 1234 components valued in all, in ") {
		t.Errorf("final() = %q", got)
	}
}

// TestReporter: on a terminal a report redraws one line while a position
// is answered and is erased between positions; in a log each report is a
// line, and the final line ends it.
func TestReporter(t *testing.T) {
	const erase = "\r\033[K"
	for _, c := range []struct {
		terminal bool
		steps    string // r: report, +: resume, -: pause, s: stop
		want     string
	}{
		{true, "r", ""},
		{true, "+rr-r", "\rsay 1\033[K\rsay 2\033[K" + erase},
		{true, "+-+r-", "\rsay 1\033[K" + erase},
		{true, "+rs", "\rsay 1\033[K" + erase},
		{true, "+s", ""},
		{false, "r+r-rs", "say 1\nsay 2\nsay 3\nin all\n"},
		{false, "s", "in all\n"},
	} {
		var out strings.Builder
		said := 0
		say := func(time.Time) string { said++; return "say " + string(rune('0'+said)) }
		r := &reporter{w: &out, terminal: c.terminal, say: say, final: func() string { return "in all" }, paused: true, ticks: func() {}}
		for _, s := range c.steps {
			switch s {
			case 'r':
				r.report(time.Now())
			case '+':
				r.resume()
			case '-':
				r.pause()
			case 's':
				r.stop()
			}
		}
		if out.String() != c.want {
			t.Errorf("terminal %v, steps %q: wrote %q, want %q", c.terminal, c.steps, out.String(), c.want)
		}
	}
}

// TestReporterTicks: a started reporter reports every interval until
// stopped.
func TestReporterTicks(t *testing.T) {
	var out lockedBuilder
	r := startReporter(&out, false, time.Millisecond, func(time.Time) string { return "tick" }, nil)
	for deadline := time.Now().Add(time.Minute); !strings.Contains(out.String(), "tick\ntick\n"); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no two reports in %q", out.String())
		}
	}
	r.stop()
	before := out.String()
	time.Sleep(20 * time.Millisecond)
	if out.String() != before {
		t.Errorf("reported after stop")
	}
}
