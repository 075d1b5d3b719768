package ttable

import (
	"sync"
	"testing"
)

// TestConcurrentUse hammers a small table from several goroutines: every
// answer read must be the one written for that key and tag.
func TestConcurrentUse(t *testing.T) {
	tab := New(8)
	result := func(key uint64, tag uint32) uint32 { return uint32(key*31+uint64(tag)) & 0xff }
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range uint64(200000) {
				key, tag := i*2654435761+uint64(w), uint32(i%1000)
				tab.Put(key, tag, result(key, tag))
				if r, ok := tab.Get(key, tag); ok && r != result(key, tag) {
					t.Errorf("key %d tag %d: %d, want %d", key, tag, r, result(key, tag))
					return
				}
				if r, ok := tab.Get(key^1, tag); ok && r != result(key^1, tag) {
					t.Errorf("key %d tag %d: %d, want %d", key^1, tag, r, result(key^1, tag))
					return
				}
			}
		}()
	}
	wg.Wait()
	if _, ok := tab.Get(12345, 1<<TagBits-1); ok {
		t.Error("a key never stored was found")
	}
}
