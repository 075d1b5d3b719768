package tablebase

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// starAndUp are the games * = {0|0} and ^ = {0|*} of a games table
// holding 0 (ID 0) as every table does: IDs 1 and 2.
var starAndUp = []Game{{Left: []uint32{0}, Right: []uint32{0}}, {Left: []uint32{0}, Right: []uint32{1}}}

// fuzzLayout splits keys by their low bit.
var fuzzLayout = Layout{Name: "fuzz", Part: func(key []byte) uint32 { return uint32(key[len(key)-1] & 1) }}

// smallFile writes a tablebase of 300 positions and three games, with its
// level sealed when compact, and returns its bytes.
func smallFile(t testing.TB, compact bool) []byte {
	path := filepath.Join(t.TempDir(), "small.db")
	f, err := Create(path, Meta{Game: "test", KeyLen: 10})
	if err != nil {
		t.Fatal(err)
	}
	err = f.Update(func(tx *Tx) error {
		var entries []Entry
		for i := range 300 {
			entries = append(entries, Entry{Key: key(1, uint64(i*3)), Value: uint32(i % 3)})
		}
		if err := tx.AppendGames(1, starAndUp); err != nil {
			return err
		}
		if err := tx.PutEntries(entries); err != nil || !compact {
			return err
		}
		return tx.Seal(context.Background(), 1, fuzzLayout)
	})
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// FuzzOpen opens mutated copies of a file, in blocks or compact: every
// lookup, every game, the walk over all positions and Verify give answers
// or errors, never a panic or a crash, and a copy of format version 2 or
// later that Verify passes answers every lookup as the original does.
func FuzzOpen(f *testing.F) {
	data := smallFile(f, false)
	f.Add(data)
	f.Add(data[:8192])
	f.Add(smallFile(f, true))
	f.Fuzz(func(t *testing.T, bad []byte) {
		path := filepath.Join(t.TempDir(), "bad.db")
		if err := os.WriteFile(path, bad, 0o644); err != nil {
			t.Fatal(err)
		}
		_, verr := Verify(path)
		file, err := Open(path)
		if err != nil {
			return
		}
		defer file.Close()
		if err := file.UseLayout(fuzzLayout); err != nil {
			return
		}
		// A block's first key is under its checksum from format version 2
		// on; before, a key changed in bbolt's own pages can hide. A
		// changed transaction ID in bbolt's meta pages can bring back the
		// file as an earlier transaction left it, whole and with fewer
		// positions: that is no damage.
		checked := verr == nil && file.Meta().Format >= 2 && file.Meta().Positions == 300
		for i := range 300 {
			v, ok, err := file.Lookup(key(1, uint64(i*3)))
			if checked && (err != nil || !ok || v != uint32(i%3)) {
				t.Fatalf("Verify passes, but key %d gives %d %v %v", i, v, ok, err)
			}
		}
		for id := range uint32(3) {
			file.Game(id)
		}
		file.ForEach(func(Entry) error { return nil })
	})
}
