package build

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/RoaringBitmap/roaring"
	"github.com/tablebase/tablebase/tablebase"
)

// Shard names one of N shares of a build: the chunks c of a level with
// c mod N = I. The zero Shard is the whole build.
type Shard struct{ I, N int }

// ParseShard reads a shard written "I/N" (0 <= I < N).
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return Shard{}, Usagef("--shard: want I/N with 0 <= I < N, not %q", s)
	}
	return Shard{I: i, N: n}, nil
}

// String writes the shard as "I/N".
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.I, s.N) }

// Path is the file shard s of the build into base writes by default.
func (s Shard) Path(base string) string { return fmt.Sprintf("%s.shard-%d-of-%d", base, s.I, s.N) }

// ErrShardDone ends a sharded run that has built its share: merge the
// shards (a run with Options.Merge), then run the shards again for the
// next level, until the merge completes the build.
var ErrShardDone = errors.New("this shard's share is built")

// ErrNeedShards ends a merge at a chunk that no shard holds: the level's
// shards must run (again) before the build can go on.
var ErrNeedShards = errors.New("the next level needs its shards")

// ErrOneProcess is returned by builds that cannot be sharded.
var ErrOneProcess = Usagef("this build runs in one process: it takes neither --shard nor merging")

// Sharded reports whether the options ask for a shard or a merge.
func (o Options) Sharded() bool { return o.Shard.N > 0 || o.Merge }

// PrepareShard makes shardPath ready for a shard's run of the build into
// base: a file holding everything base holds, and whatever share of the
// next level an earlier run of the shard committed. A shard file that
// lacks a chunk base holds (base was merged since) is replaced by a copy
// of base; so is a missing one. Without a base the shard starts empty.
// grow names the build's parameters that grow a file (Param.Grows): a
// shard file may hold a build that grows base's, its first run having
// grown its copy of base.
func PrepareShard(base, shardPath string, grow ...string) error {
	if _, err := os.Stat(base); errors.Is(err, os.ErrNotExist) {
		return nil
	}
	b, err := tablebase.Open(base)
	if err != nil {
		return err
	}
	defer b.Close()
	if current, err := holdsAll(shardPath, b, grow); err != nil || current {
		return err
	}
	return b.CopyTo(shardPath)
}

// holdsAll reports whether the file at path holds every chunk base holds.
func holdsAll(path string, base *tablebase.File, grow []string) (bool, error) {
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	s, err := tablebase.Open(path)
	if err != nil {
		return false, fmt.Errorf("shard file: %w", err)
	}
	defer s.Close()
	if !base.Meta().GrownBy(s.Meta(), grow...) {
		return false, fmt.Errorf("%s holds another build than %s; remove it", path, base.Path())
	}
	want, err := base.Progress()
	if err != nil {
		return false, err
	}
	have, err := s.Progress()
	if err != nil {
		return false, err
	}
	for level, chunks := range want {
		h := have[level]
		if h == nil {
			h = roaring.New()
		}
		if !roaring.AndNot(chunks, h).IsEmpty() {
			return false, nil
		}
	}
	return true, nil
}
