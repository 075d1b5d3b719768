package ttable

import "sync/atomic"

// Wide is a Table whose keys have 128 bits (two words), for boards of more
// than 64 cells. It works as Table does.
type Wide struct {
	entries []wideEntry
	mask    uint64
}

type wideEntry struct {
	seq    atomic.Uint32
	info   atomic.Uint32
	lo, hi atomic.Uint64
}

// NewWide returns a table of 2^log2Size entries (24 bytes each).
func NewWide(log2Size uint) *Wide {
	return &Wide{entries: make([]wideEntry, 1<<log2Size), mask: 1<<log2Size - 1}
}

func (t *Wide) slot(lo, hi uint64, tag uint32) *wideEntry {
	h := (lo ^ hi*0xD6E8FEB86659FD93 ^ uint64(tag)*0x9E3779B97F4A7C15) * 0xBF58476D1CE4E5B9
	return &t.entries[(h>>29^h)&t.mask]
}

// Get returns the result stored for the key (lo, hi) and tag, if any.
func (t *Wide) Get(lo, hi uint64, tag uint32) (uint32, bool) {
	e := t.slot(lo, hi, tag)
	s := e.seq.Load()
	if s&1 != 0 {
		return 0, false
	}
	l, h, info := e.lo.Load(), e.hi.Load(), e.info.Load()
	if e.seq.Load() != s || l != lo || h != hi || info&valid == 0 || info&(1<<TagBits-1) != tag {
		return 0, false
	}
	return info >> TagBits & 0xff, true
}

// Put stores a result (below 256) for the key (lo, hi) and tag.
func (t *Wide) Put(lo, hi uint64, tag, result uint32) {
	e := t.slot(lo, hi, tag)
	s := e.seq.Load()
	if s&1 != 0 || !e.seq.CompareAndSwap(s, s+1) {
		return
	}
	e.lo.Store(lo)
	e.hi.Store(hi)
	e.info.Store(tag | result<<TagBits | valid)
	e.seq.Store(s + 2)
}
