package placement

import (
	"fmt"
	"strconv"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/internal/census"
	"github.com/tablebase/tablebase/tablebase"
)

// EachValue calls fn with every region f stores, level by level (cells),
// with its value (tb stats).
func (g Game) EachValue(f *tablebase.File, u *cgt.Universe, fn func(level int, pos fmt.Stringer, v cgt.ID) error) error {
	m := f.Meta()
	maxCells, err := strconv.Atoi(m.Params["max-cells"])
	if m.Game != g.Name() || err != nil || maxCells < 1 || maxCells > build.MaxRegionCells {
		return fmt.Errorf("%s is not a %s region file", f.Path(), g.Name())
	}
	if err := f.UseLayout(Layout); err != nil {
		return err
	}
	values := tablebase.NewValues(f, u)
	ids := make([]uint32, census.Batch)
	var level []canon.Key
	for n := 1; n <= maxCells; n++ {
		level = build.GrowRegions(n, level)
		for lo := 0; lo < len(level); lo += census.Batch {
			keys := level[lo:min(lo+census.Batch, len(level))]
			err := census.Lookup(f, ids[:len(keys)], func(i int) []byte { return keys[i].Bytes() }, func(i int) error {
				return fmt.Errorf("%s lacks region %s: an unfinished build?", f.Path(), keys[i].Region())
			})
			if err != nil {
				return err
			}
			for i, k := range keys {
				var v cgt.ID
				if g.Impartial() {
					v = u.Nim(int(ids[i]))
				} else if v, err = values.Resolve(ids[i]); err != nil {
					return err
				}
				if err := fn(n, k.Region(), v); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
