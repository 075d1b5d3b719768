package qubic

import (
	"context"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games/ttt3d/rules"
	"github.com/tablebase/tablebase/tablebase"
)

// TestQubicResume stops a 4x4x4 strategy build after every proved reply
// and checks that each run resumes where the last stopped, that the
// finished file holds a strategy that wins against every defence, and
// that the work directory is gone.
func TestQubicResume(t *testing.T) {
	if testing.Short() {
		t.Skip("a 4x4x4 strategy build of several searches")
	}
	const budget = 400_000
	// A position of eight stones whose proof splits into a few replies
	// that each take a search (the runs below check that it does).
	from, err := rules.Parse("......o.............x.........x......o.....x........x.........oo")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "q.db")
	runs := 0
	var last build.Summary
	for {
		runs++
		sum, err := BuildQubic(t.Context(), from, budget, build.Options{Path: path, Workers: 1, StopAfter: 1})
		if err == nil {
			last = sum
			break
		}
		if !errors.Is(err, build.ErrStopped) || runs > 100 {
			t.Fatalf("run %d: %v", runs, err)
		}
	}
	if runs < 3 {
		t.Fatalf("the build finished in %d runs: want one per reply", runs)
	}
	if _, err := os.Stat(path + ".work"); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("work directory left behind: %v", err)
	}
	f, err := tablebase.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := Strategy{}
	err = f.ForEach(func(e tablebase.Entry) error {
		k := [2]uint64{binary.BigEndian.Uint64(e.Key), binary.BigEndian.Uint64(e.Key[8:])}
		s[k] = ParseStrategyValue(e.Value)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if int64(len(s)) != last.Positions {
		t.Fatalf("file holds %d positions, summary says %d", len(s), last.Positions)
	}
	if _, err := s.Verify(from); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d runs, %d positions", runs, len(s))
}

// TestQubicInterrupt cancels a strategy build of the empty board (a
// search of minutes) and checks that it stops with the context's error
// (the minute allowed only guards against a hang, on however busy a
// machine), its file not complete.
func TestQubicInterrupt(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	path := filepath.Join(t.TempDir(), "q.db")
	start := time.Now()
	if _, err := BuildQubic(ctx, rules.Empty(rules.MustGet(4), 0), 1<<40, build.Options{Path: path, Workers: 2}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled build: %v", err)
	}
	if d := time.Since(start); d > time.Minute {
		t.Fatalf("the cancelled build took %s to stop", d)
	}
	f, err := tablebase.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if f.Meta().Complete {
		t.Fatal("a cancelled build's file is marked complete")
	}
}
