package cgt

import "sync"

// memo returns the cached result of f for g in m, computing it once.
// Results of the slower derived operations (atomic weights, number-up-star
// decompositions) are kept here; the hot operations use opCache.
func (u *Universe) memo(m *sync.Map, g ID, f func() ID) ID {
	if v, ok := m.Load(g); ok {
		return v.(ID)
	}
	v := f()
	m.Store(g, v)
	return v
}
