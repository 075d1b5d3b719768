package domineering

import (
	"context"
	"errors"
	"math/rand/v2"
	"path/filepath"
	"sync"
	"testing"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games/gametest"
	"github.com/tablebase/tablebase/games/internal/placement"
	"github.com/tablebase/tablebase/internal/region"
	"github.com/tablebase/tablebase/query"
)

// TestFileAnswersMatchSolver queries random positions concurrently from a
// 9-cell tablebase and from a querier with no file, and compares.
func TestFileAnswersMatchSolver(t *testing.T) {
	for _, v := range []Variant{Plain, XT} {
		path := filepath.Join(t.TempDir(), "t.db")
		if _, err := placement.Build(context.Background(), v, 9, build.Options{Path: path}); err != nil {
			t.Fatal(err)
		}
		fromFile := gametest.Open(t, path, v).(*Querier)
		solverOnly, _ := NewQuerier(v, nil, nil)
		var wg sync.WaitGroup
		for w := range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rng := rand.New(rand.NewPCG(uint64(w), 5))
				for range 150 {
					r := region.Region{H: 4, W: 4, Bits: rng.Uint64() & rng.Uint64() & 0xffff}
					if r.Bits == 0 {
						continue
					}
					pos := r.String()
					a := fromFile.Query(context.Background(), pos, query.Options{Explicit: true})
					b := solverOnly.Query(context.Background(), pos, query.Options{Explicit: true})
					if a.Error != "" || a.Value != b.Value || a.Explicit != b.Explicit || a.Outcome != b.Outcome || b.Source != query.FromSolver {
						t.Errorf("%s %s: file %+v, solver %+v", v.Name(), pos, a, b)
						return
					}
					// Every component of at most 9 cells comes from the file.
					small := true
					for _, c := range r.Components(nil) {
						small = small && c.Cells() <= 9
					}
					if small != (a.Source == query.FromTablebase) {
						t.Errorf("%s: source %s", pos, a.Source)
					}
					if _, _, err := fromFile.Value(context.Background(), r, query.Options{NoSolve: true}); small != (err == nil) || err != nil && !errors.Is(err, query.ErrNotStored) {
						t.Errorf("%s with NoSolve: %v", pos, err)
					}
				}
			}()
		}
		wg.Wait()
	}
}
