package tablebase

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// testLayout splits keys by their low bit and derives the value of keys
// divisible by 5.
var testLayout = Layout{
	Name: "test",
	Part: func(key []byte) uint32 { return uint32(key[len(key)-1] & 1) },
	Omit: func(key []byte) (uint32, bool) {
		if key[len(key)-1]%5 == 0 {
			return 77, true
		}
		return 0, false
	},
}

// compactFile builds levels 1 to 3 of random positions (level 2 large
// enough for many pages) in a file of the given format version (3 and up),
// seals levels 1 and 2, and returns the path and the stored values.
func compactFile(t testing.TB, format int) (string, map[string]uint32) {
	path := filepath.Join(t.TempDir(), "compact.db")
	f, err := Create(path, Meta{Game: "test", KeyLen: 10})
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.Update(func(tx *Tx) error { tx.Meta().Format = format; return nil }); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	want := map[string]uint32{}
	sizes := []int{0, 300, 60_000, 500}
	if testing.Short() { // level 2 still fills many blocks
		sizes[2] = 20_000
	}
	for level, n := range sizes {
		if n == 0 {
			continue
		}
		var entries []Entry
		lo := uint64(0)
		for range n {
			lo += 1 + uint64(rng.IntN(1000))
			v := uint32(rng.ExpFloat64() * 3) // skewed, as real values are
			k := key(byte(level), lo)
			if k[len(k)-1]%5 == 0 {
				v = 77
			}
			entries = append(entries, Entry{Key: k, Value: v})
			want[string(k)] = v
		}
		if err := f.Update(func(tx *Tx) error { return tx.PutEntries(entries) }); err != nil {
			t.Fatal(err)
		}
	}
	// A seal stopped before it ends leaves the level as it was.
	stopped, cancel := context.WithCancel(context.Background())
	cancel()
	if err := f.Update(func(tx *Tx) error { return tx.Seal(stopped, 2, testLayout) }); !errors.Is(err, context.Canceled) || len(f.Meta().Compact) != 0 {
		t.Fatalf("a stopped seal: %v, compact levels %v", err, f.Meta().Compact)
	}
	for _, level := range []int{1, 2} {
		if err := f.Update(func(tx *Tx) error { return tx.Seal(context.Background(), level, testLayout) }); err != nil {
			t.Fatal(err)
		}
	}
	return path, want
}

// TestCompactLevels seals levels and reads every position back, with and
// without the layout, and checks Verify's count, in files of the current
// format version (Split hash functions) and of version 4 (a cascade).
func TestCompactLevels(t *testing.T) {
	for _, format := range []int{4, FormatVersion} {
		t.Run(fmt.Sprintf("format=%d", format), func(t *testing.T) { testCompactLevels(t, format) })
	}
}

func testCompactLevels(t *testing.T, format int) {
	path, want := compactFile(t, format)
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, _, err := f.Lookup(key(1, 1)); err == nil {
		t.Fatal("a compact level read without its layout")
	}
	if err := f.UseLayout(Layout{Name: "other"}); err == nil {
		t.Fatal("another layout accepted")
	}
	if err := f.UseLayout(testLayout); err != nil {
		t.Fatal(err)
	}
	for k, v := range want {
		got, ok, err := f.Lookup([]byte(k))
		if err != nil || !ok || got != v {
			t.Fatalf("key %x: got %d %v %v, want %d", k, got, ok, err, v)
		}
	}
	// Again, with the blocks decoded kept, and twice through a handle
	// whose cache keeps a few: dropped blocks are decoded again.
	small, err := OpenWith(path, &Options{CacheBytes: 1000})
	if err != nil {
		t.Fatal(err)
	}
	defer small.Close()
	if err := small.UseLayout(testLayout); err != nil {
		t.Fatal(err)
	}
	for _, g := range []*File{f, small, small} {
		for k, v := range want {
			if got, ok, err := g.Lookup([]byte(k)); err != nil || !ok || got != v {
				t.Fatalf("key %x again: got %d %v %v, want %d", k, got, ok, err, v)
			}
		}
	}
	if m := f.Meta(); len(m.Compact) != 2 || m.Positions != int64(len(want)) || m.Format != format {
		t.Fatalf("meta %+v", m)
	}
	n := 0
	if err := f.ForEach(func(e Entry) error { n++; return nil }); err != nil || n != 500 {
		t.Fatalf("ForEach saw %d blocks' positions (%v), want level 3's 500", n, err)
	}
	r, err := Verify(path)
	if err != nil || r.Positions != int64(len(want)) {
		t.Fatalf("Verify: %v, %v", r, err)
	}
}

// TestCompactDamage flips bytes all over compact files of both kinds of
// hash function: Verify or a lookup reports the damage, and nothing
// panics.
func TestCompactDamage(t *testing.T) {
	for _, format := range []int{4, FormatVersion} {
		t.Run(fmt.Sprintf("format=%d", format), func(t *testing.T) { testCompactDamage(t, format) })
	}
}

func testCompactDamage(t *testing.T, format int) {
	path, want := compactFile(t, format)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	keys := make([][]byte, 0, len(want))
	for k := range want {
		keys = append(keys, []byte(k))
	}
	for trial := range 60 {
		bad := append([]byte(nil), data...)
		for range 1 + trial%4 {
			bad[rng.IntN(len(bad))] ^= byte(1 + rng.IntN(255))
		}
		p := filepath.Join(t.TempDir(), "bad.db")
		if err := os.WriteFile(p, bad, 0o644); err != nil {
			t.Fatal(err)
		}
		_, verr := Verify(p)
		f, err := Open(p)
		if err != nil {
			continue
		}
		if err := f.UseLayout(testLayout); err != nil {
			f.Close()
			continue
		}
		for _, k := range keys[:2000] {
			v, ok, err := f.Lookup(k)
			if err != nil && !errors.Is(err, ErrDamaged) {
				t.Fatalf("trial %d: error %v is not ErrDamaged", trial, err)
			}
			if err != nil && strings.Count(err.Error(), ErrDamaged.Error()) != 1 {
				t.Fatalf("trial %d: error %q does not say %q once", trial, err, ErrDamaged)
			}
			if verr == nil && (err != nil || !ok || v != want[string(k)]) {
				t.Fatalf("trial %d: Verify passed, but key %x gives %d %v %v", trial, k, v, ok, err)
			}
		}
		f.Close()
	}
}

// BenchmarkCompactLookup looks up the positions of a compact level, with
// a cascade (format version 4) and a Split function.
func BenchmarkCompactLookup(b *testing.B) {
	for _, format := range []int{4, FormatVersion} {
		b.Run(fmt.Sprintf("format=%d", format), func(b *testing.B) { benchmarkCompactLookup(b, format) })
	}
}

func benchmarkCompactLookup(b *testing.B, format int) {
	path, want := compactFile(b, format)
	f, err := Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	if err := f.UseLayout(testLayout); err != nil {
		b.Fatal(err)
	}
	var keys [][]byte
	for k := range want {
		if k[0] == 2 {
			keys = append(keys, []byte(k))
		}
	}
	b.ResetTimer()
	for i := range b.N {
		if _, ok, err := f.Lookup(keys[i%len(keys)]); !ok || err != nil {
			b.Fatal(ok, err)
		}
	}
}
