package clobber

import (
	"fmt"
	"strconv"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/internal/census"
	"github.com/tablebase/tablebase/tablebase"
)

// EachValue calls fn with every group f stores, level by level (stones),
// with its value (tb stats).
func (game) EachValue(f *tablebase.File, u *cgt.Universe, fn func(level int, pos fmt.Stringer, v cgt.ID) error) error {
	m := f.Meta()
	maxStones, err := strconv.Atoi(m.Params["max-cells"])
	if m.Game != "clobber" || err != nil || maxStones < 1 || maxStones > MaxBuildStones {
		return fmt.Errorf("%s is not a clobber file", f.Path())
	}
	if err := f.UseLayout(Layout); err != nil {
		return err
	}
	values := tablebase.NewValues(f, u)
	ids := make([]uint32, census.Batch)
	for n, level := range Groups(maxStones) {
		for lo := 0; lo < len(level); lo += census.Batch {
			keys := level[lo:min(lo+census.Batch, len(level))]
			err := census.Lookup(f, ids[:len(keys)], func(i int) []byte { return keys[i].Bytes() }, func(i int) error {
				return fmt.Errorf("%s lacks group %s: an unfinished build?", f.Path(), keys[i].Position())
			})
			if err != nil {
				return err
			}
			for i, k := range keys {
				v, err := values.Resolve(ids[i])
				if err != nil {
					return err
				}
				if err := fn(n, k.Position(), v); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
