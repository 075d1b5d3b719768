package tablebase

import (
	"math/bits"
	"unsafe"

	"github.com/cespare/xxhash/v2"

	"github.com/tablebase/tablebase/internal/mphf"
)

// Result is what LookupMany finds for one key, as Lookup returns it.
type Result struct {
	Value uint32
	Found bool
	Err   error
}

// batchKeys is how many keys LookupMany carries through each stage
// together: enough reads under way at once to keep the memory busy, few
// enough for the stages' state to stay on the stack.
const batchKeys = 64

// LookupMany looks up each of keys, storing in out[i] what Lookup returns
// for keys[i] (out has at least len(keys) elements). In a read-only file
// the keys of compact levels whose hash functions and value blocks a
// lookup has read before are looked up in stages, each stage for a run of
// keys before the next: hash every key and read its hash function
// bucket, then read every key's code there, then every value block's
// place, then every value. The reads of one stage do not depend on each
// other, so the processor makes them together rather than one key's chain
// of reads after another's. The other keys go through Lookup.
func (f *File) LookupMany(keys [][]byte, out []Result) {
	out = out[:len(keys)]
	for len(keys) > 0 {
		n := min(len(keys), batchKeys)
		var slow [batchKeys]bool
		if f.db.IsReadOnly() {
			f.lookupStaged(keys[:n], out[:n], &slow)
		} else {
			for i := range n {
				slow[i] = true
			}
		}
		for i := range n {
			if slow[i] {
				v, ok, err := f.Lookup(keys[i])
				out[i] = Result{Value: v, Found: ok, Err: err}
			}
		}
		keys, out = keys[n:], out[n:]
	}
}

// stagedKey is a key's state between the stages of lookupStaged.
type stagedKey struct {
	live      bool // on the staged path, neither left to Lookup nor answered
	lv        *levelInfo
	h         *partHeader
	ix        *splitIndex
	x         *mphf.Index
	hash      uint64
	bucket    mphf.Bucket
	ahead     uint64 // what SlotIn reads first, read ahead
	n         uint64 // the part's keys, and where its values lie
	blockBase uint64
	blockBits uint // the part's slots in a block, a power of 2: 1 << blockBits
	slot      uint64
	kept      *uint32
}

// lookupStaged looks up at most batchKeys keys of a read-only file in
// stages, marking in slow those it leaves to Lookup: a key of a level
// that is not compact, of a part or block not read yet, or whose lookup
// meets anything out of the ordinary (which Lookup then reports). Each
// stage makes one read of each key's chain, which depends on the last
// stage's.
func (f *File) lookupStaged(keys [][]byte, out []Result, slow *[batchKeys]bool) {
	f.reading.RLock()
	defer f.reading.RUnlock()
	var st [batchKeys]stagedKey
	st2 := st[:len(keys)]
	err := safely(f.path, func() error {
		f.locate(keys, out, slow, st2)
		for i := range st2 {
			if s := &st2[i]; s.live {
				s.ix = s.h.index.Load()
				s.n, s.blockBase, s.blockBits = s.h.n, s.h.blockBase, uint(bits.TrailingZeros64(s.h.perBlock))
			}
		}
		for i := range st2 {
			if s := &st2[i]; s.live {
				if s.ix == nil || s.ix.x == nil || s.ix.words == nil || s.h.perBlock != 1<<s.blockBits {
					s.live, slow[i] = false, true
					continue
				}
				s.x = s.ix.x
			}
		}
		for i := range st2 {
			if s := &st2[i]; s.live {
				s.bucket = s.x.Locate(s.hash)
			}
		}
		for i := range st2 {
			if s := &st2[i]; s.live {
				s.ahead = s.x.ReadAhead(s.bucket, s.ix.words)
			}
		}
		for i := range st2 {
			if s := &st2[i]; s.live {
				slot, err := s.x.SlotIn(s.hash, s.bucket, s.ix.stream)
				if err != nil || slot >= s.n {
					s.live, slow[i] = false, true
					continue
				}
				s.slot = slot
			}
		}
		for i := range st2 {
			if s := &st2[i]; s.live {
				if block := s.blockBase + s.slot>>s.blockBits; block < uint64(len(s.lv.values)) {
					s.kept = s.lv.values[block].Load()
				}
			}
		}
		for i := range st2 {
			if s := &st2[i]; s.live {
				j := s.slot & (1<<s.blockBits - 1)
				if s.kept == nil || j >= uint64(*s.kept) {
					slow[i] = true
					continue
				}
				out[i] = Result{Value: unsafe.Slice(s.kept, *s.kept+1)[1+j], Found: true}
			}
		}
		return nil
	})
	if err != nil || f.closed {
		for i := range keys {
			slow[i] = true
		}
	}
}

// locate is lookupStaged's first stage: each key's level, part and hash.
// A key the layout omits is found here; a key of a part the level lacks
// is absent.
func (f *File) locate(keys [][]byte, out []Result, slow *[batchKeys]bool, st []stagedKey) {
	l := f.layout.Load()
	var d xxhash.Digest
	for i, key := range keys {
		out[i] = Result{}
		if f.closed || l == nil || len(key) == 0 || f.sealedLevels[key[0]/64].Load()&(1<<(key[0]%64)) == 0 {
			slow[i] = true
			continue
		}
		if l.Omit != nil {
			if v, ok := l.Omit(key); ok {
				out[i] = Result{Value: v, Found: true}
				continue
			}
		}
		var part uint32
		if l.Part != nil {
			part = l.Part(key)
		}
		lv := f.levels[key[0]].Load()
		if lv == nil || lv.format < splitVersion {
			slow[i] = true
			continue
		}
		h, err := f.part(nil, lv, part)
		if err != nil {
			slow[i] = true
			continue
		}
		if h != nil {
			st[i] = stagedKey{live: true, lv: lv, h: h, hash: hashKey(&d, key, lv.seed)}
		}
	}
}
