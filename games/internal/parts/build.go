package parts

import (
	"context"
	"fmt"
	"strconv"
	"sync"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/tablebase"
	"github.com/tablebase/tablebase/tablebase/census"
	"github.com/tablebase/tablebase/tablebase/forms"
)

// Build stores the value of every part of a build of maxCells (the keys
// of s.Levels(maxCells), level 0 to maxCells), once per key, as an ID
// into the file's games table. With s.Grows a file of a smaller maxCells
// is grown.
func Build[P any, K build.Key](ctx context.Context, rules Rules[P, K], s Store[P, K], maxCells int, opts build.Options) (build.Summary, error) {
	if s.Levels == nil {
		return build.Summary{}, build.Usagef("%s has no build: positions are solved in memory", s.Game)
	}
	if maxCells < 1 || maxCells > s.MaxCells {
		return build.Summary{}, build.Usagef("--max-cells must be between 1 and %d, not %d", s.MaxCells, maxCells)
	}
	opts = opts.WithDefaults()
	var grow []string
	if s.Grows {
		grow = []string{"max-cells"}
	}
	levels := s.Levels(maxCells)
	layout := s.Layout
	var memo *sync.Map // the values of the parts of the level being built
	sum, err := build.BuildValues(ctx, build.Values[K]{
		Meta: tablebase.Meta{
			Game:   s.Game,
			Params: map[string]string{"max-cells": strconv.Itoa(maxCells), "chunk": strconv.Itoa(opts.ChunkSize)},
			KeyLen: s.KeyLen,
		},
		Levels: maxCells + 1,
		Level: func(n int, _ []K) []K {
			memo = &sync.Map{}
			return levels(n)
		},
		Reach:    1,
		ParseKey: s.ParseKey,
		Solve: func(u *cgt.Universe, k K, value func(K) cgt.ID) cgt.ID {
			if s.SameLevel == nil {
				return Value(u, rules, rules.Part(k), Keyed(u, rules, value))
			}
			return withinLevel(u, rules, s.SameLevel, memo, k, value)
		},
		Layout: &layout,
		Grow:   grow,
	}, opts)
	sum.What = fmt.Sprintf("%s max-cells %d", s.Game, maxCells)
	return sum, err
}

// withinLevel returns the value of part k: its options' parts of lower
// levels come from value, those of k's own level (sameLevel) from memo or
// valued here and kept there. memo is safe for concurrent use.
func withinLevel[P any, K comparable](u *cgt.Universe, rules Rules[P, K], sameLevel func(option, k K) bool, memo *sync.Map, k K, value func(K) cgt.ID) cgt.ID {
	return Value(u, rules, rules.Part(k), Keyed(u, rules, func(key K) cgt.ID {
		if !sameLevel(key, k) {
			return value(key)
		}
		if got, ok := memo.Load(key); ok {
			return got.(cgt.ID)
		}
		v := withinLevel(u, rules, sameLevel, memo, key, value)
		memo.Store(key, v)
		return v
	}))
}

// EachValue calls fn with every part a file of s's build stores, level
// by level, with its value (a game's census, tb stats).
func EachValue[P fmt.Stringer, K build.Key](rules Rules[P, K], s Store[P, K], f *tablebase.File, u *cgt.Universe, fn func(level int, pos fmt.Stringer, v cgt.ID) error) error {
	m := f.Meta()
	maxCells, err := strconv.Atoi(m.Params["max-cells"])
	if m.Game != s.Game || s.Levels == nil || err != nil || maxCells < 1 || maxCells > s.MaxCells {
		return fmt.Errorf("%s is not a %s file", f.Path(), s.Game)
	}
	if err := f.UseLayout(s.Layout); err != nil {
		return err
	}
	values := forms.NewReader(f, u)
	levels := s.Levels(maxCells)
	for n := 0; n <= maxCells; n++ {
		level := levels(n)
		err := census.Each(f, len(level), func(i int) []byte { return s.Bytes(level[i]) }, func(i int) error {
			return fmt.Errorf("%s lacks %s %s: an unfinished build?", f.Path(), s.Noun, rules.Part(level[i]))
		}, func(i int, id uint32) error {
			v, err := values.Resolve(id)
			if err != nil {
				return err
			}
			return fn(n, rules.Part(level[i]), v)
		})
		if err != nil {
			return err
		}
	}
	return nil
}
