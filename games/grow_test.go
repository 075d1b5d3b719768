package games

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games/gametest"
	"github.com/tablebase/tablebase/tablebase"
)

// growCase is a build grown by the parameter that extends it, small
// enough to build many times.
type growCase struct {
	game         string
	small, large build.Params
	chunk        int
}

// growCases are the builds TestGrow grows.
var growCases = []growCase{
	{"domineering", build.Params{"max-cells": "8"}, build.Params{"max-cells": "10"}, 64},
	{"xt-domineering", build.Params{"max-cells": "6"}, build.Params{"max-cells": "8"}, 16},
	{"cram", build.Params{"max-cells": "8"}, build.Params{"max-cells": "10"}, 64},
	{"clobber", build.Params{"max-cells": "4"}, build.Params{"max-cells": "6"}, 8},
	{"snort", build.Params{"max-cells": "3"}, build.Params{"max-cells": "5"}, 8},
	{"toads-and-frogs", build.Params{"max-cells": "5"}, build.Params{"max-cells": "7"}, 16},
	{"toppling-dominoes", build.Params{"max-cells": "4"}, build.Params{"max-cells": "6"}, 8},
	{"kayles", build.Params{"max-cells": "10"}, build.Params{"max-cells": "20"}, 8},
	{"ttt3d", build.Params{"n": "3", "max-plies": "3"}, build.Params{"n": "3", "max-plies": "4"}, 64},
}

// shortGrowCases are those TestGrow grows under -short: one of each kind
// of build (placement, parts, plies), smaller.
var shortGrowCases = []growCase{
	{"domineering", build.Params{"max-cells": "8"}, build.Params{"max-cells": "9"}, 64},
	{"toppling-dominoes", build.Params{"max-cells": "4"}, build.Params{"max-cells": "6"}, 8},
	{"ttt3d", build.Params{"n": "3", "max-plies": "2"}, build.Params{"n": "3", "max-plies": "3"}, 16},
}

