package mphf

import "fmt"

// Index holds where each bucket of a Split function begins, read once
// from its directory and codes, so that a lookup reads its own bucket's
// code and not those of the buckets before it in its group.
type Index struct {
	s     *Split
	start uint64   // the bit of the first code
	code  []uint32 // each bucket's first code bit, from the first code
	key   []uint32 // each bucket's first key, and N
}

// Index reads the whole function from st and returns its Index, or nil
// when its keys or bits do not fit the Index's 32-bit fields (lookups
// then use Slot). The directory must agree with the codes.
func (s *Split) Index(st Stream) (*Index, error) {
	if s.N >= 1<<32 {
		return nil, nil
	}
	start := s.codesStart()
	x := &Index{s: s, start: start, code: make([]uint32, s.Buckets), key: make([]uint32, s.Buckets+1)}
	code := reader{st: st, pos: start}
	var key uint64
	for b := range s.Buckets {
		if b%GroupBuckets == 0 {
			dir := reader{st: st, pos: b / GroupBuckets * s.entryBits()}
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
		x.code[b], x.key[b] = uint32(code.pos-start), uint32(key)
		if key += m; key > s.N {
			return nil, fmt.Errorf("%w: bucket %d ends at key %d of %d", ErrDamaged, b, key, s.N)
		}
		if err := s.skip(&code, m); err != nil {
			return nil, err
		}
	}
	x.key[s.Buckets] = uint32(key)
	return x, nil
}

// size reads the size of bucket b from the directory.
func (s *Split) size(st Stream, b uint64) (uint64, error) {
	r := reader{st: st, pos: b/GroupBuckets*s.entryBits() + uint64(s.OffsetBits) + uint64(s.KeyBits()) + b%GroupBuckets*uint64(s.SizeBits)}
	m, err := r.fixed(int(s.SizeBits))
	if err == nil && m >= uint64(len(s.nodes)) {
		err = fmt.Errorf("%w: a bucket of %d keys", ErrDamaged, m)
	}
	return m, err
}

// Slot returns the slot of the key with hash h, as Split.Slot does.
func (x *Index) Slot(h uint64, st Stream) (uint64, error) {
	b := bucketOf(h, x.s.Buckets)
	slot, m := uint64(x.key[b]), uint64(x.key[b+1]-x.key[b])
	return x.s.inBucket(h, st, b, slot, m, x.start+uint64(x.code[b]))
}
