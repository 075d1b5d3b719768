package tablebase

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestLookupMany looks up, in batches of every size up to a few stages,
// keys stored in compact levels and in blocks, keys the layout omits and
// keys no level holds, in files of a cascade (format version 4) and of
// Split functions, read-only and writable, and checks that each answer
// is Lookup's: first on a fresh handle (whose lookups go through Lookup
// until they have read the parts and blocks), then again.
func TestLookupMany(t *testing.T) {
	for _, format := range []int{4, FormatVersion} {
		path, want := compactFile(t, format)
		for _, writable := range []bool{false, true} {
			t.Run(fmt.Sprintf("format=%d,writable=%v", format, writable), func(t *testing.T) {
				testLookupMany(t, path, want, writable)
			})
		}
	}
}

// testLookupMany checks LookupMany against Lookup on the file at path,
// which holds want.
func testLookupMany(t *testing.T, path string, want map[string]uint32, writable bool) {
	open := Open
	if writable {
		open = func(path string) (*File, error) { return Create(path, Meta{Game: "test", KeyLen: 10}) }
	}
	f, err := open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.UseLayout(testLayout); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(8, 9))
	var keys [][]byte
	for k := range want {
		keys = append(keys, []byte(k))
		if rng.IntN(4) == 0 {
			keys = append(keys, key(k[0], rng.Uint64N(1<<20)), key(9, rng.Uint64N(1<<20)))
		}
	}
	rng.Shuffle(len(keys), func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
	if testing.Short() {
		keys = keys[:10_000] // batches of every size many times over, sooner
	}
	keys = append(keys, nil, []byte{2})
	for round := range 2 {
		out := make([]Result, len(keys))
		for at, size := 0, 1; at < len(keys); at, size = at+size, size%(3*batchKeys)+1 {
			n := min(size, len(keys)-at)
			f.LookupMany(keys[at:at+n], out[at:at+n])
		}
		for i, k := range keys {
			v, ok, err := f.Lookup(k)
			if got := out[i]; got.Value != v || got.Found != ok || (got.Err == nil) != (err == nil) {
				t.Fatalf("round %d, key %x: LookupMany %+v, Lookup %d %v %v", round, k, got, v, ok, err)
			}
		}
	}
}

// TestPartTable checks partTable against slices.BinarySearch on sorted
// parts of every size up to 600, close together and spread over the
// 32 bits (as packed counts are), for parts in them and next to them.
func TestPartTable(t *testing.T) {
	if _, ok := (&partTable{}).find(0); ok {
		t.Fatal("an empty table finds part 0")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for _, spread := range []int{3, 1 << 12, 1 << 22} {
		for n := range 601 {
			parts := make([]uint32, 0, n)
			for p := uint32(rng.IntN(3)); len(parts) < n; p += 1 + uint32(rng.IntN(spread)) {
				parts = append(parts, p)
			}
			table := newPartTable(parts)
			probes := []uint32{0, 1, math.MaxUint32}
			for _, p := range parts {
				probes = append(probes, p-1, p, p+1)
			}
			for _, part := range probes {
				i, ok := table.find(part)
				j, found := slices.BinarySearch(parts, part)
				if ok != found || ok && i != j {
					t.Fatalf("%d parts, part %d: %d %v, want %d %v", n, part, i, ok, j, found)
				}
			}
		}
	}
}
