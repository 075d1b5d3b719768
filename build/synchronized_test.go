package build

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/games/synchronized"
	"github.com/tablebase/tablebase/tablebase"
)

func TestSynchronizedBuild(t *testing.T) {
	for _, c := range []struct {
		v          synchronized.Variant
		rows, cols int
	}{{synchronized.Triomineering, 4, 5}, {synchronized.Domineering, 3, 4}} {
		v := c.v
		dir := t.TempDir()
		whole := filepath.Join(dir, "whole.db")
		if _, err := Synchronized(context.Background(), v, c.rows, c.cols, 16, Options{Path: whole, ChunkSize: 16}); err != nil {
			t.Fatal(err)
		}
		parts := filepath.Join(dir, "parts.db")
		runs := 0
		for ; ; runs++ {
			_, err := Synchronized(context.Background(), v, c.rows, c.cols, 16, Options{Path: parts, ChunkSize: 16, StopAfter: 1 + runs%4})
			if err == nil {
				break
			}
			if !errors.Is(err, ErrStopped) {
				t.Fatal(err)
			}
		}
		if runs < 3 || dump(t, whole) != dump(t, parts) {
			t.Fatalf("%s: interrupted %d times; identical: %v", v.Name, runs, dump(t, whole) == dump(t, parts))
		}
		f, err := tablebase.Open(whole)
		if err != nil {
			t.Fatal(err)
		}
		s := synchronized.NewSolver(v, 16)
		err = f.ForEach(func(e tablebase.Entry) error {
			k, _ := canon.ParseKey(e.Key)
			// The stored answer, seen from the transposed board, swaps.
			img := canon.Symmetry(4).Apply(k.Region())
			if got, want := s.Solve(img).Swapped(), synchronized.Unpack(e.Value); got != want {
				t.Errorf("%s %s: stored %v, transposed image gives %v", v.Name, k.Region(), want, got)
			}
			return nil
		})
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
	}
}
