package forms_test

import (
	"path/filepath"
	"testing"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/tablebase"
	"github.com/tablebase/tablebase/tablebase/forms"
)

// TestWriteAndResolve numbers forms with an Interner into a file's games
// table, reads them back through a Reader, and checks that every stored
// key resolves to the form written, options before the forms that name
// them, and that a second Interner numbers the same forms the same way.
func TestWriteAndResolve(t *testing.T) {
	u := cgt.NewUniverse(12)
	star, up := u.Nim(1), u.Up()
	pm := u.FromOptions([]cgt.ID{u.Number(cgt.Int(1))}, []cgt.ID{u.Number(cgt.Int(-1))}) // +-1
	want := []cgt.ID{cgt.Zero, star, up, pm, u.Add(up, star), u.Neg(pm)}
	path := filepath.Join(t.TempDir(), "t.db")
	f, err := tablebase.Create(path, tablebase.Meta{Game: "test", KeyLen: 8})
	if err != nil {
		t.Fatal(err)
	}
	in := forms.NewInterner(u, nil)
	ids := make([]uint32, len(want))
	err = f.Update(func(tx *tablebase.Tx) error {
		var entries []tablebase.Entry
		for i, g := range want {
			ids[i] = in.ID(g)
			entries = append(entries, tablebase.Entry{Key: []byte{0, 0, 0, 0, 0, 0, 0, byte(i)}, Value: ids[i]})
		}
		first, games := in.Take()
		for k, g := range games {
			for _, o := range append(g.Left, g.Right...) {
				if o >= first+uint32(k) {
					t.Errorf("game %d names %d, not before it", first+uint32(k), o)
				}
			}
		}
		if err := tx.AppendGames(first, games); err != nil {
			return err
		}
		return tx.PutEntries(entries)
	})
	if err != nil {
		t.Fatal(err)
	}
	u2 := cgt.NewUniverse(12)
	again := forms.NewInterner(u2, nil)
	for i, g := range []cgt.ID{cgt.Zero, u2.Nim(1), u2.Up(), u2.FromOptions([]cgt.ID{u2.Number(cgt.Int(1))}, []cgt.ID{u2.Number(cgt.Int(-1))})} {
		if id := again.ID(g); id != ids[i] {
			t.Errorf("form %d numbered %d in another universe, %d first", i, id, ids[i])
		}
	}
	f.Close()

	f, err = tablebase.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	u3 := cgt.NewUniverse(12)
	r := forms.NewReader(f, u3)
	for i := range want {
		g, ok, err := r.Lookup([]byte{0, 0, 0, 0, 0, 0, 0, byte(i)})
		if err != nil || !ok {
			t.Fatalf("key %d: %v %v", i, ok, err)
		}
		if got, exp := u3.String(g), u.String(want[i]); got != exp {
			t.Errorf("key %d resolves to %s, want %s", i, got, exp)
		}
	}
	if _, ok, err := r.Lookup([]byte{0, 0, 0, 0, 0, 0, 1, 0}); ok || err != nil {
		t.Errorf("a key not stored: %v %v", ok, err)
	}
}
