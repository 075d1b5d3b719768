package build

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/games/synchronized"
	"github.com/tablebase/tablebase/internal/region"
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
	opts = opts.withDefaults()
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
	solver := synchronized.NewSolver(v, tableBits)
	var levels []level
	for n, keys := range v.Reachable(rows, cols) {
		levels = append(levels, storedLevel(n, len(keys),
			func(i int) []byte { return keys[i].Bytes() },
			func(i int) uint32 { return solver.Solve(keys[i].Region()).Pack() }))
	}
	solved, err := newRunner(f, opts).runAll(ctx, levels)
	return summarize(f, Summary{Solved: solved}, start), err
}
