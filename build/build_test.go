package build

import (
	"context"
	"errors"
	"fmt"
	"github.com/tablebase/tablebase/canon"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/games/domineering"
	"github.com/tablebase/tablebase/tablebase"
)

// dump lists a file's entries and games table as text.
func dump(t *testing.T, path string) string {
	t.Helper()
	f, err := tablebase.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var b strings.Builder
	if err := f.ForEach(func(e tablebase.Entry) error { fmt.Fprintf(&b, "%x=%d\n", e.Key, e.Value); return nil }); err != nil {
		t.Fatal(err)
	}
	for i := range f.Meta().Games {
		g, err := f.Game(uint32(i))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "game %d %v\n", i, g)
	}
	m := f.Meta()
	fmt.Fprintf(&b, "%d positions %d games complete %v\n", m.Positions, m.Games, m.Complete)
	return b.String()
}

func TestResumedBuildIsIdentical(t *testing.T) {
	for _, v := range []domineering.Variant{domineering.Plain, domineering.XT} {
		dir := t.TempDir()
		whole := filepath.Join(dir, "whole.db")
		opts := Options{Path: whole, ChunkSize: 16}
		if _, err := Domineering(context.Background(), v, 8, opts); err != nil {
			t.Fatal(err)
		}
		parts := filepath.Join(dir, "parts.db")
		opts.Path = parts
		runs := 0
		for {
			opts.StopAfter = 1 + runs%7
			_, err := Domineering(context.Background(), v, 8, opts)
			runs++
			if err == nil {
				break
			}
			if !errors.Is(err, ErrStopped) {
				t.Fatal(err)
			}
		}
		if runs < 10 {
			t.Fatalf("the build was interrupted only %d times", runs)
		}
		if a, b := dump(t, whole), dump(t, parts); a != b {
			t.Fatalf("%s: a build interrupted %d times differs from an uninterrupted one", v.Name(), runs)
		}
		checkValues(t, whole, v)
		if _, err := Domineering(context.Background(), v, 9, Options{Path: whole, ChunkSize: 16}); err == nil || !strings.Contains(err.Error(), "refusing") {
			t.Fatalf("building other parameters into the file: %v", err)
		}
	}
}

// checkValues compares every stored value with the recursive solver.
func checkValues(t *testing.T, path string, v domineering.Variant) {
	f, err := tablebase.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	u := cgt.NewUniverse(18)
	vals := tablebase.NewValues(f, u)
	s := domineering.NewSolver(u, v)
	n := 0
	err = f.ForEach(func(e tablebase.Entry) error {
		k, _ := canon.ParseKey(e.Key)
		g, err := vals.Resolve(e.Value)
		if err != nil {
			return err
		}
		if want := s.Value(k.Region()); g != want {
			return fmt.Errorf("%s: stored %s, solver %s", k.Region(), u.String(g), u.String(want))
		}
		n++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := 1 + 1 + 2 + 5 + 12 + 35 + 108 + 369; n != want {
		t.Fatalf("%d positions stored, want %d", n, want)
	}
}
