package main

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/tablebase/tablebase/internal/region"
)

// TestResumable: a search of 3x13 on two cores, saving every 50 ms (each
// save sharing what each search found), stopped by its context part
// way, saves its progress; run again, it loads it and finds the
// nim-value, 2, with every move of 3x13 plus a heap of 2 refuted.
func TestResumable(t *testing.T) {
	dir := t.TempDir()
	search := func() *resumable {
		return &resumable{dir: dir, board: "3x13", region: region.Full(3, 13), search: newTeam(2, 6, 0), keep: 17}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Millisecond)
	defer cancel()
	if err := search().run(ctx, 50*time.Millisecond); !errors.Is(err, errStopped) {
		t.Fatalf("stopped: %v", err)
	}
	stopped := readProgress(t, dir)
	if stopped.Nim != nil || stopped.Runs != 1 || stopped.Nodes == 0 || stopped.Saved == 0 {
		t.Fatalf("stopped: %+v", stopped)
	}
	if err := search().run(context.Background(), 50*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	p := readProgress(t, dir)
	if p.Nim == nil || *p.Nim != 2 || p.AtLeast != 2 || p.Refuted != p.Moves || p.Moves != 3*12+2*13+2 || p.Runs != 2 || p.Nodes <= stopped.Nodes {
		t.Errorf("resumed: %+v", p)
	}
}

// readProgress reads the progress of 3x13 saved in dir.
func readProgress(t *testing.T, dir string) progress {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "cram-3x13.json"))
	if err != nil {
		t.Fatal(err)
	}
	var p progress
	if err := json.Unmarshal(b, &p); err != nil {
		t.Fatal(err)
	}
	return p
}
