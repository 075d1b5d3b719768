package synchronized

import (
	"testing"

	"github.com/tablebase/tablebase/internal/genwide"
)

// TestWideGenerated checks that the mid and wide code are the copies of
// the fast path that the go:generate lines of cells128.go make now.
func TestWideGenerated(t *testing.T) {
	lines, stale, err := genwide.Stale("cells128.go")
	if err != nil {
		t.Fatal(err)
	}
	if lines != 2 {
		t.Errorf("cells128.go has %d go:generate lines of genwide, want 2 (mid and wide)", lines)
	}
	for _, name := range stale {
		t.Errorf("%s is not the copy that genwide makes now: run go generate", name)
	}
}
