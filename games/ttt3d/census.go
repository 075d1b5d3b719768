package ttt3d

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/internal/par"
	"github.com/tablebase/tablebase/tablebase"
)

// The census of 4x4x4 patterns: for each number of blocked cells asked
// for, every pattern up to symmetry, decided on the empty board with x to
// move (win or draw: o never wins there), with how it was proved.

// PatternClasses returns the sets of k cells of the board that are the
// least of their images under its group, one per class, in increasing
// order. Classes of k cells grow from those of k-1 by adding a cell;
// past half the board, the classes are the complements of those of
// Cells-k cells.
func (b *Board) PatternClasses(k int) []uint64 {
	if k > b.Cells/2 {
		free := b.PatternClasses(b.Cells - k)
		out := make([]uint64, len(free))
		par.Split(len(free), func(_, lo, hi int) {
			for i := lo; i < hi; i++ {
				out[i] = b.leastImage(b.full &^ free[i])
			}
		})
		slices.Sort(out)
		return out
	}
	classes := []uint64{0}
	for j := 1; j <= k; j++ {
		shares := make([][]uint64, par.Workers())
		par.Split(len(classes), func(w, lo, hi int) {
			for _, m := range classes[lo:hi] {
				for e := b.full &^ m; e != 0; e &= e - 1 {
					shares[w] = append(shares[w], b.leastImage(m|e&-e))
				}
			}
		})
		next := slices.Concat(shares...)
		slices.Sort(next)
		classes = slices.Compact(next)
	}
	return classes
}

// leastImage returns the least image of a set of cells under the group.
func (b *Board) leastImage(m uint64) uint64 {
	least := m
	for _, g := range b.Group[1:] {
		least = min(least, g.Apply(m))
	}
	return least
}

// A census value: the result (censusUndecided where the search gave up
// at its node limit) and, above it, how it was proved.
const (
	censusUndecided = 0
	censusWin       = 1
	censusDraw      = 2
)

var censusProofs = []string{ProvedByRules, ProvedByPairing, ProvedBySearch}

func censusValue(d Decision, err error) uint32 {
	if err != nil {
		return censusUndecided
	}
	r := uint32(censusDraw)
	if d.Result == Win {
		r = censusWin
	}
	return r | uint32(slices.Index(censusProofs, d.Proof))<<2
}

// ParseRows reads numbers of blocked cells written as a list of numbers
// and ranges, such as "1-3,58-64".
func ParseRows(s string, cells int) ([]int, error) {
	var rows []int
	for _, part := range strings.Split(s, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(lo)
		z := a
		if err == nil && isRange {
			z, err = strconv.Atoi(hi)
		}
		if err != nil || a < 0 || z > cells || a > z {
			return nil, fmt.Errorf("bad rows %q: want numbers of blocked cells from 0 to %d, as 1-3,58-64", s, cells)
		}
		for k := a; k <= z; k++ {
			if !slices.Contains(rows, k) {
				rows = append(rows, k)
			}
		}
	}
	slices.Sort(rows)
	return rows, nil
}

// BuildCensus decides the empty 4x4x4 board for every pattern of blocked
// cells whose number is in rows, one per symmetry class, with at most
// maxNodes nodes a search (0: no limit); a pattern not decided within
// them is stored as undecided. Keys and levels are those of BuildFair.
// It returns the seconds each row took in this run.
func BuildCensus(ctx context.Context, rows []int, maxNodes int64, opts build.Options) (build.Summary, map[int]float64, error) {
	opts = opts.WithDefaults()
	start := time.Now()
	f, err := tablebase.Create(opts.Path, tablebase.Meta{
		Game: "ttt3d",
		Params: map[string]string{"n": "4", "fair": rowsString(rows), "chunk": strconv.Itoa(opts.ChunkSize),
			"values": "census", "max-nodes": strconv.FormatInt(maxNodes, 10)},
		KeyLen: 9,
	})
	if err != nil {
		return build.Summary{}, nil, err
	}
	defer f.Close()
	if f.Meta().Complete {
		return build.Summarize(f, build.Summary{Complete: true}, start), nil, nil
	}
	b := MustGet(4)
	r := build.NewRunner(f, opts)
	seconds := map[int]float64{}
	var solved int64
	for _, k := range slices.Backward(rows) {
		t := time.Now()
		masks := b.PatternClasses(k)
		n, err := r.Run(ctx, build.SearchedLevel(k, len(masks),
			func(i int) []byte { return binary.BigEndian.AppendUint64([]byte{byte(k)}, masks[i]) },
			func(i int) uint32 {
				return censusValue(Decide(Empty(b, masks[i]), DecideOptions{MaxNodes: maxNodes, ResultOnly: true, Done: ctx.Done()}))
			}), nil)
		solved += n
		if n > 0 {
			seconds[k] = time.Since(t).Seconds()
		}
		if err != nil {
			return build.Summarize(f, build.Summary{Solved: solved}, start), seconds, err
		}
	}
	err = r.Finish()
	return build.Summarize(f, build.Summary{Solved: solved}, start), seconds, err
}

func rowsString(rows []int) string {
	s := make([]string, len(rows))
	for i, k := range rows {
		s[i] = strconv.Itoa(k)
	}
	return strings.Join(s, ",")
}

// CensusRow counts the patterns of one number of blocked cells in a
// census file.
type CensusRow struct {
	Blocked, Classes, XWins, Draws, Undecided int
	ByPairing, BySearch, ByRules              int // draws by each proof
	// The classical criteria on the open lines (see DrawCriteria), among
	// the draws: Erdős–Selfridge, Beck and the degree condition for a
	// pairing (n >= 2D).
	ErdosSelfridge, Beck, Degree int
	FirstDraw                    uint64 // the least drawn pattern (if Draws > 0)
}

// CensusTable tallies a file built by BuildCensus, by number of blocked
// cells, in increasing order.
func CensusTable(f *tablebase.File) ([]CensusRow, error) {
	b := MustGet(4)
	rows := map[int]*CensusRow{}
	err := f.ForEach(func(e tablebase.Entry) error {
		if len(e.Key) != 9 {
			return fmt.Errorf("%s: a key of %d bytes in a census", f.Path(), len(e.Key))
		}
		m := binary.BigEndian.Uint64(e.Key[1:])
		k := bits.OnesCount64(m)
		r := rows[k]
		if r == nil {
			r = &CensusRow{Blocked: k}
			rows[k] = r
		}
		r.Classes++
		switch e.Value & 3 {
		case censusWin:
			r.XWins++
		case censusDraw:
			if r.Draws == 0 || m < r.FirstDraw {
				r.FirstDraw = m
			}
			r.Draws++
			switch proof := int(e.Value >> 2); {
			case proof >= len(censusProofs):
			case censusProofs[proof] == ProvedByRules:
				r.ByRules++
			case censusProofs[proof] == ProvedByPairing:
				r.ByPairing++
			default:
				r.BySearch++
			}
			b.DrawCriteria(m).count(&r.ErdosSelfridge, &r.Beck, &r.Degree)
		default:
			r.Undecided++
		}
		return nil
	})
	var out []CensusRow
	for _, r := range rows {
		out = append(out, *r)
	}
	slices.SortFunc(out, func(a, c CensusRow) int { return a.Blocked - c.Blocked })
	return out, err
}
