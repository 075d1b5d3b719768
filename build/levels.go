package build

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/RoaringBitmap/roaring"
	"github.com/tablebase/tablebase/tablebase"
)

// Level is one step of a bottom-up build: n positions solved independently
// of each other (from what earlier levels stored), committed in chunks.
type Level struct {
	Index int                // the level's number in the progress record
	Name  string             // what the progress line calls it, such as "level 3/12"
	N     int                // positions in the level
	Solve func(i int) uint32 // solve position i (on the worker goroutines)
	// Commit writes the chunk of positions lo..hi-1 with their results.
	Commit func(tx *tablebase.Tx, lo, hi int, results []uint32) error
	// Stored reads the result of position i back from another file of
	// the same build (a shard's), as Solve would have given it; nil when
	// the level cannot be merged.
	Stored func(f *tablebase.File, i int) (uint32, error)
	// Independent marks a level whose Solve reads nothing that earlier
	// levels stored, and whose results nothing reads before the build
	// ends: a shard then goes on to its share of the next level.
	Independent bool
}

// Runner commits levels chunk by chunk, in order, so that a build stopped
// at any moment resumes where it stopped and yields the same file.
type Runner struct {
	f        *tablebase.File
	opts     Options
	progress *Progress
	commits  int
	shared   bool      // a shard's run has taken its share of a level
	last     time.Time // when this run last committed (or started)
}

// NewRunner returns a runner committing to f.
func NewRunner(f *tablebase.File, opts Options) *Runner {
	opts = opts.WithDefaults()
	return &Runner{f: f, opts: opts, last: time.Now(), progress: NewProgress(nil, 0, 0)}
}

// Track starts the progress line of the run over total positions (0 when
// the build does not know them), done of them stored by earlier runs, and
// returns it (call its Finish at the end).
func (r *Runner) Track(total, done int64) *Progress {
	r.progress = NewProgress(r.opts.Progress, total, done)
	return r.progress
}

// DefaultChunkSize is the chunk size of a build whose options set none.
const DefaultChunkSize = 4096

// WithDefaults fills in the chunk size (DefaultChunkSize) and the number
// of workers (one per CPU) when they are not set.
func (o Options) WithDefaults() Options {
	if o.ChunkSize <= 0 {
		o.ChunkSize = DefaultChunkSize
	}
	if o.Workers <= 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	return o
}

// addTime adds the time since the last commit to the file's build time,
// so that it sums every run of an interrupted build.
func (r *Runner) addTime(tx *tablebase.Tx) {
	now := time.Now()
	tx.Meta().BuildSeconds += now.Sub(r.last).Seconds()
	r.last = now
}

// Finish records that the build is complete; a shard's run that has
// taken its share instead ends with ErrShardDone.
func (r *Runner) Finish() error {
	if r.shared {
		return ErrShardDone
	}
	if r.f.Meta().Complete {
		return nil
	}
	return r.f.Update(func(tx *tablebase.Tx) error {
		r.addTime(tx)
		tx.Meta().Complete = true
		return nil
	})
}

// StoredLevel is a level whose answers are stored as they are, under
// key(i) for position i.
func StoredLevel(index, n int, key func(i int) []byte, solve func(i int) uint32) Level {
	return Level{
		Index: index,
		N:     n,
		Solve: solve,
		Commit: func(tx *tablebase.Tx, lo, hi int, results []uint32) error {
			entries := make([]tablebase.Entry, hi-lo)
			for i := range entries {
				entries[i] = tablebase.Entry{Key: key(lo + i), Value: results[i]}
			}
			return tx.PutEntries(entries)
		},
		Stored: func(f *tablebase.File, i int) (uint32, error) {
			v, ok, err := f.Lookup(key(i))
			if err == nil && !ok {
				err = fmt.Errorf("position %x is missing", key(i))
			}
			return v, err
		},
	}
}

// SearchedLevel is a StoredLevel whose positions are solved by search
// alone, reading nothing earlier levels stored (the searches may find
// them in a solver's table, which only saves time): it is Independent.
func SearchedLevel(index, n int, key func(i int) []byte, solve func(i int) uint32) Level {
	lv := StoredLevel(index, n, key, solve)
	lv.Independent = true
	return lv
}

// RunAll runs the levels in order with a progress line over all of them,
// naming a level without a name by its place in the run, and marks the
// build complete at the end.
func (r *Runner) RunAll(ctx context.Context, levels []Level) (int64, error) {
	var total int64
	for _, lv := range levels {
		total += int64(lv.N)
	}
	defer r.Track(total, r.f.Meta().Positions).Finish()
	var solved int64
	for i, lv := range levels {
		if lv.Name == "" {
			lv.Name = fmt.Sprintf("level %d/%d", i+1, len(levels))
		}
		n, err := r.Run(ctx, lv, nil)
		solved += n
		if err != nil {
			return solved, err
		}
	}
	return solved, r.Finish()
}

type chunkResult struct {
	index   int
	results []uint32
}

