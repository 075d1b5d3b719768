package ttt3d

import (
	"bufio"
	"cmp"
	"context"
	"encoding/binary"
	"fmt"
	"math/bits"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games/ttt3d/rules"
	"github.com/tablebase/tablebase/games/ttt3d/solve"
	"github.com/tablebase/tablebase/internal/extsort"
	"github.com/tablebase/tablebase/tablebase"
)

// MaxPlies is the --max-plies of a complete 3x3x3 build: no game is
// still going after 26 stones, so every level is then built.
const MaxPlies = 27

// runWords bounds the child keys of one chunk of parents, which a worker
// sorts and writes to disk as a run (8 bytes each). Tests make it small.
var runWords = 1 << 26

// defaultChunk is Build's chunk size: plies of hundreds of millions of
// classes.
const defaultChunk = 1 << 16

// Build stores every 3x3x3 position reachable from the empty board with
// at most maxPlies stones and the game still going, each symmetry class
// once, with its result and plies.
//
// It works ply by ply. A forward pass lists each ply's classes from the
// one before, as sorted files of dense ranks in a work directory next to
// the file (FILE.work), spilling sorted runs to disk and merging them so
// that no ply is ever held twice in memory. A backward pass then solves
// the plies from the last to the first: each class from its children's
// stored outcomes one ply later (a move that completes a line wins at
// once), or by search at ply maxPlies when later plies are not built.
// Each ply commits in chunks, so the build resumes after a kill.
//
// A file of a smaller maxPlies is grown: the plies it lacks are solved
// (the last it has was solved by search, which gives what the plies
// after it give), and the plies it holds are kept.
func Build(ctx context.Context, maxPlies int, opts build.Options) (build.Summary, error) {
	if opts.ChunkSize <= 0 {
		opts.ChunkSize = defaultChunk
	}
	opts = opts.WithDefaults()
	start := time.Now()
	// The build's live data are a few large arrays without pointers, which
	// the collector marks at little cost: collecting when the heap has
	// grown by a quarter rather than doubled keeps the process near its
	// live size. GOGC, when set, has the last word.
	if os.Getenv("GOGC") == "" {
		defer debug.SetGCPercent(debug.SetGCPercent(25))
	}
	if maxPlies < 0 || maxPlies > MaxPlies {
		return build.Summary{}, fmt.Errorf("max plies %d out of range 0..%d", maxPlies, MaxPlies)
	}
	f, err := tablebase.Create(opts.Path, tablebase.Meta{
		Game:   "ttt3d",
		Params: map[string]string{"n": "3", "max-plies": strconv.Itoa(maxPlies), "chunk": strconv.Itoa(opts.ChunkSize)},
		KeyLen: KeyLen,
	}, "max-plies")
	if err != nil {
		return build.Summary{}, err
	}
	defer f.Close()
	if err := f.UseLayout(Layout); err != nil {
		return build.Summary{}, err
	}
	b := &tttBuild{board: rules.MustGet(3), work: opts.Path + ".work", opts: opts, f: f}
	if f.Meta().Complete {
		return build.Summarize(f, build.Summary{Complete: true}, start), nil
	}
	if err := os.MkdirAll(b.work, 0o755); err != nil {
		return build.Summary{}, err
	}
	sizes, err := b.forward(ctx, maxPlies)
	if err != nil {
		return build.Summarize(f, build.Summary{}, start), err
	}
	r := build.NewRunner(f, opts)
	var total int64
	for _, n := range sizes {
		total += n
	}
	defer r.Track(total, f.Meta().Positions).Finish()
	var solved int64
	var next *tttLevel // the ply after the one being solved, if built
	for ply := len(sizes) - 1; ply >= 0; ply-- {
		if b.sealedDown(ply) {
			// Plies 0 to this one are stored and sealed (a file grown, or
			// a run stopped after its last seal): the ply after, no longer
			// needed, is sealed, and nothing is left to solve.
			if ply+1 < len(sizes) {
				if err := b.seal(ctx, ply+1); err != nil {
					return build.Summarize(f, build.Summary{Solved: solved}, start), err
				}
			}
			break
		}
		lv, n, err := b.backward(ctx, r, ply, next)
		solved += n
		if err != nil {
			return build.Summarize(f, build.Summary{Solved: solved}, start), err
		}
		// The ply after is sealed into a compact level once it is no
		// longer needed in memory.
		next = nil
		if ply+1 < len(sizes) {
			if err := b.seal(ctx, ply+1); err != nil {
				return build.Summarize(f, build.Summary{Solved: solved}, start), err
			}
		}
		next = lv
	}
	next = nil
	if err := b.seal(ctx, 0); err != nil {
		return build.Summarize(f, build.Summary{Solved: solved}, start), err
	}
	if err := r.Finish(); err != nil {
		return build.Summarize(f, build.Summary{Solved: solved}, start), err
	}
	os.RemoveAll(b.work)
	return build.Summarize(f, build.Summary{Solved: solved}, start), nil
}

