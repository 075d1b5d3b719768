package synchronized

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/tablebase/tablebase/build"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/internal/region"
	"github.com/tablebase/tablebase/internal/ttable"
	"github.com/tablebase/tablebase/tablebase"
)

// Build stores what each player can guarantee in every position
// reachable in play on the rows x cols board, one entry per symmetry class
// of the cropped board, solved from the fewest empty cells up so that the
// searches of each level find the positions below it in the solver's table.
// The stored value is Vertical's guarantee plus 4 times Horizontal's.
func Build(ctx context.Context, v Variant, rows, cols int, tableBits uint, opts build.Options) (build.Summary, error) {
	if rows < 1 || cols < 1 || rows*cols > region.MaxCells {
		return build.Summary{}, build.Usagef("board %dx%d: want at least 1x1 and at most %d cells", rows, cols, region.MaxCells)
	}
	opts = opts.WithDefaults()
	start := time.Now()
	f, err := tablebase.Create(opts.Path, tablebase.Meta{
		Game:   v.Name(),
		Params: map[string]string{"board": fmt.Sprintf("%dx%d", rows, cols), "chunk": strconv.Itoa(opts.ChunkSize)},
		KeyLen: canon.KeyLen,
	})
	if err != nil {
		return build.Summary{}, err
	}
	defer f.Close()
	solver := NewSolver(v, ttable.FitBits(tableBits, rows*cols))
	var levels []build.Level
	for n, keys := range v.Reachable(rows, cols) {
		levels = append(levels, build.SearchedLevel(n, len(keys),
			func(i int) []byte { return keys[i].Bytes() },
			func(i int) uint32 { return solver.Solve(BoardOf(keys[i].Region())).Pack() }))
	}
	solved, err := build.NewRunner(f, opts).RunAll(ctx, levels)
	return build.Summarize(f, build.Summary{Solved: solved}, start), err
}