// Run solves and commits the chunks of a level not yet done, returning how
// many positions it stored. after is called with each committed chunk.
// A shard solves only its own chunks (of a level of fewer chunks than
// shards, all of them), and a merge only copies chunks from the shards
// (Options.Shard, Options.Merge).
func (r *Runner) Run(ctx context.Context, lv Level, after func(lo, hi int, results []uint32)) (int64, error) {
	done, err := r.f.Done(lv.Index)
	if err != nil {
		return 0, err
	}
	var todo []int
	stored := int64(lv.N)
	for c := 0; c*r.opts.ChunkSize < lv.N; c++ {
		if !done.Contains(uint32(c)) {
			todo = append(todo, c)
			stored -= int64(min(lv.N, (c+1)*r.opts.ChunkSize) - c*r.opts.ChunkSize)
		}
	}
	if len(todo) == 0 {
		return 0, nil
	}
	r.progress.Level(lv.Name, int64(lv.N), stored)
	switch {
	case r.opts.Merge:
		return r.merge(ctx, lv, todo, after)
	case r.opts.Shard.N > 0:
		if r.shared && !lv.Independent {
			return 0, fmt.Errorf("%w: level %d is next", ErrShardDone, lv.Index)
		}
		if chunks := (lv.N + r.opts.ChunkSize - 1) / r.opts.ChunkSize; chunks < r.opts.Shard.N && !r.shared {
			// Too small to share: every shard solves it whole (and the
			// merge takes it from any), saving a round.
			return r.solve(ctx, lv, todo, after)
		}
		r.shared = true
		mine := todo[:0]
		for _, c := range todo {
			if c%r.opts.Shard.N == r.opts.Shard.I {
				mine = append(mine, c)
			}
		}
		n, err := r.solve(ctx, lv, mine, after)
		if err != nil || lv.Independent {
			return n, err
		}
		return n, fmt.Errorf("%w: level %d", ErrShardDone, lv.Index)
	}
	return r.solve(ctx, lv, todo, after)
}

// solve solves the chunks todo on the workers and commits them in order.
func (r *Runner) solve(ctx context.Context, lv Level, todo []int, after func(lo, hi int, results []uint32)) (int64, error) {
	if len(todo) == 0 {
		return 0, nil
	}
	size := r.opts.ChunkSize
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan int)
	results := make(chan chunkResult, r.opts.Workers)
	var wg sync.WaitGroup
	for range r.opts.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range jobs {
				lo, hi := c*size, min((c+1)*size, lv.N)
				out := make([]uint32, hi-lo)
				for i := range out {
					out[i] = lv.Solve(lo + i)
				}
				if ctx.Err() != nil {
					// A Solve that watches ctx may have given up
					// part way: the chunk is not committed.
					return
				}
				select {
				case results <- chunkResult{c, out}:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for _, c := range todo {
			select {
			case jobs <- c:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()

	pending := map[int][]uint32{}
	var solved int64
	next := 0
	for res := range results {
		pending[res.index] = res.results
		for next < len(todo) && pending[todo[next]] != nil {
			c := todo[next]
			out := pending[c]
			delete(pending, c)
			next++
			solved += int64(len(out))
			if err := r.commit(lv, c, out, after); err != nil {
				return solved, err
			}
			if ctx.Err() != nil {
				return solved, ctx.Err()
			}
		}
	}
	return solved, ctx.Err()
}

// merge commits the chunks todo, in order, from the shard files that
// hold them, stopping with ErrNeedShards at the first that none holds.
func (r *Runner) merge(ctx context.Context, lv Level, todo []int, after func(lo, hi int, results []uint32)) (int64, error) {
	if lv.Stored == nil {
		return 0, fmt.Errorf("level %d cannot be merged from shards", lv.Index)
	}
	held := make([]*roaring.Bitmap, len(r.opts.Shards))
	for i, s := range r.opts.Shards {
		if !s.Meta().SameBuild(r.f.Meta()) {
			return 0, fmt.Errorf("%s is not a shard of this build, %s: it holds %s", s.Path(), r.f.Meta().Describe(s.Meta()), s.Meta().Describe(r.f.Meta()))
		}
		if l := r.f.Layout(); l != nil {
			// A shard may have sealed a level it completed alone.
			if err := s.UseLayout(*l); err != nil {
				return 0, err
			}
		}
		var err error
		if held[i], err = s.Done(lv.Index); err != nil {
			return 0, err
		}
	}
	size := r.opts.ChunkSize
	var stored int64
	for _, c := range todo {
		from := slices.IndexFunc(held, func(b *roaring.Bitmap) bool { return b.Contains(uint32(c)) })
		lo, hi := c*size, min((c+1)*size, lv.N)
		if from < 0 {
			return stored, fmt.Errorf("%w: no shard holds chunk %d of level %d (positions %d to %d)", ErrNeedShards, c, lv.Index, lo, hi-1)
		}
		out := make([]uint32, hi-lo)
		for i := range out {
			v, err := lv.Stored(r.opts.Shards[from], lo+i)
			if err != nil {
				return stored, fmt.Errorf("%s: %w", r.opts.Shards[from].Path(), err)
			}
			out[i] = v
		}
		stored += int64(len(out))
		if err := r.commit(lv, c, out, after); err != nil {
			return stored, err
		}
		if ctx.Err() != nil {
			return stored, ctx.Err()
		}
	}
	return stored, nil
}

// commit stores chunk c of a level with its results in one transaction.
func (r *Runner) commit(lv Level, c int, out []uint32, after func(lo, hi int, results []uint32)) error {
	lo := c * r.opts.ChunkSize
	hi := lo + len(out)
	err := r.f.Update(func(tx *tablebase.Tx) error {
		if err := lv.Commit(tx, lo, hi, out); err != nil {
			return err
		}
		r.addTime(tx)
		return tx.MarkDone(lv.Index, uint32(c))
	})
	if err != nil {
		return err
	}
	if after != nil {
		after(lo, hi, out)
	}
	r.progress.Add(int64(hi - lo))
	r.commits++
	if r.opts.StopAfter > 0 && r.commits >= r.opts.StopAfter {
		return ErrStopped
	}
	return nil
}
