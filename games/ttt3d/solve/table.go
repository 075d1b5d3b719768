package solve

import (
	"sync/atomic"

	"github.com/tablebase/tablebase/internal/mix"
)

// table is a lossy, lock-free transposition table shared by the solver's
// goroutines. A slot holds key^data and data (Hyatt's XOR check), so a
// torn write between two goroutines reads as a miss, never as another
// position's answer.
type table struct {
	slots []slot
	mask  uint64
}

type slot struct{ check, data atomic.Uint64 }

// Bounds of a stored score.
const (
	exact = iota
	lower // the score is at least the stored one
	upper // the score is at most the stored one
)

// entry is what a slot stores about a position: a score bound and the
// best move found (in the canonical frame), or -1.
type entry struct {
	score, bound, move int
}

func newTable(log2Size uint) *table {
	return &table{slots: make([]slot, 1<<log2Size), mask: 1<<log2Size - 1}
}

func (t *table) get(key uint64) (entry, bool) {
	s := &t.slots[mix.Uint64(key)&t.mask]
	data := s.data.Load()
	if s.check.Load()^data != key || data == 0 {
		return entry{}, false
	}
	return entry{score: int(int8(data)), bound: int(data >> 8 & 3), move: int(data>>10&127) - 1}, true
}

func (t *table) put(key uint64, e entry) {
	data := uint64(uint8(int8(e.score))) | uint64(e.bound)<<8 | uint64(e.move+1)<<10 | 1<<20
	s := &t.slots[mix.Uint64(key)&t.mask]
	s.data.Store(data)
	s.check.Store(key ^ data)
}
