package heap

import "math/bits"

// nimSet is a set of nim-values below 128: every nim-value of a region
// of at most 64 cells is one, since it has at most maxMoves moves, and
// so is the XOR of two.
type nimSet struct{ lo, hi uint64 }

// lowest returns {0, 1, ..., n-1}, for n from 0 to 128.
func lowest(n int) nimSet {
	if n > 64 {
		return nimSet{^uint64(0), uint64(1)<<(n-64) - 1}
	}
	return nimSet{uint64(1)<<n - 1, 0}
}

// single returns {n}, for n below 128.
func single(n int) nimSet {
	if n >= 64 {
		return nimSet{0, 1 << (n - 64)}
	}
	return nimSet{1 << n, 0}
}

// has reports whether n is in s.
func (s nimSet) has(n int) bool {
	if n >= 64 {
		return s.hi>>(n-64)&1 != 0
	}
	return s.lo>>n&1 != 0
}

// empty reports whether s has no element.
func (s nimSet) empty() bool { return s.lo|s.hi == 0 }

// and returns the elements in both s and t.
func (s nimSet) and(t nimSet) nimSet { return nimSet{s.lo & t.lo, s.hi & t.hi} }

// with returns s and n.
func (s nimSet) with(n int) nimSet {
	t := single(n)
	return nimSet{s.lo | t.lo, s.hi | t.hi}
}

// least returns the least element of s, which is not empty.
func (s nimSet) least() int {
	if s.lo != 0 {
		return bits.TrailingZeros64(s.lo)
	}
	return 64 + bits.TrailingZeros64(s.hi)
}

// largest returns the largest element of s, or -1 when it is empty.
func (s nimSet) largest() int {
	if s.hi != 0 {
		return 127 - bits.LeadingZeros64(s.hi)
	}
	return 63 - bits.LeadingZeros64(s.lo)
}

// withoutLargest returns s less its largest element.
func (s nimSet) withoutLargest() nimSet {
	if s.hi != 0 {
		s.hi &^= 1 << (63 - bits.LeadingZeros64(s.hi))
		return s
	}
	if s.lo != 0 {
		s.lo &^= 1 << (63 - bits.LeadingZeros64(s.lo))
	}
	return s
}

// through returns every nim-value up to the largest of s: {0, ...,
// largest}, empty when s is.
func (s nimSet) through() nimSet { return lowest(s.largest() + 1) }

// xor returns each element of s XORed with n, below 128.
func (s nimSet) xor(n int) nimSet {
	if n == 0 {
		return s
	}
	var t nimSet
	for lo := s.lo; lo != 0; lo &= lo - 1 {
		t = t.with(bits.TrailingZeros64(lo) ^ n)
	}
	for hi := s.hi; hi != 0; hi &= hi - 1 {
		t = t.with((64 + bits.TrailingZeros64(hi)) ^ n)
	}
	return t
}

// drop returns s less n when n is in it, else less its largest element
// (rest, which the caller has at hand): a move of value n takes one
// candidate out of the nim-values its region may have.
func (s nimSet) drop(n int, rest nimSet) nimSet {
	if s.has(n) {
		t := single(n)
		return nimSet{s.lo &^ t.lo, s.hi &^ t.hi}
	}
	return rest
}
