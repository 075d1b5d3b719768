package domineering3d

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games/gametest"
	"github.com/tablebase/tablebase/internal/bits128"

	"github.com/tablebase/tablebase/tablebase"
)

func TestDomineering3DBuild(t *testing.T) {
	box := Box{A: 3, B: 3, C: 2}
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.db")
	if _, err := Build(context.Background(), box, 16, build.Options{Path: whole, ChunkSize: 32}); err != nil {
		t.Fatal(err)
	}
	parts := filepath.Join(dir, "parts.db")
	runs := gametest.Interrupted(t, build.Options{Path: parts, ChunkSize: 32}, func(o build.Options) error {
		_, err := Build(context.Background(), box, 16, o)
		return err
	})
	if runs < 5 {
		t.Fatalf("interrupted only %d times", runs)
	}
	if gametest.Dump(t, whole) != gametest.Dump(t, parts) {
		t.Fatal("an interrupted build differs from an uninterrupted one")
	}
	// Every stored answer, read back through a random symmetry, is what the
	// solver finds for that image directly.
	f, err := tablebase.Open(whole)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := NewSolver(box, 16, 2)
	rng := rand.New(rand.NewPCG(1, 2))
	n := 0
	err = f.ForEach(func(e tablebase.Entry) error {
		n++
		var key uint64
		for _, b := range e.Key[1:] {
			key = key<<8 | uint64(b)
		}
		maps := s.Group().Maps
		m := &maps[rng.IntN(len(maps))]
		img := m.Apply(bits128.Set{Lo: key})
		// Outcomes of the image, mapped back, are the stored ones.
		if got, want := Through(s.Outcomes(img), m), Unpack(e.Value); got != want {
			t.Errorf("board %x: stored %v, image through map %v", key, want, got)
		}
		return nil
	})
	if err != nil || n != 950 {
		t.Fatalf("%d entries, %v; want 950", n, err)
	}
}
