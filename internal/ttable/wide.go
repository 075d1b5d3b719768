package ttable

import (
	"sync/atomic"

	"github.com/tablebase/tablebase/internal/hugemem"
	"github.com/tablebase/tablebase/internal/mix"
)

// Wide is a table whose keys have 128 bits (two words), for boards of more
// than 64 cells. Entries come in buckets of two: a store replaces the
// entry of the same key, else the one that cost less work to find (a
// deeper search's answer outlives a shallow one's).
type Wide struct {
	entries []wideEntry
	mask    uint64
}

type wideEntry struct {
	seq    atomic.Uint32
	info   atomic.Uint32 // tag | result<<TagBits | work<<workShift | valid
	lo, hi atomic.Uint64
}

// MaxWork is the largest work a store may report.
const MaxWork = 127

const workShift = TagBits + 8

// NewWide returns a table of 2^log2Size entries (24 bytes each). A large
// one is given huge pages (package hugemem): on 8x8 Synchronized
// Triomineering (2^21 entries, two workers) that took the system's time
// from 0.33 s to 0.15 s and the wall time from 1.33 s to 1.18 s (medians
// of seven).
func NewWide(log2Size uint) *Wide {
	t := &Wide{mask: 1<<log2Size - 2}
	t.entries = hugemem.Slice[wideEntry](t, 1<<log2Size)
	return t
}

func (t *Wide) bucket(lo, hi uint64, tag uint32) *[2]wideEntry {
	i := mix.Uint64(lo^hi*0xD6E8FEB86659FD93^uint64(tag)*0x9E3779B97F4A7C15) & t.mask
	return (*[2]wideEntry)(t.entries[i : i+2])
}

// read returns e's key and info if no store was under way.
func (e *wideEntry) read() (lo, hi uint64, info uint32, ok bool) {
	s := e.seq.Load()
	if s&1 != 0 {
		return 0, 0, 0, false
	}
	lo, hi, info = e.lo.Load(), e.hi.Load(), e.info.Load()
	return lo, hi, info, e.seq.Load() == s && info&valid != 0
}

// Get returns the result stored for the key (lo, hi) and tag, if any.
func (t *Wide) Get(lo, hi uint64, tag uint32) (uint32, bool) {
	b := t.bucket(lo, hi, tag)
	for i := range b {
		l, h, info, ok := b[i].read()
		if ok && l == lo && h == hi && info&(1<<TagBits-1) == tag {
			return info >> TagBits & 0xff, true
		}
	}
	return 0, false
}

// Put stores a result (below 256) for the key (lo, hi) and tag, found by
// a search of the given work (0 to MaxWork, larger is dearer).
func (t *Wide) Put(lo, hi uint64, tag, result, work uint32) {
	b := t.bucket(lo, hi, tag)
	l0, h0, info0, ok0 := b[0].read()
	l1, h1, info1, ok1 := b[1].read()
	victim := &b[0]
	if second(ok0 && l0 == lo && h0 == hi && info0&(1<<TagBits-1) == tag, ok1 && l1 == lo && h1 == hi && info1&(1<<TagBits-1) == tag,
		ok0, ok1, info0, info1) {
		victim = &b[1]
	}
	s := victim.seq.Load()
	if s&1 != 0 || !victim.seq.CompareAndSwap(s, s+1) {
		return
	}
	victim.lo.Store(lo)
	victim.hi.Store(hi)
	victim.info.Store(tag | result<<TagBits | min(work, MaxWork)<<workShift | valid)
	victim.seq.Store(s + 2)
}

// second reports whether a store replaces the second entry of a bucket
// rather than the first: the entry of the same key and tag (same0,
// same1) if there is one, else an empty one (ok false), else the one
// whose answer cost less work.
func second(same0, same1, ok0, ok1 bool, info0, info1 uint32) bool {
	switch {
	case same0:
		return false
	case same1:
		return true
	case !ok0:
		return false
	}
	return !ok1 || info1>>workShift&MaxWork < info0>>workShift&MaxWork
}
