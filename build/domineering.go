package build

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"sync"
	"time"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/domineering"
	"github.com/tablebase/tablebase/region"
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
	if opts.ChunkSize <= 0 {
		opts.ChunkSize = 4096
	}
	if opts.Workers <= 0 {
		opts.Workers = runtime.GOMAXPROCS(0)
	}
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
	b := &regionBuilder{f: f, v: v, u: cgt.NewUniverse(22), opts: opts, known: map[canon.Key]cgt.ID{}}
	if err := b.load(); err != nil {
		return Summary{}, err
	}
	levels := Regions(maxCells)
	var total int64
	for _, l := range levels {
		total += int64(len(l))
	}
	b.progress = NewProgress(opts.Progress, total)
	b.progress.Add(int64(len(b.known)))
	sum := Summary{}
	for n := 1; n <= maxCells; n++ {
		solved, err := b.level(ctx, n, levels[n])
		sum.Solved += solved
		if err != nil {
			b.progress.Finish()
			return b.summary(sum, start), err
		}
	}
	b.progress.Finish()
	if !f.Meta().Complete {
		err = f.Update(func(tx *tablebase.Tx) error {
			m := tx.Meta()
			m.Complete = true
			m.BuildSeconds += time.Since(start).Seconds()
			return nil
		})
	}
	return b.summary(sum, start), err
}

type regionBuilder struct {
	f        *tablebase.File
	v        domineering.Variant
	u        *cgt.Universe
	opts     Options
	known    map[canon.Key]cgt.ID // values of every stored region
	in       *tablebase.Interner
	progress *Progress
	commits  int
}

func (b *regionBuilder) summary(s Summary, start time.Time) Summary {
	m := b.f.Meta()
	s.Positions, s.Values, s.Complete = m.Positions, m.Games, m.Complete
	s.Elapsed = time.Since(start)
	s.FileBytes, _ = b.f.Size()
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

type chunkResult struct {
	index  int
	values []cgt.ID
}

// level solves and commits the chunks of one level not yet done.
func (b *regionBuilder) level(ctx context.Context, n int, keys []canon.Key) (int64, error) {
	done, err := b.f.Done(n)
	if err != nil {
		return 0, err
	}
	size := b.opts.ChunkSize
	var todo []int
	for c := 0; c*size < len(keys); c++ {
		if !done.Contains(uint32(c)) {
			todo = append(todo, c)
		}
	}
	if len(todo) == 0 {
		return 0, nil
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan int)
	results := make(chan chunkResult, b.opts.Workers)
	var wg sync.WaitGroup
	for range b.opts.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range jobs {
				part := keys[c*size : min((c+1)*size, len(keys))]
				vals := make([]cgt.ID, len(part))
				for i, k := range part {
					vals[i] = domineering.ComponentValue(b.u, b.v, k.Region(), b.component)
				}
				select {
				case results <- chunkResult{c, vals}:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for _, c := range todo {
			select {
			case jobs <- c:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()

	// Commit chunks in order, so that the games table is numbered the same
	// way however often the build was interrupted.
	pending := map[int][]cgt.ID{}
	levelValues := map[canon.Key]cgt.ID{}
	var solved int64
	next := 0
	for res := range results {
		pending[res.index] = res.values
		for next < len(todo) && pending[todo[next]] != nil {
			c := todo[next]
			vals := pending[c]
			delete(pending, c)
			part := keys[c*size : min((c+1)*size, len(keys))]
			if err := b.commit(n, c, part, vals); err != nil {
				return solved, err
			}
			for i, k := range part {
				levelValues[k] = vals[i]
			}
			solved += int64(len(part))
			b.progress.Add(int64(len(part)))
			next++
			b.commits++
			if b.opts.StopAfter > 0 && b.commits >= b.opts.StopAfter {
				return solved, ErrStopped
			}
			if ctx.Err() != nil {
				return solved, ctx.Err()
			}
		}
	}
	if err := ctx.Err(); err != nil {
		return solved, err
	}
	for k, v := range levelValues {
		b.known[k] = v
	}
	return solved, nil
}

// commit stores one chunk, its new games and its done-mark atomically.
func (b *regionBuilder) commit(level, chunk int, keys []canon.Key, vals []cgt.ID) error {
	entries := make([]tablebase.Entry, len(keys))
	for i, k := range keys {
		entries[i] = tablebase.Entry{Key: k.Bytes(), Value: b.in.ID(vals[i])}
	}
	first, games := b.in.Take()
	return b.f.Update(func(tx *tablebase.Tx) error {
		if err := tx.AppendGames(first, games); err != nil {
			return err
		}
		if err := tx.PutEntries(entries); err != nil {
			return err
		}
		return tx.MarkDone(level, uint32(chunk))
	})
}
