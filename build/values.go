package build

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/tablebase"
	"github.com/tablebase/tablebase/tablebase/forms"
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
	// length of a key's Bytes). The first byte of a key's Bytes is its
	// level.
	Meta tablebase.Meta
	// Levels is the number of levels, 0 to Levels-1.
	Levels int
	// Level returns the keys of level n, sorted by Bytes, given those of
	// level n-1 (nil for level 0). The build asks for each level once, in
	// order, and holds at most two levels' keys at a time.
	Level func(n int, below []K) []K
	// Reach is how far down the levels a move goes at least: the options
	// of a component of level n lie in levels n-Reach and below (0 is
	// taken as 1). The values of a level are held in memory only if a
	// level above needs them.
	Reach int
	// ParseKey reads a stored key back, for a build that resumes.
	ParseKey func([]byte) (K, bool)
	// Solve computes the value of the component k in u from its options;
	// value gives the value of the canonical key of any component of a
	// lower level.
	Solve func(u *cgt.Universe, k K, value func(K) cgt.ID) cgt.ID
	// Impartial stores nim-values instead of IDs into a games table.
	Impartial bool
	// Layout, when not nil, seals each level into a compact level once it
	// is stored.
	Layout *tablebase.Layout
	// Grow names the parameters of Meta whose larger value only adds
	// levels (max-cells): a file built with a smaller one is grown, its
	// levels kept, to the file a build from nothing makes.
	Grow []string
}

// BuildValues builds v into opts.Path, resuming what an earlier run of the
// same build committed there, or growing a file of a smaller build
// (Values.Grow). Each value is stored as an ID into the
// file's games table (interned in first-seen order, so that the file is
// the same however often the build was stopped), or as a nim-value.
func BuildValues[K Key](ctx context.Context, v Values[K], opts Options) (Summary, error) {
	opts = opts.WithDefaults()
	start := time.Now()
	f, err := tablebase.Create(opts.Path, v.Meta, v.Grow...)
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
	if b.Reach < 1 {
		b.Reach = 1
	}
	if err := b.load(); err != nil {
		return Summary{}, err
	}
	// The levels' sizes come one by one: the progress line spans a level.
	defer b.run.Track(0, 0).Finish()
	var sum Summary
	var keys []K
	for n := range v.Levels {
		if err := ctx.Err(); err != nil {
			return Summarize(f, sum, start), err
		}
		keys = v.Level(n, keys)
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
	known map[K]cgt.ID    // values of the stored components needed
	in    *forms.Interner // the games table
	games []cgt.ID        // the games table when last read
}

// load reads what an earlier run committed: the games table, in order,
// and the values of the stored components that a level above needs (those
// of compact levels are looked up as their levels come, by level).
func (b *valueBuild[K]) load() error {
	vals := forms.NewReader(b.f, b.u)
	b.games = make([]cgt.ID, b.f.Meta().Games)
	for i := range b.games {
		g, err := vals.Resolve(uint32(i))
		if err != nil {
			return err
		}
		b.games[i] = g
	}
	b.in = forms.NewInterner(b.u, b.games)
	return b.f.ForEach(func(e tablebase.Entry) error {
		k, ok := b.ParseKey(e.Key)
		if !ok {
			return fmt.Errorf("%s: bad entry %x", b.f.Path(), e.Key)
		}
		if !b.needed(int(e.Key[0])) {
			return nil
		}
		return b.add(k, e.Value)
	})
}

// needed reports whether a level above level n reads its values.
func (b *valueBuild[K]) needed(n int) bool { return n+b.Reach < b.Levels }

// add enters the stored value v of component k into the known values.
func (b *valueBuild[K]) add(k K, v uint32) error {
	switch {
	case !b.Impartial && int(v) >= len(b.games):
		return fmt.Errorf("%s: bad entry %x", b.f.Path(), k.Bytes())
	case b.Impartial:
		b.known[k] = b.u.Nim(int(v))
	default:
		b.known[k] = b.games[v]
	}
	return nil
}

// loadCompact looks up the values of the keys of a level sealed by an
// earlier run (its games are all in the table load read).
func (b *valueBuild[K]) loadCompact(keys []K) error {
	for _, k := range keys {
		v, ok, err := b.f.Lookup(k.Bytes())
		if err != nil || !ok {
			return fmt.Errorf("%s: compact level lacks %x (%v)", b.f.Path(), k.Bytes(), err)
		}
		if err := b.add(k, v); err != nil {
			return err
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
	resolvers := map[*tablebase.File]*forms.Reader{}
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
			resolvers[f] = forms.NewReader(f, b.u)
		}
		g, err := resolvers[f].Resolve(v)
		return uint32(g), err
	}
}

// level solves and commits the chunks of one level not yet done, and
// seals it; a level already sealed only has its values read, if needed.
func (b *valueBuild[K]) level(ctx context.Context, n int, keys []K) (int64, error) {
	if len(keys) > 0 && slices.Contains(b.f.Meta().Compact, int(keys[0].Bytes()[0])) {
		if b.needed(n) {
			return 0, b.loadCompact(keys)
		}
		return 0, nil
	}
	// The level's values solved in this run, if a level above needs them.
	var values []cgt.ID
	var solvedNow []bool
	var after func(lo, hi int, results []uint32)
	if b.needed(n) {
		values, solvedNow = make([]cgt.ID, len(keys)), make([]bool, len(keys))
		after = func(lo, hi int, results []uint32) {
			for i := lo; i < hi; i++ {
				values[i], solvedNow[i] = cgt.ID(results[i-lo]), true
			}
		}
	}
	value := b.value // one method value for the level, not one a position
	lv := Level{
		Index:  n,
		Name:   fmt.Sprintf("level %d/%d", n, b.Levels-1),
		N:      len(keys),
		Solve:  func(i int) uint32 { return uint32(b.Solve(b.u, keys[i], value)) },
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
	}
	solved, err := b.run.Run(ctx, lv, after)
	if err != nil {
		return solved, err
	}
	if b.Layout != nil && len(keys) > 0 {
		if err := b.f.Update(func(tx *tablebase.Tx) error { return tx.Seal(ctx, int(keys[0].Bytes()[0]), *b.Layout) }); err != nil {
			return solved, err
		}
	}
	// The level's values join the table only now: while it was solved, the
	// workers read the table, and a level needs only the levels below. The
	// values an earlier run committed were read by load.
	for i, v := range values {
		if solvedNow[i] {
			b.known[keys[i]] = v
		}
	}
	return solved, nil
}
