package census

import (
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/bits"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games/ttt3d/qubic"
	"github.com/tablebase/tablebase/games/ttt3d/rules"
	"github.com/tablebase/tablebase/games/ttt3d/solve"
	"github.com/tablebase/tablebase/internal/extsort"
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
func PatternClasses(b *rules.Board, k int) []uint64 {
	if k > b.Cells/2 {
		free := PatternClasses(b, b.Cells-k)
		out := make([]uint64, len(free))
		par.Split(len(free), func(_, lo, hi int) {
			for i := lo; i < hi; i++ {
				out[i] = leastImage(b, b.Full()&^free[i])
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
				for e := b.Full() &^ m; e != 0; e &= e - 1 {
					shares[w] = append(shares[w], leastImage(b, m|e&-e))
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
func leastImage(b *rules.Board, m uint64) uint64 {
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

var censusProofs = []string{solve.ProvedByRules, solve.ProvedByPairing, solve.ProvedBySearch}

func censusValue(d solve.Decision, err error) uint32 {
	if err != nil {
		return censusUndecided
	}
	r := uint32(censusDraw)
	if d.Result == solve.Win {
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

// CensusLimits bound the searches of a census.
type CensusLimits struct {
	// MaxNodes bounds each pattern's search (0: no limit); a pattern it
	// does not decide is stored as undecided, unless proved as below.
	MaxNodes int64
	// ProveNodes, when positive, has each pattern that search leaves
	// undecided proved a win of x as the strategy build proves one (o's
	// replies to x's first move proved apart, on all cores), within
	// ProveNodes proof-tree nodes; the pattern stays undecided where that
	// fails. Each reply proved is kept in the work directory FILE.work, so
	// that a stopped census resumes its proofs where they stopped.
	ProveNodes int64
}

// BuildCensus decides the empty 4x4x4 board for every pattern of blocked
// cells whose number is in rows, one per symmetry class, within lim.
// Keys and levels are those of BuildFair. It returns the seconds each row
// took in this run.
func BuildCensus(ctx context.Context, rows []int, lim CensusLimits, opts build.Options) (build.Summary, map[int]float64, error) {
	opts = opts.WithDefaults()
	start := time.Now()
	params := map[string]string{"n": "4", "fair": rowsString(rows), "chunk": strconv.Itoa(opts.ChunkSize),
		"values": "census", "max-nodes": strconv.FormatInt(lim.MaxNodes, 10)}
	if lim.ProveNodes > 0 {
		params["prove-nodes"] = strconv.FormatInt(lim.ProveNodes, 10)
	}
	f, err := tablebase.Create(opts.Path, tablebase.Meta{Game: "ttt3d", Params: params, KeyLen: 9})
	if err != nil {
		return build.Summary{}, nil, err
	}
	defer f.Close()
	if f.Meta().Complete {
		return build.Summarize(f, build.Summary{Complete: true}, start), nil, nil
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	c := &census{ctx: ctx, fail: cancel, lim: lim, work: opts.Path + ".work", workers: opts.Workers, progress: opts.Progress}
	if lim.ProveNodes > 0 {
		if c.won, err = c.proved(); err != nil {
			return build.Summary{}, nil, err
		}
	}
	b := rules.MustGet(4)
	r := build.NewRunner(f, opts)
	seconds := map[int]float64{}
	var solved int64
	for _, k := range slices.Backward(rows) {
		t := time.Now()
		masks := PatternClasses(b, k)
		n, err := r.Run(ctx, build.SearchedLevel(k, len(masks),
			func(i int) []byte { return binary.BigEndian.AppendUint64([]byte{byte(k)}, masks[i]) },
			func(i int) uint32 { return c.decide(rules.Empty(b, masks[i])) }), nil)
		solved += n
		if n > 0 {
			seconds[k] = time.Since(t).Seconds()
		}
		if err != nil {
			return build.Summarize(f, build.Summary{Solved: solved}, start), seconds, cmp.Or(context.Cause(ctx), err)
		}
	}
	err = r.Finish()
	if err == nil {
		os.RemoveAll(c.work)
	}
	return build.Summarize(f, build.Summary{Solved: solved}, start), seconds, err
}

// census decides the patterns of BuildCensus.
type census struct {
	ctx      context.Context
	fail     context.CancelCauseFunc // stops the build with an error
	lim      CensusLimits
	work     string
	workers  int
	progress io.Writer
	mu       sync.Mutex // one proof writes its progress at a time
	// won holds the marks of the wins proved by earlier runs, by name
	// (with ProveNodes only).
	won map[string]bool
}

// wonMark ends the name of the file that marks a proved win in the work
// directory.
const wonMark = ".won"

// proved returns the marks of the wins proved by earlier runs of the
// census in its work directory.
func (c *census) proved() (map[string]bool, error) {
	entries, err := os.ReadDir(c.work)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	won := map[string]bool{}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), wonMark) {
			won[e.Name()] = true
		}
	}
	return won, err
}

// decide returns the census value of p (a pattern's empty board): as
// Decide decides it, or proved by ProveParallel where Decide passes its
// limit.
func (c *census) decide(p rules.Position) uint32 {
	// The replies proved go to a directory named by the position (64
	// cells of .#xo); once the win is proved, a file beside it says so
	// and the directory goes. A run that resumes takes that win before
	// any search.
	parts := &qubic.PartFiles{Dir: filepath.Join(c.work, p.String())}
	won := parts.Dir + wonMark
	if c.won[filepath.Base(won)] {
		return censusValue(solve.Decision{Result: solve.Win, Proof: solve.ProvedBySearch}, nil)
	}
	d, err := solve.Decide(p, solve.DecideOptions{MaxNodes: c.lim.MaxNodes, ResultOnly: true, Done: c.ctx.Done()})
	if !errors.Is(err, solve.ErrBudget) || c.lim.ProveNodes <= 0 || c.ctx.Err() != nil {
		return censusValue(d, err)
	}
	if err := os.MkdirAll(parts.Dir, 0o755); err != nil {
		c.fail(err)
		return censusUndecided
	}
	start := time.Now()
	var progress func(qubic.Split)
	if c.progress != nil {
		progress = func(s qubic.Split) {
			c.mu.Lock()
			defer c.mu.Unlock()
			fmt.Fprintf(c.progress, "\r%s, %s: %s   ", p, time.Since(start).Round(time.Second), s.Line(p.B.N))
		}
	}
	proof, err := qubic.ProveParallel(p.Restricted(), c.lim.ProveNodes, qubic.ParallelOptions{
		Workers: c.workers, Progress: progress, Parts: parts, Done: c.ctx.Done()})
	if c.progress != nil {
		c.mu.Lock()
		fmt.Fprintln(c.progress)
		c.mu.Unlock()
	}
	if err != nil {
		c.fail(err)
		return censusUndecided
	}
	if !proof.Win {
		return censusUndecided
	}
	if err := extsort.WriteWords(won, nil); err != nil {
		c.fail(err)
		return censusUndecided
	}
	os.RemoveAll(parts.Dir)
	return censusValue(solve.Decision{Result: solve.Win, Proof: solve.ProvedBySearch}, nil)
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
	b := rules.MustGet(4)
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
			case censusProofs[proof] == solve.ProvedByRules:
				r.ByRules++
			case censusProofs[proof] == solve.ProvedByPairing:
				r.ByPairing++
			default:
				r.BySearch++
			}
			DrawCriteria(b, m).Count(&r.ErdosSelfridge, &r.Beck, &r.Degree)
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
