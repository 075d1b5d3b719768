package mphf

import (
	"fmt"
	"math/bits"
)

// inWords is inBucket for a function whose bits are Words: the same walk
// and the same errors, reading the words in place rather than through a
// Stream.
func (s *Split) inWords(h uint64, w Words, b, slot, m, pos uint64) (uint64, error) {
	if slot+m > s.N {
		return 0, fmt.Errorf("%w: bucket %d ends at key %d of %d", ErrDamaged, b, slot+m, s.N)
	}
	if m == 0 {
		return min(slot, s.N-1), nil
	}
	upos := pos + s.low[m] // the unary parts follow the low bits
	for m > 1 {
		k := s.Params[m-2]
		low := w.at(pos) & (1<<k - 1)
		pos += uint64(k)
		high, ok := w.unary(&upos)
		if !ok {
			return 0, fmt.Errorf("%w: a code longer than %d bits", ErrDamaged, maxUnary)
		}
		x := high<<k | low
		if m <= LeafSize {
			return slot + uint64(below(h, x, int(m))), nil
		}
		left := uint64(leftOf(int(m)))
		if uint64(below(h, x, int(m))) < left {
			m = left
			continue
		}
		pos += s.low[left]
		if !w.skipOnes(&upos, s.nodes[left]) {
			return 0, fmt.Errorf("%w: codes longer than %d bits", ErrDamaged, maxUnary)
		}
		slot += left
		m -= left
	}
	return slot, nil
}

// at returns the 64 bits from bit i on, as Bits does.
func (m Words) at(i uint64) uint64 {
	v, _ := m.Bits(i)
	return v
}

// unary reads a count of zeros ended by a one from bit *pos on, as
// reader.unary does; ok is false for a count past maxUnary.
func (m Words) unary(pos *uint64) (q uint64, ok bool) {
	for {
		if v := m.at(*pos); v != 0 {
			z := uint64(bits.TrailingZeros64(v))
			*pos += z + 1
			return q + z, true
		}
		q += 64
		*pos += 64
		if q > maxUnary {
			return 0, false
		}
	}
}

// skipOnes passes over the next c ones and the zeros before them from bit
// *pos on, as reader.skipOnes does; ok is false for codes too long.
func (m Words) skipOnes(pos *uint64, c uint64) bool {
	limit := *pos + (c+1)*maxUnary
	for c > 0 {
		v := m.at(*pos)
		if ones := uint64(bits.OnesCount64(v)); ones < c {
			c -= ones
			*pos += 64
			if *pos > limit {
				return false
			}
			continue
		}
		for ; c > 1; c-- {
			v &= v - 1
		}
		*pos += uint64(bits.TrailingZeros64(v)) + 1
		return true
	}
	return true
}
