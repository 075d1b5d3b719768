package clobber

import (
	"fmt"
	"strconv"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/tablebase"
)

// EachValue calls fn with every group f stores, level by level (stones),
// each written in Clobber's notation with its value (tb stats).
func (game) EachValue(f *tablebase.File, u *cgt.Universe, fn func(level int, pos string, v cgt.ID) error) error {
	m := f.Meta()
	maxStones, err := strconv.Atoi(m.Params["max-cells"])
	if m.Game != "clobber" || err != nil || maxStones < 1 || maxStones > MaxBuildStones {
		return fmt.Errorf("%s is not a clobber file", f.Path())
	}
	if err := f.UseLayout(Layout); err != nil {
		return err
	}
	values := tablebase.NewValues(f, u)
	for n, level := range Groups(maxStones) {
		for _, k := range level {
			v, ok, err := values.Lookup(k.Bytes())
			if err != nil {
				return err
			}
			if !ok {
				return fmt.Errorf("%s lacks group %s: an unfinished build?", f.Path(), k.Position())
			}
			if err := fn(n, k.Position().String(), v); err != nil {
				return err
			}
		}
	}
	return nil
}
