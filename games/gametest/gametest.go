// Package gametest holds what the tests of the games share: the
// conformance suite of games that fall into parts (Parts), builds
// interrupted and compared, files opened for a game, answers compared,
// random boards and moves read back.
package gametest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cespare/xxhash/v2"
	bolt "go.etcd.io/bbolt"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/internal/region"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

// Dump lists a file's entries, games table, compact pages (each by its
// key and a hash) and counts as text, so that two files can be compared.
func Dump(t testing.TB, path string) string {
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
	fmt.Fprintf(&b, "%d positions %d games complete %v compact %v\n", m.Positions, m.Games, m.Complete, m.Compact)
	f.Close()
	db, err := bolt.Open(path, 0o644, &bolt.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.View(func(tx *bolt.Tx) error {
		c := tx.Bucket([]byte("compact"))
		if c == nil {
			return nil
		}
		return c.ForEach(func(k, v []byte) error {
			fmt.Fprintf(&b, "page %x %x\n", k, xxhash.Sum64(v))
			return nil
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// Interrupted runs a build again and again, each run stopped after 1 to 7
// chunks as a kill would stop it, until a run completes, and returns how
// many runs it took.
func Interrupted(t testing.TB, opts build.Options, run func(build.Options) error) int {
	t.Helper()
	runs := 0
	for {
		opts.StopAfter = 1 + runs%7
		err := run(opts)
		runs++
		if err == nil {
			return runs
		}
		if !errors.Is(err, build.ErrStopped) {
			t.Fatal(err)
		}
	}
}

// Open opens the tablebase file at path with g's querier; the file is
// closed when the test ends.
func Open(t testing.TB, path string, g query.Game) query.Querier {
	t.Helper()
	f, err := tablebase.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	q, err := g.Open(f, nil)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// SameAnswers checks that a and b give the same answer, source aside, to
// every position with opts (a querier with a file and one without, say).
func SameAnswers(t testing.TB, a, b query.Querier, positions []string, opts query.Options) {
	t.Helper()
	for _, pos := range positions {
		x := a.Query(context.Background(), pos, opts)
		y := b.Query(context.Background(), pos, opts)
		x.Source, y.Source = "", ""
		jx, _ := json.Marshal(x)
		jy, _ := json.Marshal(y)
		if string(jx) != string(jy) {
			t.Fatalf("%s: %s against %s", pos, jx, jy)
		}
	}
}

// RandomRegion returns a random board of h x w with about 3/4 of the
// cells empty.
func RandomRegion(rng *rand.Rand, h, w int) region.Region {
	full := region.Full(h, w)
	return full.With(full.Bits & (rng.Uint64() | rng.Uint64()))
}

// Covered reads a 2D move back into the cells it covers on a board of
// width w.
func Covered(t testing.TB, move string, w int) uint64 {
	t.Helper()
	m, err := notation.Covered(move, w)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// Resumed builds p of g twice: in one run, and stopped again and again
// (at least five times) until it completes; with -short, stopped five
// times and then run to the end (each run sets up the build afresh, most
// of a small build's cost). It fails the test unless the two files are
// the same, and returns the first's path and summary.
func Resumed(t testing.TB, g build.Game, p build.Params) (string, build.Summary) {
	t.Helper()
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.db")
	sum, err := g.Build(context.Background(), p, build.Options{Path: whole, ChunkSize: 16})
	if err != nil {
		t.Fatal(err)
	}
	parts := filepath.Join(dir, "parts.db")
	calls := 0
	runs := Interrupted(t, build.Options{Path: parts, ChunkSize: 16}, func(o build.Options) error {
		if calls++; testing.Short() && calls > 5 {
			o.StopAfter = 0
		}
		_, err := g.Build(context.Background(), p, o)
		return err
	})
	if runs < 5 || Dump(t, whole) != Dump(t, parts) {
		t.Fatalf("a build interrupted %d times differs from one run", runs)
	}
	return whole, sum
}
