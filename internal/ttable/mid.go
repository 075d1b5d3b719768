package ttable

import (
	"sync/atomic"

	"github.com/tablebase/tablebase/internal/bits192"
	"github.com/tablebase/tablebase/internal/hugemem"
	"github.com/tablebase/tablebase/internal/mix"
)

// Mid is Wide for keys of up to bits192.Cells bits, for boards of 129 to
// 192 cells: the same buckets of two and the same choice of the entry a
// store replaces, with entries of 32 bytes (a bucket is one cache line).
type Mid struct {
	entries []midEntry
	mask    uint64
}

type midEntry struct {
	seq     atomic.Uint32
	info    atomic.Uint32 // as in Wide
	a, b, c atomic.Uint64 // the key's words
}

// NewMid returns a table of 2^log2Size entries (32 bytes each).
func NewMid(log2Size uint) *Mid {
	t := &Mid{mask: 1<<log2Size - 2}
	t.entries = hugemem.Slice[midEntry](t, 1<<log2Size)
	return t
}

func (t *Mid) bucket(key bits192.Set, tag uint32) *[2]midEntry {
	h := key.A ^ key.B*0xD6E8FEB86659FD93 ^ key.C*0xA0761D6478BD642F ^ uint64(tag)*0x9E3779B97F4A7C15
	i := mix.Uint64(h) & t.mask
	return (*[2]midEntry)(t.entries[i : i+2])
}

// read returns e's key and info if no store was under way.
func (e *midEntry) read() (key bits192.Set, info uint32, ok bool) {
	s := e.seq.Load()
	if s&1 != 0 {
		return key, 0, false
	}
	key = bits192.Set{A: e.a.Load(), B: e.b.Load(), C: e.c.Load()}
	info = e.info.Load()
	return key, info, e.seq.Load() == s && info&valid != 0
}

// Get returns the result stored for the key and tag, if any.
func (t *Mid) Get(key bits192.Set, tag uint32) (uint32, bool) {
	b := t.bucket(key, tag)
	for i := range b {
		k, info, ok := b[i].read()
		if ok && k == key && info&(1<<TagBits-1) == tag {
			return info >> TagBits & 0xff, true
		}
	}
	return 0, false
}

// Put stores a result (below 256) for the key and tag, found by a search
// of the given work (0 to MaxWork, larger is dearer).
func (t *Mid) Put(key bits192.Set, tag, result, work uint32) {
	b := t.bucket(key, tag)
	k0, info0, ok0 := b[0].read()
	k1, info1, ok1 := b[1].read()
	victim := &b[0]
	if second(ok0 && k0 == key && info0&(1<<TagBits-1) == tag, ok1 && k1 == key && info1&(1<<TagBits-1) == tag, ok0, ok1, info0, info1) {
		victim = &b[1]
	}
	s := victim.seq.Load()
	if s&1 != 0 || !victim.seq.CompareAndSwap(s, s+1) {
		return
	}
	victim.a.Store(key.A)
	victim.b.Store(key.B)
	victim.c.Store(key.C)
	victim.info.Store(tag | result<<TagBits | min(work, MaxWork)<<workShift | valid)
	victim.seq.Store(s + 2)
}
