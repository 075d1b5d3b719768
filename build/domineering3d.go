package build

import (
	"context"
	"strconv"
	"time"

	"github.com/tablebase/tablebase/games/domineering3d"
	"github.com/tablebase/tablebase/tablebase"
)

// Domineering3D stores, for every board reachable on the box with all
// three players still in the game, who can force a win under each of the
// six turn orders. Levels are solved from the fullest board back to the
// empty one, so that the searches of each level find the positions below
// it in the solver's table.
func Domineering3D(ctx context.Context, box domineering3d.Box, tableBits uint, opts Options) (Summary, error) {
	opts = opts.withDefaults()
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
	solver := domineering3d.NewSolver(box, tableBits, 1)
	reach := solver.Reachable()
	var levels []level
	for m := len(reach) - 1; m >= 0; m-- {
		boards := reach[m]
		levels = append(levels, storedLevel(m, len(boards),
			func(i int) []byte { return domineering3d.Key(box, boards[i]) },
			func(i int) uint32 { return domineering3d.Pack(solver.Outcomes(boards[i])) }))
	}
	solved, err := newRunner(f, opts).runAll(ctx, levels)
	return summarize(f, Summary{Solved: solved}, start), err
}