type tttBuild struct {
	board *rules.Board
	work  string
	opts  build.Options
	f     *tablebase.File
}

// tttLevel is one solved ply: its sorted ranks and their outcomes.
type tttLevel struct {
	index  *extsort.SortedIndex
	values []uint8
}

func (b *tttBuild) keysPath(ply int) string {
	return filepath.Join(b.work, fmt.Sprintf("ply-%02d.keys", ply))
}

func (b *tttBuild) valuesPath(ply int) string {
	return filepath.Join(b.work, fmt.Sprintf("ply-%02d.values", ply))
}

// forward lists the classes of each ply from 0 up to maxPlies (or to the
// first empty ply) into the work directory, skipping plies listed by an
// earlier run, and returns the number of classes of each ply.
func (b *tttBuild) forward(ctx context.Context, maxPlies int) ([]int64, error) {
	var sizes []int64
	if _, err := os.Stat(b.keysPath(0)); err != nil {
		if err := extsort.WriteWords(b.keysPath(0), []uint64{Rank(0, 0)}); err != nil {
			return nil, err
		}
	}
	for ply := 0; ; ply++ {
		st, err := os.Stat(b.keysPath(ply))
		if err != nil {
			return nil, err
		}
		n := st.Size() / 8
		sizes = append(sizes, n)
		if ply == maxPlies || n == 0 {
			return sizes, nil
		}
		if _, err := os.Stat(b.keysPath(ply + 1)); err == nil {
			continue
		}
		if err := b.expand(ctx, ply); err != nil {
			return nil, err
		}
	}
}

// expand writes the classes of ply+1: the canonical children of the
// classes of ply that are still going. The parents are cut into chunks
// whose children fit one run; the workers sort each chunk's children and
// write them as a run named by the chunk, through a rename. A run already
// on disk is not made again, so a killed build resumes the ply where it
// stopped. The runs are then merged into the ply's list.
func (b *tttBuild) expand(ctx context.Context, ply int) error {
	parents, err := extsort.ReadWords(b.keysPath(ply))
	if err != nil {
		return err
	}
	// Parents a chunk: the children must fit a run, and even a small ply
	// makes 16 chunks, for the workers to share. Both bounds depend on
	// the ply only, so a resumed build cuts the same chunks.
	per := max(1, min(runWords/(27-ply), (len(parents)+15)/16))
	runs := make([]string, (len(parents)+per-1)/per)
	for i := range runs {
		runs[i] = filepath.Join(b.work, fmt.Sprintf("run-%02d-%05d", ply+1, i))
	}
	var next, written atomic.Int64
	var mu sync.Mutex
	var firstErr error
	stopped := func() bool {
		mu.Lock()
		defer mu.Unlock()
		return firstErr != nil || ctx.Err() != nil ||
			b.opts.StopAfter > 0 && written.Load() >= int64(b.opts.StopAfter)
	}
	var wg sync.WaitGroup
	for range b.opts.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			buf := make([]uint64, 0, per*(27-ply))
			var scratch []uint64
			for !stopped() {
				i := int(next.Add(1) - 1)
				if i >= len(runs) {
					return
				}
				if _, err := os.Stat(runs[i]); err == nil {
					continue // made by an earlier run
				}
				buf = b.children(ctx, ply, parents[i*per:min((i+1)*per, len(parents))], buf[:0])
				if ctx.Err() != nil {
					return
				}
				var sorted []uint64
				sorted, scratch = extsort.SortUnique(buf, scratch)
				buf = sorted[:0] // written below: free for the next chunk
				if err := extsort.WriteWords(runs[i], sorted); err != nil {
					mu.Lock()
					firstErr = cmp.Or(firstErr, err)
					mu.Unlock()
					return
				}
				written.Add(1)
			}
		}()
	}
	wg.Wait()
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case firstErr != nil:
		return firstErr
	case int(next.Load()) < len(runs):
		return build.ErrStopped
	}
	_, err = extsort.MergeRuns(b.keysPath(ply+1), runs)
	for _, r := range runs {
		os.Remove(r)
	}
	return err
}

// children appends to out the canonical ranks of the children of the
// parents (classes of ply) that do not end the game, stopping early if
// ctx is done.
func (b *tttBuild) children(ctx context.Context, ply int, parents []uint64, out []uint64) []uint64 {
	for i, r := range parents {
		if i%(1<<16) == 0 && ctx.Err() != nil {
			return out
		}
		me, opp := Unrank(27, ply, r)
		empty := b.board.Full() &^ (me | opp)
		for e := empty; e != 0; e &= e - 1 {
			c := bits.TrailingZeros64(e)
			if b.board.Completes(me, c) {
				continue // the game ends: not stored
			}
			ca, cb, _ := b.board.Canonical(opp, me|1<<c)
			out = append(out, Rank(ca, cb))
		}
	}
	return out
}

