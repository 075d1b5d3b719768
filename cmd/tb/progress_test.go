package main

import (
	"strings"
	"testing"
	"time"

	"github.com/tablebase/tablebase/engine"
)

func TestProgressPrinter(t *testing.T) {
	var out strings.Builder
	print := progressPrinter(&out, 0)
	print(engine.Progress{Move: 2, Moves: 9, Lost: 1, Beaten: 3, Replies: 40, Nodes: 1234})
	print(engine.Progress{Move: 2, Moves: 9, Lost: 2, Nodes: 5678})
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	want := []string{
		"tb query: root move 2 of 9 (1 lost), 3 of its 40 replies beaten; 1234 nodes in",
		"tb query: root move 2 of 9 (2 lost); 5678 nodes in",
	}
	for i, w := range want {
		if i >= len(lines) || !strings.HasPrefix(lines[i], w) {
			t.Errorf("line %d: %q, want it to start %q", i, lines, w)
		}
	}
	out.Reset()
	quiet := progressPrinter(&out, time.Hour)
	quiet(engine.Progress{Move: 1, Moves: 1})
	if out.Len() != 0 {
		t.Errorf("printed within the interval: %q", out.String())
	}
}
