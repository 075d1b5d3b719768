package build

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/tablebase"
)

// Key is a canonical key of a component of a game valued exactly.
type Key interface {
	comparable
	// Bytes is the key's stored form; keys of one level sort by it.
	Bytes() []byte
}

// Values describes a build of exact values, component by component: the
// components of each level, which need only the values of lower levels.
type Values[K Key] struct {
	// Meta names the game and the build's parameters (Meta.KeyLen the
	// length of a key's Bytes).
	Meta tablebase.Meta
	// Levels holds the keys of each level (Levels[0] first), each level
	// sorted by Bytes.
	Levels [][]K
	// ParseKey reads a stored key back, for a build that resumes.
	ParseKey func([]byte) (K, bool)
	// Solve computes the value of the component k in u from its options;
	// value gives the value of the canonical key of any component of a
	// lower level.
	Solve func(u *cgt.Universe, k K, value func(K) cgt.ID) cgt.ID
	// Impartial stores nim-values instead of IDs into a games table.
	Impartial bool
	// Layout, when not nil, seals each level into a compact level once it
	// is stored (the level of a key is its first byte: every key of a
	// level has the same).
	Layout *tablebase.Layout
}

// BuildValues builds v into opts.Path, resuming what an earlier run of the
// same build committed there. Each value is stored as an ID into the
// file's games table (interned in first-seen order, so that the file is
// the same however often the build was stopped), or as a nim-value.
func BuildValues[K Key](ctx context.Context, v Values[K], opts Options) (Summary, error) {
	opts = opts.WithDefaults()
	start := time.Now()
	f, err := tablebase.Create(opts.Path, v.Meta)
	if err != nil {
		return Summary{}, err
	}
	defer f.Close()
	if v.Layout != nil {
		if err := f.UseLayout(*v.Layout); err != nil {
			return Summary{}, err
		}
	}
	b := &valueBuild[K]{Values: v, f: f, u: cgt.NewUniverse(22), run: NewRunner(f, opts), known: map[K]cgt.ID{}}
	if err := b.load(); err != nil {
		return Summary{}, err
	}
	var total int64
	for _, l := range v.Levels {
		total += int64(len(l))
	}
	progress := b.run.Track(total, int64(len(b.known)))
	defer progress.Finish()
	var sum Summary
	for n, keys := range v.Levels {
		solved, err := b.level(ctx, n, keys)
		sum.Solved += solved
		if err != nil {
			return Summarize(f, sum, start), err
		}
	}
	err = b.run.Finish()
	return Summarize(f, sum, start), err
}

// valueBuild is one run of a build of values.
type valueBuild[K Key] struct {
	Values[K]
	f     *tablebase.File
	u     *cgt.Universe
	run   *Runner
	known map[K]cgt.ID        // values of every stored component
	in    *tablebase.Interner // the games table
}

// load reads what an earlier run committed: the games table, in order,
// and every stored component's value (from blocks, and by looking up each
// key of a compact level).
func (b *valueBuild[K]) load() error {
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
	add := func(k K, v uint32) error {
		switch {
		case !b.Impartial && int(v) >= len(games):
			return fmt.Errorf("%s: bad entry %x", b.f.Path(), k.Bytes())
		case b.Impartial:
			b.known[k] = b.u.Nim(int(v))
		default:
			b.known[k] = games[v]
		}
		return nil
	}
	err := b.f.ForEach(func(e tablebase.Entry) error {
		k, ok := b.ParseKey(e.Key)
		if !ok {
			return fmt.Errorf("%s: bad entry %x", b.f.Path(), e.Key)
		}
		return add(k, e.Value)
	})
	if err != nil {
		return err
	}
	for _, keys := range b.Levels {
		if len(keys) == 0 || !slices.Contains(b.f.Meta().Compact, int(keys[0].Bytes()[0])) {
			continue
		}
		for _, k := range keys {
			v, ok, err := b.f.Lookup(k.Bytes())
			if err != nil || !ok {
				return fmt.Errorf("%s: compact level lacks %x (%v)", b.f.Path(), k.Bytes(), err)
			}
			if err := add(k, v); err != nil {
				return err
			}
		}
	}
	return nil
}

// value is the value of a component of a lower level.
func (b *valueBuild[K]) value(k K) cgt.ID {
	v, ok := b.known[k]
	if !ok {
		panic(fmt.Sprintf("build: component %x solved before one of its options", k.Bytes()))
	}
	return v
}

// stored is the number a value is stored as.
func (b *valueBuild[K]) stored(v cgt.ID) uint32 {
	if b.Impartial {
		return uint32(b.u.Nimber(v))
	}
	return b.in.ID(v)
}

// storedIn reads the value of keys[i] back from another file of the same
// build, as Solve gives it: a canonical form of the build's universe.
func (b *valueBuild[K]) storedIn(keys []K) func(f *tablebase.File, i int) (uint32, error) {
	resolvers := map[*tablebase.File]*tablebase.Values{}
	return func(f *tablebase.File, i int) (uint32, error) {
		v, ok, err := f.Lookup(keys[i].Bytes())
		switch {
		case err != nil:
			return 0, err
		case !ok:
			return 0, fmt.Errorf("component %x is missing", keys[i].Bytes())
		case b.Impartial:
			return uint32(b.u.Nim(int(v))), nil
		}
		if resolvers[f] == nil {
			resolvers[f] = tablebase.NewValues(f, b.u)
		}
		g, err := resolvers[f].Resolve(v)
		return uint32(g), err
	}
}

// level solves and commits the chunks of one level not yet done.
func (b *valueBuild[K]) level(ctx context.Context, n int, keys []K) (int64, error) {
	levelValues := map[K]cgt.ID{}
	solved, err := b.run.Run(ctx, Level{
		Index:  n,
		N:      len(keys),
		Solve:  func(i int) uint32 { return uint32(b.Solve(b.u, keys[i], b.value)) },
		Stored: b.storedIn(keys),
		Commit: func(tx *tablebase.Tx, lo, hi int, results []uint32) error {
			entries := make([]tablebase.Entry, hi-lo)
			for i := range entries {
				entries[i] = tablebase.Entry{Key: keys[lo+i].Bytes(), Value: b.stored(cgt.ID(results[i]))}
			}
			if !b.Impartial {
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
	if b.Layout != nil && len(keys) > 0 {
		if err := b.f.Update(func(tx *tablebase.Tx) error { return tx.Seal(int(keys[0].Bytes()[0]), *b.Layout) }); err != nil {
			return solved, err
		}
	}
	// The level's values join the table only now: while it was solved, the
	// workers read the table, and a level needs only the levels below.
	for k, v := range levelValues {
		b.known[k] = v
	}
	return solved, nil
}
