package build

import (
	"context"
	"runtime"
	"sync"
	"time"

	"github.com/tablebase/tablebase/tablebase"
)

// Level is one step of a bottom-up build: n positions solved independently
// of each other (from what earlier levels stored), committed in chunks.
type Level struct {
	Index int                // the level's number in the progress record
	N     int                // positions in the level
	Solve func(i int) uint32 // solve position i (on the worker goroutines)
	// Commit writes the chunk of positions lo..hi-1 with their results.
	Commit func(tx *tablebase.Tx, lo, hi int, results []uint32) error
}

// Runner commits levels chunk by chunk, in order, so that a build stopped
// at any moment resumes where it stopped and yields the same file.
type Runner struct {
	f        *tablebase.File
	opts     Options
	progress *Progress
	commits  int
	last     time.Time // when this run last committed (or started)
}

// NewRunner returns a runner committing to f.
func NewRunner(f *tablebase.File, opts Options) *Runner {
	opts = opts.WithDefaults()
	return &Runner{f: f, opts: opts, last: time.Now(), progress: NewProgress(nil, 0)}
}

// Track starts the progress bar of the run over total positions, done of
// them stored by earlier runs, and returns it (call its Finish at the end).
func (r *Runner) Track(total, done int64) *Progress {
	r.progress = NewProgress(r.opts.Progress, total)
	r.progress.Add(done)
	return r.progress
}

// WithDefaults fills in the chunk size (4096) and the number of workers
// (one per CPU) when they are not set.
func (o Options) WithDefaults() Options {
	if o.ChunkSize <= 0 {
		o.ChunkSize = 4096
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

// Finish records that the build is complete.
func (r *Runner) Finish() error {
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
	}
}

// RunAll runs the levels in order with a progress bar over all of them,
// and marks the build complete at the end.
func (r *Runner) RunAll(ctx context.Context, levels []Level) (int64, error) {
	var total int64
	for _, lv := range levels {
		total += int64(lv.N)
	}
	defer r.Track(total, r.f.Meta().Positions).Finish()
	var solved int64
	for _, lv := range levels {
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
// many positions it solved. after is called with each committed chunk.
func (r *Runner) Run(ctx context.Context, lv Level, after func(lo, hi int, results []uint32)) (int64, error) {
	done, err := r.f.Done(lv.Index)
	if err != nil {
		return 0, err
	}
	size := r.opts.ChunkSize
	var todo []int
	for c := 0; c*size < lv.N; c++ {
		if !done.Contains(uint32(c)) {
			todo = append(todo, c)
		}
	}
	if len(todo) == 0 {
		return 0, nil
	}
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
			lo, hi := c*size, min((c+1)*size, lv.N)
			err := r.f.Update(func(tx *tablebase.Tx) error {
				if err := lv.Commit(tx, lo, hi, out); err != nil {
					return err
				}
				r.addTime(tx)
				return tx.MarkDone(lv.Index, uint32(c))
			})
			if err != nil {
				return solved, err
			}
			if after != nil {
				after(lo, hi, out)
			}
			solved += int64(hi - lo)
			r.progress.Add(int64(hi - lo))
			next++
			r.commits++
			if r.opts.StopAfter > 0 && r.commits >= r.opts.StopAfter {
				return solved, ErrStopped
			}
			if ctx.Err() != nil {
				return solved, ctx.Err()
			}
		}
	}
	return solved, ctx.Err()
}
