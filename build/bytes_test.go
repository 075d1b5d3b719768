package build_test

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games"
	"github.com/tablebase/tablebase/games/gametest"
	"github.com/tablebase/tablebase/tablebase"
)

// bytesCase is a build small enough to make many ways: small, when set,
// is a smaller build of the game that the file grows from; shards says
// whether the build shards. The first case is large enough for several
// buckets to fill pages of their own, whose order bbolt's compaction
// does not fix.
type bytesCase struct {
	game          string
	params, small build.Params
	chunk         int
	shards        bool
}

// bytesCases cover every game whose build stores a file, and every kind
// of build: regions, parts, boxes, boards, plies, searched levels, a
// strategy.
var bytesCases = []bytesCase{
	{"domineering", build.Params{"max-cells": "10"}, build.Params{"max-cells": "8"}, 256, true},
	{"xt-domineering", build.Params{"max-cells": "6"}, build.Params{"max-cells": "5"}, 8, true},
	{"cram", build.Params{"max-cells": "8"}, build.Params{"max-cells": "6"}, 16, true},
	{"clobber", build.Params{"max-cells": "5"}, build.Params{"max-cells": "4"}, 16, true},
	{"konane", build.Params{"max-cells": "5"}, nil, 8, true},
	{"toads-and-frogs", build.Params{"max-cells": "6"}, build.Params{"max-cells": "4"}, 8, true},
	{"snort", build.Params{"max-cells": "4"}, build.Params{"max-cells": "3"}, 8, true},
	{"col", build.Params{"max-cells": "4"}, build.Params{"max-cells": "3"}, 8, true},
	{"toppling-dominoes", build.Params{"max-cells": "5"}, build.Params{"max-cells": "3"}, 8, true},
	{"amazons", build.Params{"max-cells": "4"}, build.Params{"max-cells": "3"}, 16, true},
	{"domineering3d", build.Params{"board": "2x2x3"}, nil, 4, true},
	{"sync-domineering", build.Params{"board": "3x3"}, nil, 8, true},
	{"sync-triomineering", build.Params{"board": "3x3"}, nil, 8, true},
	{"ttt3d", build.Params{"n": "3", "max-plies": "3"}, build.Params{"n": "3", "max-plies": "2"}, 16, true},
	{"ttt3d", build.Params{"n": "4", "fair": "true", "blocked": "62-64", "max-nodes": "1000"}, nil, 16, true},
	{"ttt3d", build.Params{"n": "4", "from": ".#..#..x....#o........x.......o#......#...o........#.x.....x..o."}, nil, 0, false},
}

// TestBuildSameBytes builds each case in one run on two workers, then
// in every other way a build can go: on one worker; stopped again and
// again and resumed; completed by a run that did not rewrite it; grown
// from a smaller build, complete or stopped part way; in shards, merged
// round by round. Every file must have the same SHA-256.
func TestBuildSameBytes(t *testing.T) {
	for _, tc := range bytesCases {
		t.Run(fmt.Sprintf("%s %v", tc.game, tc.params), func(t *testing.T) {
			if testing.Short() && tc.game != "domineering" && tc.game != "clobber" {
				t.Skip("-short builds two cases")
			}
			t.Parallel()
			g, err := games.Lookup(tc.game)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			opts := func(name string, workers int) build.Options {
				return build.Options{Path: filepath.Join(dir, name), ChunkSize: tc.chunk, Workers: workers}
			}
			run := func(p build.Params, o build.Options) error {
				_, err := build.Run(context.Background(), g, p, o)
				return err
			}
			ways := map[string]func(o build.Options) error{
				"one run, one worker": func(o build.Options) error { return run(tc.params, o) },
				"stopped and resumed": func(o build.Options) error {
					gametest.Interrupted(t, o, func(o build.Options) error { return run(tc.params, o) })
					return nil
				},
				"complete, not yet rewritten": func(o build.Options) error {
					if _, err := g.Build(context.Background(), tc.params, o); err != nil {
						return err
					}
					return run(tc.params, o)
				},
			}
			if tc.small != nil {
				ways["grown from the smaller build"] = func(o build.Options) error {
					if err := run(tc.small, o); err != nil {
						return err
					}
					return run(tc.params, o)
				}
				ways["grown from the smaller build, stopped"] = func(o build.Options) error {
					o.StopAfter = 2
					if err := run(tc.small, o); !errors.Is(err, build.ErrStopped) {
						return fmt.Errorf("the smaller build stopped after 2 chunks: %v", err)
					}
					gametest.Interrupted(t, o, func(o build.Options) error { return run(tc.params, o) })
					return nil
				}
			}
			if tc.shards {
				ways["sharded and merged"] = func(o build.Options) error { return sharded(g, tc.params, o) }
			}
			ref := opts("one.db", 2)
			if err := run(tc.params, ref); err != nil {
				t.Fatal(err)
			}
			want := sha(t, ref.Path)
			for name, way := range ways {
				o := opts(name+".db", 2)
				if name == "one run, one worker" {
					o.Workers = 1
				}
				if err := way(o); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if got := sha(t, o.Path); got != want {
					t.Errorf("%s: SHA-256 %x, one run's %x", name, got, want)
				}
			}
		})
	}
}

// sharded builds p of g into o.Path in three shards, round by round, one
// shard stopped and run again each round, merging after each round, as
// tb build --shard and tb merge do.
func sharded(g games.Game, p build.Params, o build.Options) error {
	const n = 3
	for round := 0; round < 40; round++ {
		var shards []string
		for i := range n {
			sh := build.Shard{I: i, N: n}
			so := o
			so.Shard, so.Path = sh, sh.Path(o.Path)
			if err := build.PrepareShard(o.Path, so.Path, build.GrowParams(g.Params())...); err != nil {
				return err
			}
			if i == round%n {
				so.StopAfter = 1
				if _, err := build.Run(context.Background(), g, p, so); err != nil && !errors.Is(err, build.ErrStopped) && !errors.Is(err, build.ErrShardDone) {
					return err
				}
				so.StopAfter = 0
			}
			if _, err := build.Run(context.Background(), g, p, so); err != nil && !errors.Is(err, build.ErrShardDone) {
				return err
			}
			shards = append(shards, so.Path)
		}
		mo := build.Options{Path: o.Path, ChunkSize: o.ChunkSize, Merge: true}
		for _, path := range shards {
			f, err := tablebase.Open(path)
			if err != nil {
				return err
			}
			defer f.Close()
			mo.Shards = append(mo.Shards, f)
		}
		_, err := build.Run(context.Background(), g, p, mo)
		if !errors.Is(err, build.ErrNeedShards) {
			return err
		}
	}
	return errors.New("the sharded build never completes")
}

// sha returns the SHA-256 of the file at path.
func sha(t *testing.T, path string) [sha256.Size]byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return sha256.Sum256(data)
}
