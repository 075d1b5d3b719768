package synchronized

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/internal/genwide"
)

// TestWideGenerated checks that the mid and wide code are the copies of
// the fast path that the go:generate lines of cells128.go make now.
func TestWideGenerated(t *testing.T) {
	src, err := os.ReadFile("cells128.go")
	if err != nil {
		t.Fatal(err)
	}
	const run = "//go:generate go run ../../internal/genwide/cmd "
	lines := 0
	for _, l := range strings.Split(string(src), "\n") {
		line, ok := strings.CutPrefix(l, run)
		if !ok {
			continue
		}
		lines++
		c, err := genwide.FromArgs(strings.Fields(line))
		if err != nil {
			t.Fatalf("a go:generate line of cells128.go: %v", err)
		}
		out, err := genwide.Generate(c)
		if err != nil {
			t.Fatal(err)
		}
		for i, name := range c.Outs {
			if old, err := os.ReadFile(name); err != nil || !bytes.Equal(old, out[i]) {
				t.Errorf("%s is not the copy of %s that genwide makes now (%v): run go generate", name, c.Files[i], err)
			}
		}
	}
	if lines != 2 {
		t.Errorf("cells128.go has %d go:generate lines of genwide, want 2 (mid and wide)", lines)
	}
}
