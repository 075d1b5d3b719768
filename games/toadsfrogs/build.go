package toadsfrogs

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"sync"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/games/internal/parts"
	"github.com/tablebase/tablebase/internal/par"
	"github.com/tablebase/tablebase/tablebase"
)

// MaxBuildCells is the longest part a build covers: a build of n cells
// looks at all 3^n strips of n cells.
const MaxBuildCells = 16

// DefaultBuildCells is the build's --max-cells when none is given.
const DefaultBuildCells = 12

// Build stores the value of every part of at most maxCells cells (every
// strip of that length, with every placement of toads, frogs and empty
// cells, that does not fall into smaller parts), once per mirror class,
// as an ID into the file's games table. Level n holds the parts of n
// cells. A move keeps a strip's length, so an option of a part of n cells
// may be a part of n cells again: those are valued within the level
// (memo), each with fewer moves left than the part it is an option of.
// A file of a smaller maxCells is grown.
func Build(ctx context.Context, maxCells int, opts build.Options) (build.Summary, error) {
	if maxCells < 1 || maxCells > MaxBuildCells {
		return build.Summary{}, build.Usagef("--max-cells must be between 1 and %d, not %d", MaxBuildCells, maxCells)
	}
	opts = opts.WithDefaults()
	var memo *levelMemo
	sum, err := build.BuildValues(ctx, build.Values[Key]{
		Meta: tablebase.Meta{
			Game:   "toads-and-frogs",
			Params: map[string]string{"max-cells": strconv.Itoa(maxCells), "chunk": strconv.Itoa(opts.ChunkSize)},
			KeyLen: KeyLen,
		},
		Levels: maxCells + 1,
		Level: func(n int, _ []Key) []Key {
			memo = &levelMemo{}
			return Level(n)
		},
		Reach:    1,
		ParseKey: ParseKey,
		Solve: func(u *cgt.Universe, k Key, value func(Key) cgt.ID) cgt.ID {
			return memo.solve(u, k, value)
		},
		Layout: &Layout,
		Grow:   []string{"max-cells"},
	}, opts)
	sum.What = fmt.Sprintf("toads-and-frogs max-cells %d", maxCells)
	return sum, err
}

// levelMemo holds the values of the parts of one level found while
// solving that level; it is safe for concurrent use.
type levelMemo struct{ values sync.Map }

// solve returns the value of part k of the memo's level: its options'
// parts of lower levels come from value, those of its own level from the
// memo or solved here.
func (m *levelMemo) solve(u *cgt.Universe, k Key, value func(Key) cgt.ID) cgt.ID {
	return parts.Value(u, Rules, k.Strip(), func(s Strip) cgt.ID {
		key, negated := Canonical(s)
		var v cgt.ID
		if key.N < k.N {
			v = value(key)
		} else if got, ok := m.values.Load(key); ok {
			v = got.(cgt.ID)
		} else {
			v = m.solve(u, key, value)
			m.values.Store(key, v)
		}
		if negated {
			v = u.Neg(v)
		}
		return v
	})
}

// Level returns the keys of every part of n cells, sorted by byte form:
// the strips of n cells with a piece and no frozen piece that are not
// greater than their mirror image. It looks at all 3^n strips on all
// cores.
func Level(n int) []Key {
	if n < 1 || n > MaxCells {
		return nil
	}
	all := uint64(1)<<n - 1
	runs := make([][]Key, par.Workers())
	par.Split(1<<n, func(w, lo, hi int) {
		for t := uint64(lo); t < uint64(hi); t++ {
			rest := all &^ t
			for f := rest; ; f = (f - 1) & rest {
				if s := (Strip{N: uint8(n), Toads: t, Frogs: f}); t|f != 0 && s.Frozen() == 0 {
					if k := Key(s); !Key(s.Mirror()).less(k) {
						runs[w] = append(runs[w], k)
					}
				}
				if f == 0 {
					break
				}
			}
		}
	})
	level := slices.Concat(runs...)
	slices.SortFunc(level, func(a, b Key) int {
		if a == b {
			return 0
		}
		if a.less(b) {
			return -1
		}
		return 1
	})
	return level
}

// Layout is how a file's compact levels are laid out: each level (the
// parts of n cells) split by its numbers of toads and frogs.
var Layout = tablebase.Layout{Name: "toads-and-frogs parts by toads and frogs", Part: toadsAndFrogs}

// toadsAndFrogs returns the toads << 8 | the frogs of a key.
func toadsAndFrogs(key []byte) uint32 {
	k, ok := ParseKey(key)
	if !ok {
		return 0
	}
	return uint32(bits.OnesCount64(k.Toads))<<8 | uint32(bits.OnesCount64(k.Frogs))
}
