package heap

import (
	"math/bits"
	"sync"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/internal/mix"
)

// exchangeCells is the fewest cells of a region whose results a team's
// searches tell each other (exchange).
const exchangeCells = 18

// exchangeShards is how many tables, each behind a lock of its own, an
// exchange's regions are spread over; exchangeBytes is the memory they
// grow to in all.
const (
	exchangeShards = 64
	exchangeBytes  = 512 << 20
)

// exchange is what the searches of a team have found of the regions of
// at least exchangeCells cells, by their canonical keys: each adds what
// it finds and looks up what its own table lacks, so that a region one
// has valued is not searched again by another. Its tables keep what
// they are given as the search's own does (heapTable), up to
// exchangeBytes in all. It is safe for concurrent use.
type exchange struct {
	once   sync.Once
	shards [exchangeShards]struct {
		mu sync.Mutex
		t  *heapTable
	}
}

// exchanged reports whether regions of key's size go through an
// exchange.
func exchanged(key canon.Key) bool { return bits.OnesCount64(key.Bits) >= exchangeCells }

// shard returns the table of key's region, locked.
func (e *exchange) shard(k canon.Key) (t *heapTable, unlock func()) {
	e.once.Do(func() {
		for i := range e.shards {
			e.shards[i].t = newHeapTable(exchangeBytes / exchangeShards)
		}
	})
	sh := &e.shards[mix.Uint64(k.Bits^uint64(k.W))%exchangeShards]
	sh.mu.Lock()
	return sh.t, sh.mu.Unlock
}

// get returns what the exchange holds of the key's region: a slot whose
// nim and won fields are those found, and whether it holds any.
func (e *exchange) get(k canon.Key) (heapSlot, bool) {
	t, unlock := e.shard(k)
	defer unlock()
	if s := t.get(k); s != nil {
		return *s, true
	}
	return heapSlot{}, false
}

// add joins a slot's results to what the exchange holds of its region.
func (e *exchange) add(s *heapSlot) {
	t, unlock := e.shard(canon.Key{H: s.h, W: s.w, Bits: s.bits})
	defer unlock()
	x := t.put(canon.Key{H: s.h, W: s.w, Bits: s.bits})
	if s.nim != 0 {
		x.nim = s.nim
	}
	x.won |= s.won
}
