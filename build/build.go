package build

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/tablebase/tablebase/tablebase"
)

// Options configures a build.
type Options struct {
	Path     string
	Workers  int       // goroutines solving positions; 0 means one per CPU
	Progress io.Writer // where to draw progress; nil for none
	// ChunkSize is the number of positions committed in one transaction
	// (0: 4096). It fixes the file's layout, so it is part of the build.
	ChunkSize int
	// StopAfter, when positive, stops the build after that many chunks
	// have been committed in this run, as a kill would (for tests).
	StopAfter int
	// Shard, when set, limits the run to its share of the build: its
	// chunks of the first level not yet complete (of every level, where
	// the levels are Independent), committed to Path as usual; the run
	// then ends with ErrShardDone. Levels of fewer chunks than shards,
	// up to the first shared one, every shard solves whole. Path must start as the file being
	// built (PrepareShard), so that the levels below are there to read.
	Shard Shard
	// Merge makes the run solve nothing: each chunk not yet stored is
	// taken from the first of Shards that holds it (files of the same
	// build) and committed as the build would have committed it, and the
	// run ends with ErrNeedShards at the first chunk that none holds. The
	// file is then the same as a one-process build's, however the chunks
	// were shared out.
	Merge  bool
	Shards []*tablebase.File
}

// Summary reports what a build did.
type Summary struct {
	Positions int64         // positions stored in the file
	Solved    int64         // positions solved by this run
	Values    int64         // distinct canonical forms in the file
	Elapsed   time.Duration // time of this run
	FileBytes int64         // the file's size on disk
	Complete  bool
	// What says what was built, for the summary line ("domineering
	// max-cells 10"); empty when the run only reported. Report is text to
	// print after the summary line (a table, say).
	What, Report string
}

// ErrStopped is returned when a build stops early on request.
var ErrStopped = fmt.Errorf("build stopped before the end; run it again to resume")

// Summarize completes a run's summary from the file.
func Summarize(f *tablebase.File, s Summary, start time.Time) Summary {
	m := f.Meta()
	s.Positions, s.Values, s.Complete = m.Positions, m.Games, m.Complete
	s.Elapsed = time.Since(start)
	if st, err := os.Stat(f.Path()); err == nil {
		s.FileBytes = st.Size()
	}
	return s
}

// Run runs g's build of p into opts.Path as tb build runs it: once the
// file is complete it is rewritten in canonical form
// (tablebase.Canonicalize), so that a build gives the same bytes however
// it was interrupted, resumed, grown, sharded and merged, and on any
// number of workers. FileBytes is then the canonical file's size.
func Run(ctx context.Context, g Game, p Params, opts Options) (Summary, error) {
	sum, err := g.Build(ctx, p, opts)
	if err != nil || !sum.Complete {
		return sum, err
	}
	sum.FileBytes, err = tablebase.Canonicalize(opts.Path)
	return sum, err
}
