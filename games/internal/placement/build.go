package placement

import (
	"context"
	"fmt"
	"strconv"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/games/internal/parts"
	"github.com/tablebase/tablebase/tablebase"
)

// Build stores the value of every connected region of at most maxCells
// cells into opts.Path, each once per symmetry class: an ID into the
// file's games table, or for an impartial game its nim-value. A file of a
// smaller maxCells is grown.
func Build(ctx context.Context, rules Rules, maxCells int, opts build.Options) (build.Summary, error) {
	if maxCells < 1 || maxCells > build.MaxRegionCells {
		return build.Summary{}, build.Usagef("--max-cells must be between 1 and %d, not %d", build.MaxRegionCells, maxCells)
	}
	opts = opts.WithDefaults()
	pr := PartRules(rules)
	sum, err := build.BuildValues(ctx, build.Values[canon.Key]{
		Meta: tablebase.Meta{
			Game:   rules.Name(),
			Params: map[string]string{"max-cells": strconv.Itoa(maxCells), "chunk": strconv.Itoa(opts.ChunkSize)},
			KeyLen: canon.KeyLen,
		},
		Levels:   maxCells + 1,
		Level:    build.GrowRegions,
		Reach:    rules.MinCover(),
		ParseKey: canon.ParseKey,
		Solve: func(u *cgt.Universe, k canon.Key, value func(canon.Key) cgt.ID) cgt.ID {
			return parts.Value(u, pr, k.Region(), parts.Keyed(u, pr, value))
		},
		Impartial: rules.Impartial(),
		Layout:    &Layout,
		Grow:      []string{"max-cells"},
	}, opts)
	sum.What = fmt.Sprintf("%s max-cells %d", rules.Name(), maxCells)
	return sum, err
}
