package cgt

import (
	"strconv"
	"sync"
	"testing"
)

// TestIDMemo sets values of IDs on several pages from several goroutines
// at once, and reads each back; an ID never set reads nil.
func TestIDMemo(t *testing.T) {
	var m idMemo[string]
	ids := []ID{0, 1, pageSize - 1, pageSize, 5*pageSize + 7, 1<<32 - 1}
	var wg sync.WaitGroup
	for _, g := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m.store(g, strconv.Itoa(int(g)))
		}()
	}
	wg.Wait()
	for _, g := range ids {
		if s := m.load(g); s == nil || *s != strconv.Itoa(int(g)) {
			t.Fatalf("ID %d: %v", g, s)
		}
	}
	if s := m.load(2 * pageSize); s != nil {
		t.Fatalf("an ID never set: %q", *s)
	}
}
