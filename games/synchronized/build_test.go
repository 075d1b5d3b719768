package synchronized

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games/gametest"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/tablebase"
)

func TestSynchronizedBuild(t *testing.T) {
	for _, c := range []struct {
		v          Variant
		rows, cols int
	}{{Triomineering, 4, 5}, {Domineering, 3, 4}} {
		v := c.v
		dir := t.TempDir()
		whole := filepath.Join(dir, "whole.db")
		if _, err := Build(context.Background(), v, c.rows, c.cols, 16, build.Options{Path: whole, ChunkSize: 16}); err != nil {
			t.Fatal(err)
		}
		parts := filepath.Join(dir, "parts.db")
		runs := gametest.Interrupted(t, build.Options{Path: parts, ChunkSize: 16}, func(o build.Options) error {
			_, err := Build(context.Background(), v, c.rows, c.cols, 16, o)
			return err
		})
		if runs < 3 || gametest.Dump(t, whole) != gametest.Dump(t, parts) {
			t.Fatalf("%s: interrupted %d times; identical: %v", v.Name(), runs, gametest.Dump(t, whole) == gametest.Dump(t, parts))
		}
		f, err := tablebase.Open(whole)
		if err != nil {
			t.Fatal(err)
		}
		s := NewSolver(v, 16)
		err = f.ForEach(func(e tablebase.Entry) error {
			k, _ := canon.ParseKey(e.Key)
			// The stored answer, seen from the transposed board, swaps.
			img := canon.Symmetry(4).Apply(k.Region())
			if got, want := s.Solve(BoardOf(img)).Swapped(), Unpack(e.Value); got != want {
				t.Errorf("%s %s: stored %v, transposed image gives %v", v.Name(), k.Region(), want, got)
			}
			return nil
		})
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
	}
}
