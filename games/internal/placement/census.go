package placement

import (
	"fmt"
	"strconv"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/tablebase"
	"github.com/tablebase/tablebase/tablebase/census"
	"github.com/tablebase/tablebase/tablebase/forms"
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
	values := forms.NewReader(f, u)
	var level []canon.Key
	for n := 1; n <= maxCells; n++ {
		level = build.GrowRegions(n, level)
		err := census.Each(f, len(level), func(i int) []byte { return level[i].Bytes() }, func(i int) error {
			return fmt.Errorf("%s lacks region %s: an unfinished build?", f.Path(), level[i].Region())
		}, func(i int, id uint32) error {
			if g.Impartial() {
				return fn(n, level[i].Region(), u.Nim(int(id)))
			}
			v, err := values.Resolve(id)
			if err != nil {
				return err
			}
			return fn(n, level[i].Region(), v)
		})
		if err != nil {
			return err
		}
	}
	return nil
}
