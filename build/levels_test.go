package build

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/tablebase/tablebase/tablebase"
)

// TestRunnerDropsStoppedChunk stops a level while a Solve that watches
// the context gives up part way: its chunk must not be committed, so
// that the run that resumes solves it again, in full. (Tried 20 times:
// the runner sees the stop and the chunk in either order.)
func TestRunnerDropsStoppedChunk(t *testing.T) {
	for i := range 20 {
		stopAndResume(t, filepath.Join(t.TempDir(), fmt.Sprintf("levels-%d.db", i)))
	}
}

func stopAndResume(t *testing.T, path string) {
	f, err := tablebase.Create(path, tablebase.Meta{Game: "test", KeyLen: 8})
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	key := func(i int) []byte { return binary.BigEndian.AppendUint64(nil, uint64(i)) }
	ctx, cancel := context.WithCancel(context.Background())
	const n = 8
	solve := func(i int) uint32 {
		if i == n/2 {
			cancel()
		}
		if ctx.Err() != nil {
			return 0 // given up: not an answer
		}
		return uint32(i + 1)
	}
	r := NewRunner(f, Options{Workers: 1, ChunkSize: n})
	if _, err := r.Run(ctx, SearchedLevel(0, n, key, solve), nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped run: %v", err)
	}
	if _, ok, err := f.Lookup(key(0)); ok || err != nil {
		t.Fatalf("a chunk given up part way was committed (%v)", err)
	}
	ctx = context.Background()
	if _, err := r.Run(ctx, SearchedLevel(0, n, key, solve), nil); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if v, ok, err := f.Lookup(key(i)); !ok || err != nil || v != uint32(i+1) {
			t.Fatalf("position %d: %d %v %v", i, v, ok, err)
		}
	}
}
