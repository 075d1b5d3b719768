package synchronized

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/internal/genwide"
)

// TestWideGenerated checks that the wide code is the copy of the fast
// path that the go:generate line of cells128.go makes now.
func TestWideGenerated(t *testing.T) {
	src, err := os.ReadFile("cells128.go")
	if err != nil {
		t.Fatal(err)
	}
	const run = "//go:generate go run ../../internal/genwide/cmd "
	var line string
	for _, l := range strings.Split(string(src), "\n") {
		if rest, ok := strings.CutPrefix(l, run); ok {
			line = rest
		}
	}
	c, err := genwide.FromArgs(strings.Fields(line))
	if err != nil {
		t.Fatalf("the go:generate line of cells128.go: %v", err)
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
