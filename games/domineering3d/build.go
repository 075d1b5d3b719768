package domineering3d

import (
	"context"
	"strconv"
	"time"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/internal/bits128"

	"github.com/tablebase/tablebase/tablebase"
)

// Build stores, for every board reachable on the box with all
// three players still in the game, who can force a win under each of the
// six turn orders. Levels are solved from the fullest board back to the
// empty one, so that the searches of each level find the positions below
// it in the solver's table.
func Build(ctx context.Context, box Box, tableBits uint, opts build.Options) (build.Summary, error) {
	if box.Cells() > FileCells {
		return build.Summary{}, build.Usagef("box %s has %d cells: a tablebase holds boxes of at most %d (larger ones are answered by tb query)", box, box.Cells(), FileCells)
	}
	opts = opts.WithDefaults()
	start := time.Now()
	f, err := tablebase.Create(opts.Path, tablebase.Meta{
		Game:   "domineering3d",
		Params: map[string]string{"board": box.String(), "chunk": strconv.Itoa(opts.ChunkSize)},
		KeyLen: KeyLen,
	})
	if err != nil {
		return build.Summary{}, err
	}
	defer f.Close()
	solver := NewSolver(box, tableBits, 1)
	reach := solver.Reachable()
	var levels []build.Level
	for m := len(reach) - 1; m >= 0; m-- {
		boards := reach[m]
		levels = append(levels, build.SearchedLevel(m, len(boards),
			func(i int) []byte { return Key(box, boards[i]) },
			func(i int) uint32 { return Pack(solver.Outcomes(bits128.Set{Lo: boards[i]})) }))
	}
	solved, err := build.NewRunner(f, opts).RunAll(ctx, levels)
	return build.Summarize(f, build.Summary{Solved: solved}, start), err
}
