package census

import (
	"github.com/tablebase/tablebase/internal/par"
	"github.com/tablebase/tablebase/tablebase"
)

// batch is how many classes Each looks up at a time.
const batch = 1 << 16

// Each looks up the n keys key(0) to key(n-1) in f, a batch at a time on
// all cores (for a game's EachValue, whose lookups are most of a census),
// and calls fn with each index and its stored value, in order. A key f
// lacks is the error missing(i).
func Each(f *tablebase.File, n int, key func(i int) []byte, missing func(i int) error, fn func(i int, id uint32) error) error {
	ids := make([]uint32, min(n, batch))
	errs := make([]error, par.Workers())
	for lo := 0; lo < n; lo += batch {
		ids := ids[:min(batch, n-lo)]
		par.Split(len(ids), func(w, a, b int) {
			for i := a; i < b; i++ {
				v, ok, err := f.Lookup(key(lo + i))
				if err == nil && !ok {
					err = missing(lo + i)
				}
				if err != nil {
					errs[w] = err
					return
				}
				ids[i] = v
			}
		})
		for _, err := range errs {
			if err != nil {
				return err
			}
		}
		for i, id := range ids {
			if err := fn(lo+i, id); err != nil {
				return err
			}
		}
	}
	return nil
}