// TestGrow grows each case's smaller build, complete, stopped part way
// (early, and before its last chunk), and by shards, to the larger one,
// itself stopped again and again: every grown file must hold exactly
// what the larger build from nothing holds (Verify's Content). Building
// the smaller build into a grown file, or the larger one with another
// chunk size, is refused.
func TestGrow(t *testing.T) {
	cases := growCases
	if testing.Short() {
		cases = shortGrowCases
	}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("%s %v to %v", tc.game, tc.small, tc.large), func(t *testing.T) {
			t.Parallel()
			g, err := Lookup(tc.game)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			ctx := context.Background()
			opts := func(path string) build.Options {
				return build.Options{Path: path, ChunkSize: tc.chunk, Workers: 2}
			}
			fresh := filepath.Join(dir, "fresh.db")
			sum, err := g.Build(ctx, tc.large, opts(fresh))
			if err != nil {
				t.Fatal(err)
			}
			want := content(t, fresh)

			// The smaller build's commits, to stop it before its last.
			counted := filepath.Join(dir, "small.db")
			if _, err := g.Build(ctx, tc.small, opts(counted)); err != nil {
				t.Fatal(err)
			}
			commits := chunksDone(t, counted)
			if commits < 4 {
				t.Fatalf("the smaller build commits %d chunks, too few to stop part way", commits)
			}

			for _, stop := range []int{0, 2, commits - 1} {
				path := filepath.Join(dir, fmt.Sprintf("grown-%d.db", stop))
				o := opts(path)
				o.StopAfter = stop
				_, err := g.Build(ctx, tc.small, o)
				if stop > 0 && !errors.Is(err, build.ErrStopped) || stop == 0 && err != nil {
					t.Fatalf("the smaller build stopped after %d chunks: %v", stop, err)
				}
				if stop == 0 {
					// Stopped at once, the grown file is the larger build,
					// not complete.
					o := opts(path)
					o.StopAfter = 1
					if _, err := g.Build(ctx, tc.large, o); !errors.Is(err, build.ErrStopped) {
						t.Fatalf("growing stopped after a chunk: %v", err)
					}
					m := meta(t, path)
					if m.Complete || m.Params["chunk"] != strconv.Itoa(tc.chunk) || len(m.Params) != len(tc.large)+1 {
						t.Fatalf("grown part way: complete %v, params %v", m.Complete, m.Params)
					}
					for k, v := range tc.large {
						if m.Params[k] != v {
							t.Fatalf("grown part way: params %v, want %v", m.Params, tc.large)
						}
					}
				}
				gametest.Interrupted(t, opts(path), func(o build.Options) error {
					_, err := g.Build(ctx, tc.large, o)
					return err
				})
				if got := content(t, path); got != want {
					t.Errorf("grown from the smaller build stopped after %d chunks (0: complete): content %016x, a build from nothing %016x", stop, got, want)
				}
				again, err := g.Build(ctx, tc.large, opts(path))
				if err != nil || again.Solved != 0 || again.Positions != sum.Positions || !again.Complete {
					t.Errorf("the grown build run again: %+v, %v", again, err)
				}
			}

			grown := filepath.Join(dir, "grown-0.db")
			if _, err := g.Build(ctx, tc.small, opts(grown)); err == nil || !strings.Contains(err.Error(), "never shrunk") {
				t.Errorf("the smaller build into a grown file: %v, want it refused as a shrink", err)
			}
			if _, err := g.Build(ctx, tc.large, build.Options{Path: counted, ChunkSize: 2 * tc.chunk}); err == nil || !strings.Contains(err.Error(), "refusing to build") {
				t.Errorf("the larger build with another chunk size: %v, want it refused", err)
			}
			if got := content(t, grown); got != want {
				t.Errorf("a refused build changed the grown file")
			}

			// Grown by shards: the first shard run stopped after a chunk
			// and run again, on its copy of the smaller file already grown.
			base := filepath.Join(dir, "base.db")
			if _, err := g.Build(ctx, tc.small, opts(base)); err != nil {
				t.Fatal(err)
			}
			const n = 3
			for round := 0; ; round++ {
				if round > 40 {
					t.Fatal("the sharded build never completes")
				}
				var shards []string
				for i := range n {
					sh := build.Shard{I: i, N: n}
					if i == 0 {
						if _, err := runShard(g, tc.large, base, sh, tc.chunk, 1); err != nil && !errors.Is(err, build.ErrStopped) && !errors.Is(err, build.ErrShardDone) {
							t.Fatalf("round %d, shard %s stopped: %v", round, sh, err)
						}
					}
					if _, err := runShard(g, tc.large, base, sh, tc.chunk, 0); err != nil && !errors.Is(err, build.ErrShardDone) {
						t.Fatalf("round %d, shard %s: %v", round, sh, err)
					}
					shards = append(shards, sh.Path(base))
				}
				err := merge(t, g, tc.large, base, tc.chunk, shards...)
				if err == nil {
					break
				}
				if !errors.Is(err, build.ErrNeedShards) {
					t.Fatalf("round %d: merge: %v", round, err)
				}
			}
			if got := content(t, base); got != want {
				t.Errorf("grown by shards: content %016x, a build from nothing %016x", got, want)
			}
		})
	}
}

// meta returns the metadata of the file at path.
func meta(t *testing.T, path string) tablebase.Meta {
	t.Helper()
	f, err := tablebase.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return f.Meta()
}

// chunksDone counts the chunks a file's progress records, every level's.
func chunksDone(t *testing.T, path string) int {
	t.Helper()
	f, err := tablebase.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p, err := f.Progress()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, b := range p {
		n += int(b.GetCardinality())
	}
	return n
}

// TestGrowParams: the parameters that grow a file are those the builds
// grow by, and no other game's.
func TestGrowParams(t *testing.T) {
	want := map[string][]string{"domineering": {"max-cells"}, "xt-domineering": {"max-cells"}, "cram": {"max-cells"}, "clobber": {"max-cells"}, "toads-and-frogs": {"max-cells"}, "snort": {"max-cells"}, "col": {"max-cells"}, "toppling-dominoes": {"max-cells"}, "amazons": {"max-cells"}, "kayles": {"max-cells"}, "dawsons-kayles": {"max-cells"}, "ttt3d": {"max-plies"}}
	got := map[string][]string{}
	for _, g := range All {
		for _, p := range g.Params() {
			if p.Grows {
				got[g.Name()] = append(got[g.Name()], p.Name)
			}
		}
	}
	if !maps.EqualFunc(got, want, slices.Equal) {
		t.Errorf("parameters that grow a file: %v, want %v", got, want)
	}
}
