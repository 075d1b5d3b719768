package build

import (
	"context"
	"runtime"
	"sync"
	"time"

	"github.com/tablebase/tablebase/tablebase"
)

// level is one step of a bottom-up build: n positions solved independently
// of each other (from what earlier levels stored), committed in chunks.
type level struct {
	index int                // the level's number in the progress record
	n     int                // positions in the level
	solve func(i int) uint32 // solve position i (on the worker goroutines)
	// commit writes the chunk of positions lo..hi-1 with their results.
	commit func(tx *tablebase.Tx, lo, hi int, results []uint32) error
}

// runner commits levels chunk by chunk, in order, so that a build stopped
// at any moment resumes where it stopped and yields the same file.
type runner struct {
	f        *tablebase.File
	opts     Options
	progress *Progress
	commits  int
	last     time.Time // when this run last committed (or started)
}

func newRunner(f *tablebase.File, opts Options) *runner {
	return &runner{f: f, opts: opts.withDefaults(), last: time.Now()}
}

// withDefaults fills in the chunk size (4096) and the number of workers
// (one per CPU) when they are not set.
func (o Options) withDefaults() Options {
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
func (r *runner) addTime(tx *tablebase.Tx) {
	now := time.Now()
	tx.Meta().BuildSeconds += now.Sub(r.last).Seconds()
	r.last = now
}

// finish records that the build is complete.
func (r *runner) finish() error {
	if r.f.Meta().Complete {
		return nil
	}
	return r.f.Update(func(tx *tablebase.Tx) error {
		r.addTime(tx)
		tx.Meta().Complete = true
		return nil
	})
}

// storedLevel is a level whose answers are stored as they are, under
// key(i) for position i.
func storedLevel(index, n int, key func(i int) []byte, solve func(i int) uint32) level {
	return level{
		index: index,
		n:     n,
		solve: solve,
		commit: func(tx *tablebase.Tx, lo, hi int, results []uint32) error {
			entries := make([]tablebase.Entry, hi-lo)
			for i := range entries {
				entries[i] = tablebase.Entry{Key: key(lo + i), Value: results[i]}
			}
			return tx.PutEntries(entries)
		},
	}
}

// runAll runs the levels in order with a progress bar over all of them,
// and marks the build complete at the end.
func (r *runner) runAll(ctx context.Context, levels []level) (int64, error) {
	var total int64
	for _, lv := range levels {
		total += int64(lv.n)
	}
	r.progress = NewProgress(r.opts.Progress, total)
	r.progress.Add(r.f.Meta().Positions)
	defer r.progress.Finish()
	var solved int64
	for _, lv := range levels {
		n, err := r.run(ctx, lv, nil)
		solved += n
		if err != nil {
			return solved, err
		}
	}
	return solved, r.finish()
}

type chunkResult struct {
	index   int
	results []uint32
}

// run solves and commits the chunks of a level not yet done, returning how
// many positions it solved. after is called with each committed chunk.
func (r *runner) run(ctx context.Context, lv level, after func(lo, hi int, results []uint32)) (int64, error) {
	done, err := r.f.Done(lv.index)
	if err != nil {
		return 0, err
	}
	size := r.opts.ChunkSize
	var todo []int
	for c := 0; c*size < lv.n; c++ {
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
				lo, hi := c*size, min((c+1)*size, lv.n)
				out := make([]uint32, hi-lo)
				for i := range out {
					out[i] = lv.solve(lo + i)
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
			lo, hi := c*size, min((c+1)*size, lv.n)
			err := r.f.Update(func(tx *tablebase.Tx) error {
				if err := lv.commit(tx, lo, hi, out); err != nil {
					return err
				}
				r.addTime(tx)
				return tx.MarkDone(lv.index, uint32(c))
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
