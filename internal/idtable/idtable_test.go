package idtable

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"testing"
)

// spread maps 1, 2, ... to keys of every shape: some with a high half
// of 0, some with a low half of 0, some with neither.
func spread(k uint64) uint64 {
	switch k % 3 {
	case 0:
		return k
	case 1:
		return k << 32
	}
	return k<<32 | k*7
}

// chunkSizes runs test with slots from the Go heap only, from mapped
// chunks from the start, and from chunks once the table has grown.
func chunkSizes(t *testing.T, test func(t *testing.T)) {
	for _, bytes := range []int{chunkBytes, 0, 1 << 20} {
		t.Run(fmt.Sprintf("chunks from %d bytes", bytes), func(t *testing.T) {
			defer func(b int) { chunkBytes = b }(chunkBytes)
			chunkBytes = bytes
			test(t)
		})
	}
}

// TestAgainstMap puts and gets random keys, many of them twice, from a
// table and a map alike: a key keeps its first value, every key put is
// found, and no other key is.
func TestAgainstMap(t *testing.T) { chunkSizes(t, againstMap) }

func againstMap(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	tab, want := New(0), map[uint64]uint32{}
	for i := range 200000 {
		k := spread(r.Uint64N(300000) + 1)
		v := r.Uint32N(math.MaxUint32)
		if i%10 == 0 {
			v = 0
		}
		tab.Put(k, v)
		if _, ok := want[k]; !ok {
			want[k] = v
		}
	}
	if tab.Len() != len(want) {
		t.Fatalf("Len %d, want %d", tab.Len(), len(want))
	}
	seen := 0
	tab.ForEach(func(k uint64, v uint32) {
		if w, ok := want[k]; !ok || w != v {
			t.Fatalf("ForEach: key %d with %d, want %d %v", k, v, w, ok)
		}
		seen++
	})
	if seen != len(want) {
		t.Fatalf("ForEach listed %d keys, want %d", seen, len(want))
	}
	for i := uint64(1); i <= 300000; i++ {
		k := spread(i)
		got, ok := tab.Get(k)
		w, in := want[k]
		if ok != in || got != w {
			t.Fatalf("key %d: %d %v, want %d %v", k, got, ok, w, in)
		}
	}
}

// TestConcurrent has writers and readers share a table while it grows: a
// key read is either missing or holds the one value its writers all put.
func TestConcurrent(t *testing.T) { chunkSizes(t, concurrent) }

func concurrent(t *testing.T) {
	tab := New(0)
	value := func(k uint64) uint32 { return uint32(k*2654435761) | 1 }
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), 9))
			for range 100000 {
				k := spread(r.Uint64N(50000) + 1)
				if v, ok := tab.Get(k); ok && v != value(k) {
					errs <- "a wrong value"
					return
				}
				tab.Put(k, value(k))
				if v, ok := tab.Get(k); !ok || v != value(k) {
					errs <- "a key put is missing"
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
}

// TestValueRange checks that the one value a table cannot hold is refused.
func TestValueRange(t *testing.T) {
	tab := New(0)
	if !tab.Put(1, math.MaxUint32-1) {
		t.Fatal("the largest value was refused")
	}
	defer func() {
		if recover() == nil {
			t.Fatal("MaxUint32 was stored")
		}
	}()
	tab.Put(2, math.MaxUint32)
}

// TestChunksGivenBack checks that a table grown through mapped chunks
// gives back the chunks its segments left, and keeps every key.
func TestChunksGivenBack(t *testing.T) {
	defer func(b int) { chunkBytes = b }(chunkBytes)
	chunkBytes = 0
	tab := New(0)
	const n = 100000
	for k := uint64(1); k <= n; k++ {
		tab.Put(spread(k), uint32(k))
	}
	if tab.chunks < 3 || tab.zeroed < tab.chunks-2 {
		t.Fatalf("%d chunks mapped, %d given back: want all but the last two back", tab.chunks, tab.zeroed)
	}
	for k := uint64(1); k <= n; k++ {
		if v, ok := tab.Get(spread(k)); !ok || v != uint32(k) {
			t.Fatalf("key %d: %d %v", spread(k), v, ok)
		}
	}
}
