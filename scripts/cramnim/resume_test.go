package main

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/tablebase/tablebase/games/cram"
	"github.com/tablebase/tablebase/internal/region"
)

// TestResumable: a search of 3x13 on two cores, saving every 50 ms (each
// save sharing what each search found), stopped by its context once a
// save holds regions, saves its progress; run again, it loads it and
// finds the nim-value, 2, with every move of 3x13 plus a heap of 2
// refuted. The two split the board's moves, or those of the positions
// they leave (-short: only the latter).
func TestResumable(t *testing.T) {
	first := 1
	if testing.Short() {
		first = 2
	}
	for depth := first; depth <= 2; depth++ {
		dir := t.TempDir()
		search := func() *resumable {
			return &resumable{dir: dir, board: "3x13", region: region.Full(3, 13), search: newTeam(2, 6, 0, depth), keep: 17}
		}
		ctx, cancel := context.WithCancel(context.Background())
		ended := make(chan error, 1)
		go func() { ended <- search().run(ctx, 50*time.Millisecond) }()
		for saved := false; !saved; {
			select {
			case err := <-ended:
				t.Fatalf("depth %d: ended before a save held regions: %v", depth, err)
			case <-time.After(5 * time.Millisecond):
			}
			// The progress file is replaced whole (atomicfile), never
			// seen half written.
			if b, err := os.ReadFile(filepath.Join(dir, "cram-3x13.json")); err == nil {
				var p progress
				saved = json.Unmarshal(b, &p) == nil && p.Saved > 0
			}
		}
		cancel()
		if err := <-ended; !errors.Is(err, errStopped) {
			t.Fatalf("depth %d, stopped: %v", depth, err)
		}
		stopped := readProgress(t, dir)
		if stopped.Nim != nil || stopped.Runs != 1 || stopped.Nodes == 0 || stopped.Saved == 0 {
			t.Fatalf("depth %d, stopped: %+v", depth, stopped)
		}
		if err := search().run(context.Background(), 50*time.Millisecond); err != nil {
			t.Fatal(err)
		}
		p := readProgress(t, dir)
		if p.Nim == nil || *p.Nim != 2 || p.AtLeast != 2 || p.Refuted != p.Moves || p.Moves != 3*12+2*13+2 || p.Runs != 2 || p.Nodes <= stopped.Nodes || p.Nearest != nil {
			t.Errorf("depth %d, resumed: %+v", depth, p)
		}
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

// TestNearestMove: the move not known with the largest share of its
// position's moves refuted, the first of equals; none when none has any.
func TestNearestMove(t *testing.T) {
	d := func(cells uint64, refuted, moves int) cram.MoveProgress {
		return cram.MoveProgress{Move: cells, Cells: 10, Refuted: refuted, Moves: moves}
	}
	cases := []struct {
		list []cram.MoveProgress
		want *nearest
	}{
		{nil, nil},
		{[]cram.MoveProgress{d(3, 0, 5)}, nil},
		{[]cram.MoveProgress{d(3, 1, 5), d(6, 3, 10), d(0x300, 2, 4)}, &nearest{"a2-b2", 2, 4}},
		{[]cram.MoveProgress{d(3, 1, 2), d(6, 2, 4)}, &nearest{"a1-b1", 1, 2}},
		{[]cram.MoveProgress{{Move: 3, Known: true, Refuted: 5, Moves: 5}, {Heap: 1, Refuted: 1, Moves: 9}}, &nearest{"*1", 1, 9}},
	}
	for i, c := range cases {
		got := nearestMove(c.list, 8)
		if (got == nil) != (c.want == nil) || got != nil && *got != *c.want {
			t.Errorf("case %d: %+v, want %+v", i, got, c.want)
		}
	}
}