// backward solves one ply and returns it, solved, for the ply before.
func (b *tttBuild) backward(ctx context.Context, r *build.Runner, ply int, next *tttLevel) (*tttLevel, int64, error) {
	keys, err := extsort.ReadWords(b.keysPath(ply))
	if err != nil {
		return nil, 0, err
	}
	if data, err := os.ReadFile(b.valuesPath(ply)); err == nil && len(data) == len(keys) {
		return &tttLevel{extsort.NewSortedIndex(keys, Ranks(27, ply)), data}, 0, nil
	}
	values := make([]uint8, len(keys))
	var solver *solve.Solver
	if next == nil {
		// A table of 64 slots a position, 2^12 to 2^22 of them: small
		// levels do not pay for clearing a large one.
		solver = solve.NewSolver(b.board, uint(min(max(bits.Len(uint(len(keys)))+6, 12), 22)))
	}
	key := func(i int) []byte {
		return binary.BigEndian.AppendUint64([]byte{byte(ply)}, keys[i])
	}
	solve := func(i int) uint32 {
		me, opp := Unrank(27, ply, keys[i])
		if solver != nil {
			return solver.Solve(position(b.board, ply, me, opp)).Pack()
		}
		o, ok := b.retro(me, opp, next)
		if !ok {
			return unlisted
		}
		return o.Pack()
	}
	for i := range values {
		values[i] = 0xff
	}
	lv := build.StoredLevel(ply, len(keys), key, solve)
	lv.Name = fmt.Sprintf("ply %d", ply)
	store := lv.Commit
	lv.Commit = func(tx *tablebase.Tx, lo, hi int, results []uint32) error {
		for i, v := range results {
			if v == unlisted {
				return fmt.Errorf("ply %d: a child of class %d is not listed at ply %d; the work directory %s is damaged: delete it and the file, and build again", ply, keys[lo+i], ply+1, b.work)
			}
		}
		return store(tx, lo, hi, results)
	}
	n, err := r.Run(ctx, lv, func(lo, hi int, results []uint32) {
		for i, v := range results {
			values[lo+i] = uint8(v)
		}
	})
	if err != nil {
		return nil, n, err
	}
	// Chunks committed by an earlier run are read back from the file.
	for i, v := range values {
		if v != 0xff {
			continue
		}
		got, ok, err := b.f.Lookup(key(i))
		if err != nil || !ok {
			return nil, n, fmt.Errorf("ply %d: class %d missing from the file (%v)", ply, keys[i], err)
		}
		values[i] = uint8(got)
	}
	if err := extsort.WriteAtomic(b.valuesPath(ply), func(w *bufio.Writer) error { _, err := w.Write(values); return err }); err != nil {
		return nil, n, err
	}
	return &tttLevel{extsort.NewSortedIndex(keys, Ranks(27, ply)), values}, n, nil
}

// seal turns a stored ply into a compact level.
// sealedDown reports whether plies 0 to ply are all sealed: every one of
// their classes is stored.
func (b *tttBuild) sealedDown(ply int) bool {
	compact := b.f.Meta().Compact
	for p := range ply + 1 {
		if !slices.Contains(compact, p) {
			return false
		}
	}
	return true
}

func (b *tttBuild) seal(ctx context.Context, ply int) error {
	runtime.GC() // return the solved plies' memory before sealing takes its own
	return b.f.Update(func(tx *tablebase.Tx) error { return tx.Seal(ctx, ply, Layout) })
}

// unlisted marks a class with a child missing from the next ply's list.
const unlisted = 0xffff

// retro solves a class from the outcomes of its children; it reports
// false if a child is missing from the next ply's list.
func (b *tttBuild) retro(me, opp uint64, next *tttLevel) (solve.Outcome, bool) {
	best := solve.Outcome{Result: solve.Loss, Plies: -1}
	empty := b.board.Full() &^ (me | opp)
	for e := empty; e != 0; e &= e - 1 {
		c := bits.TrailingZeros64(e)
		if b.board.Completes(me, c) {
			return solve.Outcome{Result: solve.Win, Plies: 1}, true
		}
		ca, cb, _ := b.board.Canonical(opp, me|1<<c)
		i := next.index.Find(Rank(ca, cb))
		if i < 0 {
			return solve.Outcome{}, false
		}
		o := solve.Unpack(uint32(next.values[i])).Parent()
		if best.Plies < 0 || o.Better(best) {
			best = o
		}
	}
	if best.Plies < 0 {
		return solve.Outcome{Result: solve.Draw}, true
	}
	return best, true
}

// position rebuilds a position from the mover's and the other side's
// stones at a ply.
func position(b *rules.Board, ply int, me, opp uint64) rules.Position {
	if ply%2 == 0 {
		return rules.Position{B: b, X: me, O: opp}
	}
	return rules.Position{B: b, X: opp, O: me}
}
