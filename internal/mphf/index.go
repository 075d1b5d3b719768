package mphf

import "fmt"

// Index holds where each bucket of a Split function begins, read once
// from its directory and codes, so that a lookup reads its own bucket's
// code and not those of the buckets before it in its group.
type Index struct {
	s       *Split
	start   uint64   // the bit of the first code
	buckets []uint64 // each bucket's first key << 32 | first code bit from the first code; then N << 32
}

// Index reads the whole function from st and returns its Index, or nil
// when its keys or bits do not fit the Index's 32-bit fields (lookups
// then use Slot). The directory must agree with the codes.
func (s *Split) Index(st Stream) (*Index, error) {
	if s.N >= 1<<32 {
		return nil, nil
	}
	start := s.codesStart()
	x := &Index{s: s, start: start, buckets: make([]uint64, s.Buckets+1)}
	code := newReader(st, start)
	var key uint64
	for b := range s.Buckets {
		if b%GroupBuckets == 0 {
			dir := newReader(st, b/GroupBuckets*s.entryBits())
			offset, err := dir.fixed(int(s.OffsetBits))
			if err != nil {
				return nil, err
			}
			first, err := dir.fixed(s.KeyBits())
			if err != nil {
				return nil, err
			}
			if start+offset != code.pos || first != key {
				return nil, fmt.Errorf("%w: group %d's entry does not match its codes", ErrDamaged, b/GroupBuckets)
			}
		}
		m, err := s.size(st, b)
		if err != nil {
			return nil, err
		}
		if code.pos-start >= 1<<32 {
			return nil, nil
		}
		x.buckets[b] = key<<32 | (code.pos - start)
		if key += m; key > s.N {
			return nil, fmt.Errorf("%w: bucket %d ends at key %d of %d", ErrDamaged, b, key, s.N)
		}
		if err := s.skip(&code, m); err != nil {
			return nil, err
		}
	}
	x.buckets[s.Buckets] = key << 32
	return x, nil
}

// size reads the size of bucket b from the directory.
func (s *Split) size(st Stream, b uint64) (uint64, error) {
	r := newReader(st, b/GroupBuckets*s.entryBits()+uint64(s.OffsetBits)+uint64(s.KeyBits())+b%GroupBuckets*uint64(s.SizeBits))
	m, err := r.fixed(int(s.SizeBits))
	if err == nil && m >= uint64(len(s.nodes)) {
		err = fmt.Errorf("%w: a bucket of %d keys", ErrDamaged, m)
	}
	return m, err
}

// Slot returns the slot of the key with hash h, as Split.Slot does.
func (x *Index) Slot(h uint64, st Stream) (uint64, error) {
	return x.SlotIn(h, x.Locate(h), st)
}

// Bucket is where the code of a key's bucket lies: the first of a
// lookup's two reads, which Locate makes and SlotIn uses, so that a batch
// of lookups can make each read for all its keys in turn.
type Bucket struct {
	b, slot, m, pos uint64
}

// Locate returns the bucket of the key with hash h.
func (x *Index) Locate(h uint64) Bucket {
	b := bucketOf(h, uint64(len(x.buckets)-1)) // x.s.Buckets, without reading x.s
	e := x.buckets[b]
	slot := e >> 32
	return Bucket{b: b, slot: slot, m: x.buckets[b+1]>>32 - slot, pos: x.start + e&(1<<32-1)}
}

// ReadAhead reads what SlotIn reads first for the bucket bk in words (its
// code's first word, and the function's tables for a bucket of its size)
// and returns a sum of it, for a batch of lookups to make these reads for
// all its keys before SlotIn needs them.
func (x *Index) ReadAhead(bk Bucket, words Words) uint64 {
	var sum uint64
	if w := bk.pos / 64; w < uint64(len(words)) {
		sum = words[w]
	}
	if bk.m >= 2 && bk.m < uint64(len(x.s.low)) {
		low := x.s.low[bk.m]
		sum += low + x.s.nodes[bk.m] + uint64(x.s.Params[bk.m-2])
		if w := (bk.pos + low) / 64; w < uint64(len(words)) {
			sum += words[w] // the first of the unary parts, after the low bits
		}
	}
	return sum
}

// SlotIn returns the slot of the key with hash h in its bucket bk (from
// Locate), reading the bucket's code from st.
func (x *Index) SlotIn(h uint64, bk Bucket, st Stream) (uint64, error) {
	if w, ok := st.(Words); ok {
		return x.s.inWords(h, w, bk.b, bk.slot, bk.m, bk.pos)
	}
	return x.s.inBucket(h, st, bk.b, bk.slot, bk.m, bk.pos)
}
