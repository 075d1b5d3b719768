package query

import (
	"context"
	"errors"
	"math/rand/v2"
	"path/filepath"
	"sync"
	"testing"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games/domineering"
	"github.com/tablebase/tablebase/internal/region"
)

// TestFileAnswersMatchSolver queries random positions concurrently from a
// 9-cell tablebase and from a querier with no file, and compares.
func TestFileAnswersMatchSolver(t *testing.T) {
	for _, v := range []domineering.Variant{domineering.Plain, domineering.XT} {
		path := filepath.Join(t.TempDir(), "t.db")
		if _, err := build.Domineering(context.Background(), v, 9, build.Options{Path: path}); err != nil {
			t.Fatal(err)
		}
		fromFile := openFile(t, path).Querier.(*Domineering)
		solverOnly, _ := NewDomineering(v, nil)
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
					a := fromFile.Query(pos, Options{Explicit: true})
					b := solverOnly.Query(pos, Options{Explicit: true})
					if a.Error != "" || a.Value != b.Value || a.Explicit != b.Explicit || a.Outcome != b.Outcome || b.Source != FromSolver {
						t.Errorf("%s %s: file %+v, solver %+v", v.Name(), pos, a, b)
						return
					}
					// Every component of at most 9 cells comes from the file.
					small := true
					for _, c := range r.Components(nil) {
						small = small && c.Cells() <= 9
					}
					if small != (a.Source == FromTablebase) {
						t.Errorf("%s: source %s", pos, a.Source)
					}
					if _, _, err := fromFile.Value(r, Options{NoSolve: true}); small != (err == nil) || err != nil && !errors.Is(err, ErrNotStored) {
						t.Errorf("%s with NoSolve: %v", pos, err)
					}
				}
			}()
		}
		wg.Wait()
	}
}

// openFile opens a tablebase a test built, through Open, and closes it
// when the test ends.
func openFile(tb testing.TB, path string) *Tablebase {
	tb.Helper()
	t, err := Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { t.Close() })
	return t
}
