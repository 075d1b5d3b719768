package games

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/tablebase"
)

// shardCases are builds small enough to shard many ways, with chunks
// small enough that every level worth sharding has several. Under -short
// the build is short where that is set, and only one game of each kind
// of build (placement, parts, plies, three players, synchronized) runs:
// those with full set are left to the full run.
var shardCases = []struct {
	game   string
	params build.Params
	chunk  int
	short  build.Params
	full   bool
}{
	{"domineering", build.Params{"max-cells": "8"}, 16, nil, false},
	{"xt-domineering", build.Params{"max-cells": "7"}, 8, nil, true},
	{"cram", build.Params{"max-cells": "7"}, 8, nil, true},
	{"clobber", build.Params{"max-cells": "5"}, 32, nil, false},
	{"konane", build.Params{"max-cells": "6"}, 16, nil, true},
	{"toads-and-frogs", build.Params{"max-cells": "7"}, 16, nil, true},
	{"toppling-dominoes", build.Params{"max-cells": "6"}, 16, nil, true},
	{"dawsons-kayles", build.Params{"max-cells": "20"}, 8, nil, true},
	{"ttt3d", build.Params{"n": "3", "max-plies": "4"}, 64, build.Params{"n": "3", "max-plies": "3"}, false},
	{"domineering3d", build.Params{"board": "2x2x3"}, 4, nil, false},
	{"sync-domineering", build.Params{"board": "3x3"}, 8, nil, false},
}

// TestShardsMerge builds each case in one process and again in shards,
// run round by round in a random order, one shard twice, one killed and
// run again, one round merged in two steps: the merged file must hold
// exactly what the one-process file holds (Verify's Content).
func TestShardsMerge(t *testing.T) {
	for _, tc := range shardCases {
		if testing.Short() && tc.full {
			continue
		}
		if testing.Short() && tc.short != nil {
			tc.params = tc.short
		}
		t.Run(fmt.Sprintf("%s %v", tc.game, tc.params), func(t *testing.T) {
			t.Parallel()
			g, err := Lookup(tc.game)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			ctx := context.Background()
			one := filepath.Join(dir, "one.db")
			if _, err := g.Build(ctx, tc.params, build.Options{Path: one, ChunkSize: tc.chunk, Workers: 2}); err != nil {
				t.Fatal(err)
			}
			want := content(t, one)

			base := filepath.Join(dir, "base.db")
			rng := rand.New(rand.NewPCG(uint64(len(tc.game)), 7))
			const n = 3
			rounds := 0
			for ; ; rounds++ {
				if rounds > 40 {
					t.Fatal("the build never completes")
				}
				// Merge what the last round left (nothing, at first).
				shards := make([]string, n)
				for i := range shards {
					shards[i] = build.Shard{I: i, N: n}.Path(base)
				}
				if rounds == 0 {
					shards = nil
				}
				paths := make([]string, len(shards))
				for i, j := range rng.Perm(len(shards)) {
					paths[i] = shards[j]
				}
				if rounds%2 == 1 {
					// In two steps: one shard first, then all of them.
					err := merge(t, g, tc.params, base, tc.chunk, paths[0])
					if err == nil {
						break
					}
					if !errors.Is(err, build.ErrNeedShards) {
						t.Fatalf("round %d: merge: %v", rounds, err)
					}
				}
				err := merge(t, g, tc.params, base, tc.chunk, paths...)
				if err == nil {
					break
				}
				if !errors.Is(err, build.ErrNeedShards) {
					t.Fatalf("round %d: merge: %v", rounds, err)
				}
				for k, i := range rng.Perm(n) {
					sh := build.Shard{I: i, N: n}
					if k == 0 {
						// Killed after its first chunk, then run again.
						_, err := runShard(g, tc.params, base, sh, tc.chunk, 1)
						if err != nil && !errors.Is(err, build.ErrStopped) && !errors.Is(err, build.ErrShardDone) {
							t.Fatalf("round %d, shard %s: %v", rounds, sh, err)
						}
					}
					for range 1 + k%2 { // some shards run twice
						// A shard whose levels are all too small to share
						// completes the build alone (nil).
						if _, err := runShard(g, tc.params, base, sh, tc.chunk, 0); err != nil && !errors.Is(err, build.ErrShardDone) {
							t.Fatalf("round %d, shard %s: %v", rounds, sh, err)
						}
					}
				}
			}
			if got := content(t, base); got != want {
				t.Errorf("after %d rounds the merged file's content is %016x, the one-process build's %016x", rounds, got, want)
			}
		})
	}
}

// runShard runs one shard of the build into base, as tb build --shard does.
func runShard(g Game, p build.Params, base string, sh build.Shard, chunk, stopAfter int) (build.Summary, error) {
	path := sh.Path(base)
	if err := build.PrepareShard(base, path, build.GrowParams(g.Params())...); err != nil {
		return build.Summary{}, err
	}
	return g.Build(context.Background(), p, build.Options{Path: path, ChunkSize: chunk, Workers: 2, Shard: sh, StopAfter: stopAfter})
}

// merge merges shard files into base, as tb merge does.
func merge(t *testing.T, g Game, p build.Params, base string, chunk int, paths ...string) error {
	t.Helper()
	opts := build.Options{Path: base, ChunkSize: chunk, Merge: true}
	for _, path := range paths {
		f, err := tablebase.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		opts.Shards = append(opts.Shards, f)
	}
	_, err := g.Build(context.Background(), p, opts)
	return err
}

// content verifies the file at path and returns its Content.
func content(t *testing.T, path string) uint64 {
	t.Helper()
	r, err := tablebase.Verify(path)
	if err != nil {
		t.Fatal(err)
	}
	return r.Content
}

// TestShardRefusals: a build that runs in one process says so, and a shard
// of another build is not merged.
func TestShardRefusals(t *testing.T) {
	dir := t.TempDir()
	ttt, _ := Lookup("ttt3d")
	_, err := ttt.Build(context.Background(), build.Params{"n": "4"}, build.Options{Path: filepath.Join(dir, "q.db"), Shard: build.Shard{I: 0, N: 2}})
	if !errors.Is(err, build.ErrUsage) {
		t.Errorf("sharded Qubic strategy build: %v, want a usage error", err)
	}
	dom, _ := Lookup("domineering")
	other := filepath.Join(dir, "other.db")
	if _, err := dom.Build(context.Background(), build.Params{"max-cells": "5"}, build.Options{Path: other}); err != nil {
		t.Fatal(err)
	}
	err = merge(t, dom, build.Params{"max-cells": "6"}, filepath.Join(dir, "base.db"), 0, other)
	if err == nil || errors.Is(err, build.ErrNeedShards) {
		t.Errorf("merging a shard of another build: %v, want an error", err)
	}
	if _, err := build.ParseShard("3/3"); err == nil {
		t.Error("ParseShard accepted 3/3")
	}
}
