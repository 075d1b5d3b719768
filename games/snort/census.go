package snort

import (
	"fmt"
	"strconv"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/tablebase"
	"github.com/tablebase/tablebase/tablebase/census"
	"github.com/tablebase/tablebase/tablebase/forms"
)

// EachValue calls fn with every group f stores, level by level (cells),
// with its value (tb stats).
func (g game) EachValue(f *tablebase.File, u *cgt.Universe, fn func(level int, pos fmt.Stringer, v cgt.ID) error) error {
	m := f.Meta()
	maxCells, err := strconv.Atoi(m.Params["max-cells"])
	if m.Game != g.Name() || err != nil || maxCells < 1 || maxCells > MaxBuildCells {
		return fmt.Errorf("%s is not a %s file", f.Path(), g.Name())
	}
	if err := f.UseLayout(Layout); err != nil {
		return err
	}
	values := forms.NewReader(f, u)
	shapes := build.Regions(maxCells)
	for n := 1; n <= maxCells; n++ {
		level := Level(shapes[n])
		err := census.Each(f, len(level), func(i int) []byte { return level[i].Bytes() }, func(i int) error {
			return fmt.Errorf("%s lacks group %s: an unfinished build?", f.Path(), level[i].State())
		}, func(i int, id uint32) error {
			v, err := values.Resolve(id)
			if err != nil {
				return err
			}
			return fn(n, level[i].State(), v)
		})
		if err != nil {
			return err
		}
	}
	return nil
}
