package tablebase

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestGrownBy: a build grows by larger whole numbers of its grow
// parameters alone.
func TestGrownBy(t *testing.T) {
	meta := func(game string, params ...string) Meta {
		m := Meta{Game: game, KeyLen: 10, Params: map[string]string{}}
		for i := 0; i < len(params); i += 2 {
			m.Params[params[i]] = params[i+1]
		}
		return m
	}
	file := meta("test", "max", "8", "chunk", "16")
	for _, c := range []struct {
		name string
		want Meta
		grow []string
		ok   bool
	}{
		{"itself", file, nil, true},
		{"itself, growing", file, []string{"max"}, true},
		{"larger", meta("test", "max", "10", "chunk", "16"), []string{"max"}, true},
		{"larger, another parameter grows", meta("test", "max", "10", "chunk", "16"), []string{"chunk"}, false},
		{"larger, nothing grows", meta("test", "max", "10", "chunk", "16"), nil, false},
		{"smaller", meta("test", "max", "7", "chunk", "16"), []string{"max"}, false},
		{"larger and another chunk", meta("test", "max", "10", "chunk", "32"), []string{"max"}, false},
		{"not a number", meta("test", "max", "ten", "chunk", "16"), []string{"max"}, false},
		{"another game", meta("other", "max", "10", "chunk", "16"), []string{"max"}, false},
		{"a parameter more", meta("test", "max", "10", "chunk", "16", "n", "3"), []string{"max"}, false},
		{"a parameter less", meta("test", "max", "10"), []string{"max"}, false},
	} {
		if got := file.GrownBy(c.want, c.grow...); got != c.ok {
			t.Errorf("%s: GrownBy(%v, %v) = %v, want %v", c.name, c.want.Params, c.grow, got, c.ok)
		}
	}
	other := file
	other.KeyLen++
	if file.GrownBy(other, "max") {
		t.Error("a build of another key length grows the file's")
	}
}

// TestCreateGrows: Create grows a file of a smaller build (its entries
// and counts kept, its parameters want's, no longer complete), and
// refuses to shrink one or to take any other build.
func TestCreateGrows(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.db")
	small := Meta{Game: "test", Params: map[string]string{"max": "2", "chunk": "4"}, KeyLen: 10}
	f, err := Create(path, small, "max")
	if err != nil {
		t.Fatal(err)
	}
	err = f.Update(func(tx *Tx) error {
		tx.Meta().Complete = true
		if err := tx.MarkDone(1, 0); err != nil {
			return err
		}
		return tx.PutEntries([]Entry{{Key: key(1, 1), Value: 5}, {Key: key(1, 2), Value: 6}})
	})
	if err != nil {
		t.Fatal(err)
	}
	f.Close()

	for _, c := range []struct {
		name   string
		params map[string]string
		grow   []string
		err    string // "" when the build is taken
	}{
		{"shrink", map[string]string{"max": "1", "chunk": "4"}, []string{"max"}, "never shrunk; it answers every position"},
		{"another chunk", map[string]string{"max": "3", "chunk": "8"}, []string{"max"}, "refusing to build"},
		{"nothing grows", map[string]string{"max": "3", "chunk": "4"}, nil, "refusing to build"},
		{"the same", map[string]string{"max": "2", "chunk": "4"}, []string{"max"}, ""},
		{"grow", map[string]string{"max": "3", "chunk": "4"}, []string{"max"}, ""},
		{"grown, the same", map[string]string{"max": "3", "chunk": "4"}, []string{"max"}, ""},
		{"grown, shrink", map[string]string{"max": "2", "chunk": "4"}, []string{"max"}, "never shrunk; resume it"},
	} {
		f, err := Create(path, Meta{Game: "test", Params: c.params, KeyLen: 10}, c.grow...)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: %v, want an error with %q", c.name, err, c.err)
			}
			if err == nil {
				f.Close()
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		m := f.Meta()
		done, derr := f.Done(1)
		v, ok, lerr := f.Lookup(key(1, 2))
		f.Close()
		if m.Params["max"] != c.params["max"] || m.Positions != 2 || derr != nil || !done.Contains(0) || lerr != nil || !ok || v != 6 {
			t.Errorf("%s: params %v, %d positions, chunks done %v (%v), key 2: %d %v %v", c.name, m.Params, m.Positions, done, derr, v, ok, lerr)
		}
		if m.Complete != (c.name == "the same") {
			t.Errorf("%s: complete %v", c.name, m.Complete)
		}
		// What Create committed is what a reader sees.
		r, err := Open(path)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.Meta(); got.Params["max"] != c.params["max"] || got.Complete != m.Complete {
			t.Errorf("%s: the file reads %v, complete %v", c.name, got.Params, got.Complete)
		}
		r.Close()
	}
}
