package placement

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/internal/region"
	"github.com/tablebase/tablebase/tablebase"
)

// Build stores the value of every connected region of at most maxCells
// cells into opts.Path, each once per symmetry class: an ID into the
// file's games table, or for an impartial game its nim-value.
func Build(ctx context.Context, rules Rules, maxCells int, opts build.Options) (build.Summary, error) {
	if maxCells < 1 || maxCells > build.MaxRegionCells {
		return build.Summary{}, fmt.Errorf("--max-cells must be between 1 and %d, not %d", build.MaxRegionCells, maxCells)
	}
	opts = opts.WithDefaults()
	start := time.Now()
	f, err := tablebase.Create(opts.Path, tablebase.Meta{
		Game:   rules.Name(),
		Params: map[string]string{"max-cells": strconv.Itoa(maxCells), "chunk": strconv.Itoa(opts.ChunkSize)},
		KeyLen: canon.KeyLen,
	})
	if err != nil {
		return build.Summary{}, err
	}
	defer f.Close()
	b := &regionBuilder{f: f, rules: rules, u: cgt.NewUniverse(22), run: build.NewRunner(f, opts), known: map[canon.Key]cgt.ID{}}
	if err := b.load(); err != nil {
		return build.Summary{}, err
	}
	levels := build.Regions(maxCells)
	var total int64
	for _, l := range levels {
		total += int64(len(l))
	}
	progress := b.run.Track(total, int64(len(b.known)))
	sum := build.Summary{What: fmt.Sprintf("%s max-cells %d", rules.Name(), maxCells)}
	for n := 1; n <= maxCells; n++ {
		solved, err := b.level(ctx, n, levels[n])
		sum.Solved += solved
		if err != nil {
			progress.Finish()
			return build.Summarize(f, sum, start), err
		}
	}
	progress.Finish()
	err = b.run.Finish()
	return build.Summarize(f, sum, start), err
}

type regionBuilder struct {
	f     *tablebase.File
	rules Rules
	u     *cgt.Universe
	run   *build.Runner
	known map[canon.Key]cgt.ID // values of every stored region
	in    *tablebase.Interner  // the games table (partizan games)
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
		if !ok || !b.rules.Impartial() && int(e.Value) >= len(games) {
			return fmt.Errorf("%s: bad entry %x", b.f.Path(), e.Key)
		}
		b.known[k] = decode(b.rules, b.u, games, e.Value)
		return nil
	})
}

// decode returns the value a stored number stands for: a nim-value for an
// impartial game, else an index into games.
func decode(rules Rules, u *cgt.Universe, games []cgt.ID, stored uint32) cgt.ID {
	if rules.Impartial() {
		return u.Nim(int(stored))
	}
	return games[stored]
}

// component is the value of a smaller region, from the table.
func (b *regionBuilder) component(c region.Region) cgt.ID {
	key, sym := canon.Canonical(c)
	v, ok := b.known[key]
	if !ok {
		panic(fmt.Sprintf("build: region %s solved before its option %s", c, key.Region()))
	}
	if b.rules.Negates(sym) {
		v = b.u.Neg(v)
	}
	return v
}

// stored is the number a region's value is stored as.
func (b *regionBuilder) stored(v cgt.ID) uint32 {
	if b.rules.Impartial() {
		return uint32(b.u.Nimber(v))
	}
	return b.in.ID(v)
}

// level solves and commits the chunks of one level not yet done.
func (b *regionBuilder) level(ctx context.Context, n int, keys []canon.Key) (int64, error) {
	levelValues := map[canon.Key]cgt.ID{}
	solved, err := b.run.Run(ctx, build.Level{
		Index: n,
		N:     len(keys),
		Solve: func(i int) uint32 {
			return uint32(ComponentValue(b.u, b.rules, keys[i].Region(), b.component))
		},
		Commit: func(tx *tablebase.Tx, lo, hi int, results []uint32) error {
			entries := make([]tablebase.Entry, hi-lo)
			for i := range entries {
				entries[i] = tablebase.Entry{Key: keys[lo+i].Bytes(), Value: b.stored(cgt.ID(results[i]))}
			}
			if !b.rules.Impartial() {
				first, games := b.in.Take()
				if err := tx.AppendGames(first, games); err != nil {
					return err
				}
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
