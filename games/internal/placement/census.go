package placement

import (
	"fmt"
	"strconv"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/tablebase"
)

// EachValue calls fn with every region f stores, level by level (cells),
// each written in the game's notation with its value (tb stats).
func (g Game) EachValue(f *tablebase.File, u *cgt.Universe, fn func(level int, pos string, v cgt.ID) error) error {
	m := f.Meta()
	maxCells, err := strconv.Atoi(m.Params["max-cells"])
	if m.Game != g.Name() || err != nil || maxCells < 1 || maxCells > build.MaxRegionCells {
		return fmt.Errorf("%s is not a %s region file", f.Path(), g.Name())
	}
	if err := f.UseLayout(Layout); err != nil {
		return err
	}
	values := tablebase.NewValues(f, u)
	var level []canon.Key
	for n := 1; n <= maxCells; n++ {
		level = build.GrowRegions(n, level)
		for _, k := range level {
			var v cgt.ID
			var ok bool
			if g.Impartial() {
				var nim uint32
				nim, ok, err = f.Lookup(k.Bytes())
				v = u.Nim(int(nim))
			} else {
				v, ok, err = values.Lookup(k.Bytes())
			}
			if err != nil {
				return err
			}
			if !ok {
				return fmt.Errorf("%s lacks region %s: an unfinished build?", f.Path(), k.Region())
			}
			if err := fn(n, k.Region().String(), v); err != nil {
				return err
			}
		}
	}
	return nil
}
