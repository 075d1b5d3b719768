package domineering3d

import "sync/atomic"

// table is a lossy, lock-free transposition table shared by the search
// goroutines. An entry is guarded by a sequence number (a seqlock), so a
// reader never pairs one position's key with another's answer.
type table struct {
	entries []entry
	mask    uint64
}

type entry struct {
	seq  atomic.Uint32
	info atomic.Uint32 // tag | result<<tagBits | 1<<31
	key  atomic.Uint64 // the canonical set of empty cells
}

const (
	tagBits = 8
	valid   = 1 << 31
)

func newTable(log2Size uint) *table {
	return &table{entries: make([]entry, 1<<log2Size), mask: 1<<log2Size - 1}
}

func (t *table) slot(key uint64, tag uint32) *entry {
	h := (key ^ uint64(tag)*0x9E3779B97F4A7C15) * 0xBF58476D1CE4E5B9
	return &t.entries[(h>>29^h)&t.mask]
}

func (t *table) get(key uint64, tag uint32) (uint32, bool) {
	e := t.slot(key, tag)
	s := e.seq.Load()
	if s&1 != 0 {
		return 0, false
	}
	k, info := e.key.Load(), e.info.Load()
	if e.seq.Load() != s || k != key || info&valid == 0 || info&(1<<tagBits-1) != tag {
		return 0, false
	}
	return info >> tagBits & 0xff, true
}

func (t *table) put(key uint64, tag, result uint32) {
	e := t.slot(key, tag)
	s := e.seq.Load()
	if s&1 != 0 || !e.seq.CompareAndSwap(s, s+1) {
		return
	}
	e.key.Store(key)
	e.info.Store(tag | result<<tagBits | valid)
	e.seq.Store(s + 2)
}
