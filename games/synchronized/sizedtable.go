package synchronized

import (
	"sync"
	"sync/atomic"

	"github.com/tablebase/tablebase/internal/ttable"
)

// sizedTable is a solver's table of boards of up to 128 cells, made at
// the size a search asks for and made again, larger and empty, when a
// search asks for more. A search keeps the table it was given to its end.
type sizedTable struct {
	cur atomic.Pointer[sized]
	mu  sync.Mutex // held while a table is made
}

// sized is a table and the log2 of its entries.
type sized struct {
	t    *ttable.Wide
	bits uint
}

// make makes the table with 2^bits entries.
func (st *sizedTable) make(bits uint) *ttable.Wide {
	s := &sized{t: ttable.NewWide(bits), bits: bits}
	st.cur.Store(s)
	return s.t
}

// of returns the table for a search of a board of the given cells: one
// of 2^ttable.FitBits(most, cells) entries or more.
func (st *sizedTable) of(most uint, cells int) *ttable.Wide {
	want := ttable.FitBits(most, cells)
	if s := st.cur.Load(); s != nil && s.bits >= want {
		return s.t
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	if s := st.cur.Load(); s != nil && s.bits >= want {
		return s.t
	}
	return st.make(want)
}
