package qubic

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"
	"time"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games/ttt3d/rules"
	"github.com/tablebase/tablebase/internal/extsort"
	"github.com/tablebase/tablebase/tablebase"
)

// BuildQubic looks for a first-player win on the 4x4x4 board from the
// position from (x to move or o to move, with or without blocked cells)
// by proof-number search with threat chains on all cores (ProveParallel)
// on the board restricted to the cells not blocked, creating at most
// maxNodes proof-tree nodes. When it finds one it checks it against every
// defence and stores the strategy: for each position with x to move that
// the strategy reaches (its canonical stones on the restricted board),
// x's move (value: the cell in the canonical frame, plus 256 times the
// plies to the win under the strategy). It fails, storing nothing, when
// the win is not found. Each of o's replies proved apart is kept in the
// work directory FILE.work as it is proved, so a stopped build resumes
// without proving it again; cancelling ctx stops the build with its
// error, the replies proved so far kept.
func BuildQubic(ctx context.Context, from rules.Position, maxNodes int64, opts build.Options) (build.Summary, error) {
	start := time.Now()
	if opts.Sharded() {
		return build.Summary{}, build.ErrOneProcess
	}
	if from.B.N != 4 {
		return build.Summary{}, fmt.Errorf("the strategy build is for 4x4x4 positions")
	}
	f, err := tablebase.Create(opts.Path, tablebase.Meta{
		Game:   "ttt3d",
		Params: map[string]string{"n": "4", "from": from.String()},
		KeyLen: strategyKeyLen,
	})
	if err != nil {
		return build.Summary{}, err
	}
	defer f.Close()
	if f.Meta().Complete {
		return build.Summarize(f, build.Summary{Complete: true}, start), nil
	}
	parts := &PartFiles{Dir: opts.Path + ".work", stopAfter: opts.StopAfter}
	if err := os.MkdirAll(parts.Dir, 0o755); err != nil {
		return build.Summary{}, err
	}
	var progress func(Split)
	if opts.Progress != nil {
		progress = func(s Split) {
			fmt.Fprintf(opts.Progress, "\r%s: %s   ", time.Since(start).Round(time.Second), s.Line(from.B.N))
		}
	}
	proof, err := ProveParallel(from.Restricted(), maxNodes, ParallelOptions{
		Workers: opts.WithDefaults().Workers, Progress: progress, Parts: parts, Done: ctx.Done()})
	if opts.Progress != nil {
		fmt.Fprintln(opts.Progress)
	}
	switch {
	case err == nil && !proof.Settled && ctx.Err() != nil:
		return build.Summary{Solved: proof.Nodes, Elapsed: time.Since(start)}, ctx.Err()
	case err != nil:
		return build.Summary{Solved: proof.Nodes, Elapsed: time.Since(start)}, err
	case !proof.Settled:
		return build.Summary{Solved: proof.Nodes, Elapsed: time.Since(start)},
			fmt.Errorf("no win found for x within %d proof-tree nodes (the replies proved are kept in %s: run again to resume)", maxNodes, parts.Dir)
	case !proof.Win:
		return build.Summary{Solved: proof.Nodes, Elapsed: time.Since(start)}, fmt.Errorf("x has no win from %s", from)
	}
	entries := make([]tablebase.Entry, 0, len(proof.Strategy))
	for k, m := range proof.Strategy {
		entries = append(entries, tablebase.Entry{Key: StrategyKey(k[0], k[1]), Value: strategyValue(m)})
	}
	slices.SortFunc(entries, func(a, b tablebase.Entry) int { return bytes.Compare(a.Key, b.Key) })
	err = f.Update(func(tx *tablebase.Tx) error {
		if err := tx.PutEntries(entries); err != nil {
			return err
		}
		tx.Meta().BuildSeconds += time.Since(start).Seconds()
		tx.Meta().Complete = true
		return nil
	})
	if err == nil {
		os.RemoveAll(parts.Dir)
	}
	return build.Summarize(f, build.Summary{Solved: proof.Nodes}, start), err
}

// PartFiles keeps the strategy of each proved part in its own file of
// the work directory, named by the part's canonical position and written
// through a rename: three words per position (x's and o's canonical
// stones, and the move as strategyValue writes it).
type PartFiles struct {
	Dir string // the work directory
	// stopAfter, when positive, fails every Save after that many (as a
	// kill would, for tests).
	stopAfter int
	saved     atomic.Int64
}

func (q *PartFiles) path(p rules.Position) string {
	a, b, _ := p.B.Canonical(p.X, p.O)
	return filepath.Join(q.Dir, fmt.Sprintf("part-%016x-%016x", a, b))
}

// Load returns the strategy stored for the part, if any.
func (q *PartFiles) Load(p rules.Position) (Strategy, bool, error) {
	words, err := extsort.ReadWords(q.path(p))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	if len(words)%3 != 0 {
		return nil, false, fmt.Errorf("%s: not a strategy (%d words); delete it to prove that part again", q.path(p), len(words))
	}
	s := make(Strategy, len(words)/3)
	for i := 0; i < len(words); i += 3 {
		s[[2]uint64{words[i], words[i+1]}] = ParseStrategyValue(uint32(words[i+2]))
	}
	return s, true, nil
}

// Save stores the strategy of a part just proved.
func (q *PartFiles) Save(p rules.Position, s Strategy) error {
	if n := q.saved.Add(1); q.stopAfter > 0 && n > int64(q.stopAfter) {
		return build.ErrStopped
	}
	words := make([]uint64, 0, 3*len(s))
	for k, m := range s {
		words = append(words, k[0], k[1], uint64(strategyValue(m)))
	}
	return extsort.WriteWords(q.path(p), words)
}
