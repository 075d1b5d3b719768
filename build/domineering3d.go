package build

import (
	"context"
	"strconv"
	"time"

	"github.com/tablebase/tablebase/domineering3d"
	"github.com/tablebase/tablebase/tablebase"
)

// Domineering3D stores, for every board reachable on the box with all
// three players still in the game, who can force a win under each of the
// six turn orders. Levels are solved from the fullest board back to the
// empty one, so that the searches of each level find the positions below
// it in the solver's table.
func Domineering3D(ctx context.Context, box domineering3d.Box, tableBits uint, opts Options) (Summary, error) {
	if opts.ChunkSize <= 0 {
		opts.ChunkSize = 4096
	}
	start := time.Now()
	f, err := tablebase.Create(opts.Path, tablebase.Meta{
		Game:   "domineering3d",
		Params: map[string]string{"board": box.String(), "chunk": strconv.Itoa(opts.ChunkSize)},
		KeyLen: domineering3d.KeyLen,
	})
	if err != nil {
		return Summary{}, err
	}
	defer f.Close()
	run := newRunner(f, opts)
	solver := domineering3d.NewSolver(box, tableBits, 1)
	levels := solver.Reachable()
	var total int64
	for _, l := range levels {
		total += int64(len(l))
	}
	run.progress = NewProgress(opts.Progress, total)
	run.progress.Add(f.Meta().Positions)
	var sum Summary
	for m := len(levels) - 1; m >= 0; m-- {
		boards := levels[m]
		solved, err := run.run(ctx, level{
			index: m,
			n:     len(boards),
			solve: func(i int) uint32 { return domineering3d.Pack(solver.Outcomes(boards[i])) },
			commit: func(tx *tablebase.Tx, lo, hi int, results []uint32) error {
				entries := make([]tablebase.Entry, hi-lo)
				for i := range entries {
					entries[i] = tablebase.Entry{Key: domineering3d.Key(box, boards[lo+i]), Value: results[i]}
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
