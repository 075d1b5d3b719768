package ttt3d

import (
	"context"
	"encoding/binary"
	"math/bits"
	"strconv"
	"time"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games/ttt3d/census"
	"github.com/tablebase/tablebase/games/ttt3d/rules"
	"github.com/tablebase/tablebase/games/ttt3d/solve"
	"github.com/tablebase/tablebase/tablebase"
)

// BuildFair solves the empty 3x3x3 board for every pattern of at least
// minBlocked blocked cells, one per symmetry class: x (first) to move,
// whether x wins or o draws (o cannot win: a stone more never hurts x).
// Only the result is stored (an Outcome with 0 plies): the plies of the
// fastest win would cost a search about 20 times as large.
// The key is the number of blocked cells, then the pattern, 8 bytes
// big-endian; levels are the numbers of blocked cells, from 27 down to 0.
func BuildFair(ctx context.Context, minBlocked int, opts build.Options) (build.Summary, error) {
	opts = opts.WithDefaults()
	start := time.Now()
	// "values": a file of the exact search, with plies, is not resumed.
	f, err := tablebase.Create(opts.Path, tablebase.Meta{
		Game:   "ttt3d",
		Params: map[string]string{"n": "3", "fair": strconv.Itoa(minBlocked), "chunk": strconv.Itoa(opts.ChunkSize), "values": "result"},
		KeyLen: 9,
	})
	if err != nil {
		return build.Summary{}, err
	}
	defer f.Close()
	if f.Meta().Complete {
		return build.Summarize(f, build.Summary{Complete: true}, start), nil
	}
	b := rules.MustGet(3)
	byCount := make([][]uint64, 28)
	for _, m := range census.BlockedClasses(b) {
		k := bits.OnesCount64(m)
		byCount[k] = append(byCount[k], m)
	}
	solver := solve.NewSolver(b, 24)
	var levels []build.Level
	for k := 27; k >= minBlocked; k-- {
		masks := byCount[k]
		levels = append(levels, build.SearchedLevel(k, len(masks),
			func(i int) []byte { return binary.BigEndian.AppendUint64([]byte{byte(k)}, masks[i]) },
			func(i int) uint32 {
				r := solve.Draw
				if solver.Wins(rules.Empty(b, masks[i])) {
					r = solve.Win
				}
				return solve.Outcome{Result: r}.Pack()
			}))
	}
	solved, err := build.NewRunner(f, opts).RunAll(ctx, levels)
	return build.Summarize(f, build.Summary{Solved: solved}, start), err
}

// FairRow counts the patterns with one number of blocked cells: how many
// classes there are, how many the file holds (Classes; fewer while a build
// is under way), how many x wins, and how many draws each criterion
// detects.
type FairRow struct {
	Blocked, Total, Classes, XWins, Draws int
	ErdosSelfridge, Beck, Pairing         int // draws the criterion proves
	CriterionMissed                       int // criterion says draw, search says win (must be 0)
}

// FairTable tallies a file built by BuildFair.
func FairTable(f *tablebase.File) ([]FairRow, error) {
	b := rules.MustGet(3)
	rows := make([]FairRow, 28)
	for k := range rows {
		rows[k].Blocked = k
	}
	for _, m := range census.BlockedClasses(b) {
		rows[bits.OnesCount64(m)].Total++
	}
	err := f.ForEach(func(e tablebase.Entry) error {
		m := binary.BigEndian.Uint64(e.Key[1:])
		r := &rows[bits.OnesCount64(m)]
		r.Classes++
		win := solve.Unpack(e.Value).Result == solve.Win
		if win {
			r.XWins++
		} else {
			r.Draws++
		}
		if n := census.DrawCriteria(b, m).Count(&r.ErdosSelfridge, &r.Beck, &r.Pairing); win {
			r.CriterionMissed += n
		}
		return nil
	})
	return rows, err
}
