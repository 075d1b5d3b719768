package query

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/tablebase"
)

// TestTTT3DFileMatchesSolver answers random 3x3x3 positions of at most 5
// stones from a tablebase of at most 6 and by search, and compares every
// field, moves included.
func TestTTT3DFileMatchesSolver(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	if _, err := build.TTT3D(context.Background(), 6, build.Options{Path: path}); err != nil {
		t.Fatal(err)
	}
	f, err := tablebase.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fromFile, err := NewTTT3D(f)
	if err != nil {
		t.Fatal(err)
	}
	solverOnly, _ := NewTTT3D(nil)
	r := rand.New(rand.NewPCG(7, 8))
	for range 200 {
		cells := []byte(strings.Repeat(".", 27))
		stones := r.IntN(6)
		for i, c := range r.Perm(27)[:stones] {
			cells[c] = "xo"[i%2]
		}
		pos := string(cells)
		a := fromFile.Query(pos, Options{NoSolve: true})
		b := solverOnly.Query(pos, Options{})
		if a.Error != "" || b.Error != "" {
			if a.Error != b.Error || !strings.Contains(a.Error, "line") {
				t.Fatalf("%s: errors %q and %q", pos, a.Error, b.Error)
			}
			continue
		}
		if a.Source != FromTablebase && a.Result != "loss" {
			t.Fatalf("%s: source %s", pos, a.Source)
		}
		if a.Result != b.Result || *a.Plies != *b.Plies || !reflect.DeepEqual(a.Moves, b.Moves) {
			t.Fatalf("%s: file %+v, solver %+v", pos, a, b)
		}
		if len(a.Moves) > 0 && (a.Moves[0].Result != a.Result || a.Moves[0].Plies != *a.Plies) {
			t.Fatalf("%s: the first move does not give the answer", pos)
		}
	}
	// Beyond the file's plies, --no-solve is an error.
	deep := "xoxoxoox." + strings.Repeat(".", 18)
	if a := fromFile.Query(deep, Options{NoSolve: true}); !strings.Contains(a.Error, ErrNotStored.Error()) {
		t.Fatalf("%s: %+v", deep, a)
	}
}
