package build

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/games/domineering"
	"github.com/tablebase/tablebase/internal/region"
	"github.com/tablebase/tablebase/tablebase"
)

// Options configures a build.
type Options struct {
	Path     string
	Workers  int       // goroutines solving positions; 0 means one per CPU
	Progress io.Writer // where to draw progress; nil for none
	// ChunkSize is the number of positions committed in one transaction
	// (0: 4096). It fixes the file's layout, so it is part of the build.
	ChunkSize int
	// StopAfter, when positive, stops the build after that many chunks
	// have been committed in this run, as a kill would (for tests).
	StopAfter int
}

// Summary reports what a build did.
type Summary struct {
	Positions int64         // positions stored in the file
	Solved    int64         // positions solved by this run
	Values    int64         // distinct canonical forms in the file
	Elapsed   time.Duration // time of this run
	FileBytes int64
	Complete  bool
}

// ErrStopped is returned when a build stops early on request.
var ErrStopped = fmt.Errorf("build stopped before the end; run it again to resume")

// Domineering builds the values of every connected region of at most
// maxCells cells for the variant into opts.Path.
func Domineering(ctx context.Context, v domineering.Variant, maxCells int, opts Options) (Summary, error) {
	if maxCells < 1 || maxCells > MaxRegionCells {
		return Summary{}, fmt.Errorf("--max-cells must be between 1 and %d, not %d", MaxRegionCells, maxCells)
	}
	opts = opts.withDefaults()
	start := time.Now()
	f, err := tablebase.Create(opts.Path, tablebase.Meta{
		Game:   v.Name(),
		Params: map[string]string{"max-cells": strconv.Itoa(maxCells), "chunk": strconv.Itoa(opts.ChunkSize)},
		KeyLen: canon.KeyLen,
	})
	if err != nil {
		return Summary{}, err
	}
	defer f.Close()
	b := &regionBuilder{f: f, v: v, u: cgt.NewUniverse(22), run: newRunner(f, opts), known: map[canon.Key]cgt.ID{}}
	if err := b.load(); err != nil {
		return Summary{}, err
	}
	levels := Regions(maxCells)
	var total int64
	for _, l := range levels {
		total += int64(len(l))
	}
	b.run.progress = NewProgress(opts.Progress, total)
	b.run.progress.Add(int64(len(b.known)))
	sum := Summary{}
	for n := 1; n <= maxCells; n++ {
		solved, err := b.level(ctx, n, levels[n])
		sum.Solved += solved
		if err != nil {
			b.run.progress.Finish()
			return summarize(f, sum, start), err
		}
	}
	b.run.progress.Finish()
	err = b.run.finish()
	return summarize(f, sum, start), err
}

type regionBuilder struct {
	f     *tablebase.File
	v     domineering.Variant
	u     *cgt.Universe
	run   *runner
	known map[canon.Key]cgt.ID // values of every stored region
	in    *tablebase.Interner
}

// summarize completes a run's summary from the file.
func summarize(f *tablebase.File, s Summary, start time.Time) Summary {
	m := f.Meta()
	s.Positions, s.Values, s.Complete = m.Positions, m.Games, m.Complete
	s.Elapsed = time.Since(start)
	s.FileBytes, _ = f.Size()
	return s
}

// load reads what an earlier run committed: the games table, in order,
// and every stored region's value.
func (b *regionBuilder) load() error {
	vals := tablebase.NewValues(b.f, b.u)
	games := make([]cgt.ID, b.f.Meta().Games)
	for i := range games {
		g, err := vals.Resolve(uint32(i))
		if err != nil {
			return err
		}
		games[i] = g
	}
	b.in = tablebase.NewInterner(b.u, games)
	return b.f.ForEach(func(e tablebase.Entry) error {
		k, ok := canon.ParseKey(e.Key)
		if !ok || int(e.Value) >= len(games) {
			return fmt.Errorf("%s: bad entry %x", b.f.Path(), e.Key)
		}
		b.known[k] = games[e.Value]
		return nil
	})
}

// component is the value of a smaller region, from the table.
func (b *regionBuilder) component(c region.Region) cgt.ID {
	key, sym := canon.Canonical(c)
	v, ok := b.known[key]
	if !ok {
		panic(fmt.Sprintf("build: region %s solved before its option %s", c, key.Region()))
	}
	if sym.Negates() {
		v = b.u.Neg(v)
	}
	return v
}

// level solves and commits the chunks of one level not yet done.
func (b *regionBuilder) level(ctx context.Context, n int, keys []canon.Key) (int64, error) {
	levelValues := map[canon.Key]cgt.ID{}
	solved, err := b.run.run(ctx, level{
		index: n,
		n:     len(keys),
		solve: func(i int) uint32 {
			return uint32(domineering.ComponentValue(b.u, b.v, keys[i].Region(), b.component))
		},
		commit: func(tx *tablebase.Tx, lo, hi int, results []uint32) error {
			entries := make([]tablebase.Entry, hi-lo)
			for i := range entries {
				entries[i] = tablebase.Entry{Key: keys[lo+i].Bytes(), Value: b.in.ID(cgt.ID(results[i]))}
			}
			first, games := b.in.Take()
			if err := tx.AppendGames(first, games); err != nil {
				return err
			}
			return tx.PutEntries(entries)
		},
	}, func(lo, hi int, results []uint32) {
		for i := lo; i < hi; i++ {
			levelValues[keys[i]] = cgt.ID(results[i-lo])
		}
	})
	if err != nil {
		return solved, err
	}
	// The level's values join the table only now: while it was solved, the
	// workers read the table, and a level needs only the levels below.
	for k, v := range levelValues {
		b.known[k] = v
	}
	return solved, nil
}
