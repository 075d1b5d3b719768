package konane

import (
	"fmt"
	"strconv"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/tablebase"
	"github.com/tablebase/tablebase/tablebase/census"
	"github.com/tablebase/tablebase/tablebase/forms"
)

// EachValue calls fn with every part f stores, level by level (stones),
// with its value (tb stats).
func (game) EachValue(f *tablebase.File, u *cgt.Universe, fn func(level int, pos fmt.Stringer, v cgt.ID) error) error {
	m := f.Meta()
	maxCells, err := strconv.Atoi(m.Params["max-cells"])
	if m.Game != "konane" || err != nil || maxCells < 1 || maxCells > MaxBuildCells {
		return fmt.Errorf("%s is not a konane file", f.Path())
	}
	if err := f.UseLayout(Layout); err != nil {
		return err
	}
	values := forms.NewReader(f, u)
	for n, level := range Levels(maxCells) {
		err := census.Each(f, len(level), func(i int) []byte { return level[i].Bytes() }, func(i int) error {
			return fmt.Errorf("%s lacks part %s: an unfinished build?", f.Path(), level[i].Position())
		}, func(i int, id uint32) error {
			v, err := values.Resolve(id)
			if err != nil {
				return err
			}
			return fn(n, level[i].Position(), v)
		})
		if err != nil {
			return err
		}
	}
	return nil
}
