package cgt

import (
	"sync"
	"sync/atomic"
)

// idMemo keeps a value for each ID, set once and read without a lock.
// IDs are dense, so it is a table of pages, as the records are; a page
// is made the first time one of its IDs is set, and the table of pages
// is copied when it grows, never changed in place.
type idMemo[T any] struct {
	mu    sync.Mutex // held by writers
	pages atomic.Pointer[[]*memoPage[T]]
}

type memoPage[T any] [pageSize]atomic.Pointer[T]

// load returns the value set for g, or nil.
func (m *idMemo[T]) load(g ID) *T {
	if ps := m.pages.Load(); ps != nil && int(g>>pageBits) < len(*ps) {
		if p := (*ps)[g>>pageBits]; p != nil {
			return p[g&(pageSize-1)].Load()
		}
	}
	return nil
}

// store sets the value for g.
func (m *idMemo[T]) store(g ID, v T) {
	i := int(g >> pageBits)
	m.mu.Lock()
	var ps []*memoPage[T]
	if p := m.pages.Load(); p != nil {
		ps = *p
	}
	if i >= len(ps) || ps[i] == nil {
		grown := make([]*memoPage[T], max(len(ps), i+1))
		copy(grown, ps)
		grown[i] = new(memoPage[T])
		m.pages.Store(&grown)
		ps = grown
	}
	m.mu.Unlock()
	ps[i][g&(pageSize-1)].Store(&v)
}
