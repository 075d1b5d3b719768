package build

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/region"
	"github.com/tablebase/tablebase/synchronized"
	"github.com/tablebase/tablebase/tablebase"
)

// Synchronized stores what each player can guarantee in every position
// reachable in play on the rows x cols board, one entry per symmetry class
// of the cropped board, solved from the fewest empty cells up so that the
// searches of each level find the positions below it in the solver's table.
// The stored value is Vertical's guarantee plus 4 times Horizontal's.
func Synchronized(ctx context.Context, v synchronized.Variant, rows, cols int, tableBits uint, opts Options) (Summary, error) {
	if rows < 1 || cols < 1 || rows*cols > region.MaxCells {
		return Summary{}, fmt.Errorf("board %dx%d: want at least 1x1 and at most %d cells", rows, cols, region.MaxCells)
	}
	if opts.ChunkSize <= 0 {
		opts.ChunkSize = 4096
	}
	start := time.Now()
	f, err := tablebase.Create(opts.Path, tablebase.Meta{
		Game:   v.Name,
		Params: map[string]string{"board": fmt.Sprintf("%dx%d", rows, cols), "chunk": strconv.Itoa(opts.ChunkSize)},
		KeyLen: canon.KeyLen,
	})
	if err != nil {
		return Summary{}, err
	}
	defer f.Close()
	run := newRunner(f, opts)
	solver := synchronized.NewSolver(v, tableBits)
	levels := v.Reachable(rows, cols)
	var total int64
	for _, l := range levels {
		total += int64(len(l))
	}
	run.progress = NewProgress(opts.Progress, total)
	run.progress.Add(f.Meta().Positions)
	var sum Summary
	for n, keys := range levels {
		solved, err := run.run(ctx, level{
			index: n,
			n:     len(keys),
			solve: func(i int) uint32 { return solver.Solve(keys[i].Region()).Pack() },
			commit: func(tx *tablebase.Tx, lo, hi int, results []uint32) error {
				entries := make([]tablebase.Entry, hi-lo)
				for i := range entries {
					entries[i] = tablebase.Entry{Key: keys[lo+i].Bytes(), Value: results[i]}
				}
				return tx.PutEntries(entries)
			},
		}, nil)
		sum.Solved += solved
		if err != nil {
			run.progress.Finish()
			return summarize(f, sum, start), err
		}
	}
	run.progress.Finish()
	err = run.finish()
	return summarize(f, sum, start), err
}
