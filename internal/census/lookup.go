package census

import (
	"github.com/tablebase/tablebase/internal/par"
	"github.com/tablebase/tablebase/tablebase"
)

// Lookup sets ids[i] to the value f stores for key(i), for every i below
// len(ids), on all cores: for a game's EachValue, whose lookups are most
// of a census. A key f lacks is the error missing(i).
func Lookup(f *tablebase.File, ids []uint32, key func(i int) []byte, missing func(i int) error) error {
	errs := make([]error, par.Workers())
	par.Split(len(ids), func(w, lo, hi int) {
		for i := lo; i < hi; i++ {
			v, ok, err := f.Lookup(key(i))
			if err == nil && !ok {
				err = missing(i)
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
	return nil
}

// Batch is how many classes a game's EachValue looks up at a time.
const Batch = 1 << 16
