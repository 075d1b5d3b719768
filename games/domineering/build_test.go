package domineering

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games/internal/placement"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/games/gametest"
	"github.com/tablebase/tablebase/tablebase"
	"github.com/tablebase/tablebase/tablebase/forms"
)

func TestResumedBuildIsIdentical(t *testing.T) {
	for _, v := range []Variant{Plain, XT} {
		dir := t.TempDir()
		whole := filepath.Join(dir, "whole.db")
		opts := build.Options{Path: whole, ChunkSize: 16}
		if _, err := placement.Build(context.Background(), v, 8, opts); err != nil {
			t.Fatal(err)
		}
		parts := filepath.Join(dir, "parts.db")
		opts.Path = parts
		runs := gametest.Interrupted(t, opts, func(o build.Options) error {
			_, err := placement.Build(context.Background(), v, 8, o)
			return err
		})
		if runs < 10 {
			t.Fatalf("the build was interrupted only %d times", runs)
		}
		if a, b := gametest.Dump(t, whole), gametest.Dump(t, parts); a != b {
			t.Fatalf("%s: a build interrupted %d times differs from an uninterrupted one", v.Name(), runs)
		}
		checkValues(t, whole, v)
		if _, err := placement.Build(context.Background(), v, 9, build.Options{Path: whole, ChunkSize: 32}); err == nil || !strings.Contains(err.Error(), "refusing") {
			t.Fatalf("building other parameters into the file: %v", err)
		}
		if _, err := placement.Build(context.Background(), v, 7, build.Options{Path: whole, ChunkSize: 16}); err == nil || !strings.Contains(err.Error(), "never shrunk") {
			t.Fatalf("building a smaller max-cells into the file: %v", err)
		}
	}
}

// checkValues compares every stored value with the recursive solver.
func checkValues(t *testing.T, path string, v Variant) {
	f, err := tablebase.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.UseLayout(placement.Layout); err != nil {
		t.Fatal(err)
	}
	u := cgt.NewUniverse(18)
	vals := forms.NewReader(f, u)
	s := placement.NewSolver(u, v)
	n := 0
	for _, level := range build.Regions(8) {
		for _, k := range level {
			g, ok, err := vals.Lookup(k.Bytes())
			if err != nil || !ok {
				t.Fatalf("%s: %v %v", k.Region(), ok, err)
			}
			if want := s.Value(k.Region()); g != want {
				t.Fatalf("%s: stored %s, solver %s", k.Region(), u.String(g), u.String(want))
			}
			n++
		}
	}
	if want := 1 + 1 + 2 + 5 + 12 + 35 + 108 + 369; n != want || f.Meta().Positions != int64(want) {
		t.Fatalf("%d positions looked up, %d stored, want %d", n, f.Meta().Positions, want)
	}
}
