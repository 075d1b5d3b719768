package heap

import "github.com/tablebase/tablebase/internal/bits128"

// nimSet is a set of nim-values below 128: every nim-value of a region
// of at most 64 cells is one, since it has at most maxMoves moves, and
// so is the XOR of two. Value n is cell n of a bits128.Set.
type nimSet struct{ bits128.Set }

// lowest returns {0, 1, ..., n-1}, for n from 0 to 128.
func lowest(n int) nimSet { return nimSet{bits128.First(n)} }

// single returns {n}, for n below 128.
func single(n int) nimSet { return nimSet{bits128.Cell(n)} }

// has reports whether n is in s.
func (s nimSet) has(n int) bool { return s.Has(n) }

// empty reports whether s has no element.
func (s nimSet) empty() bool { return s.Empty() }

// and returns the elements in both s and t.
func (s nimSet) and(t nimSet) nimSet { return nimSet{s.And(t.Set)} }

// with returns s and n.
func (s nimSet) with(n int) nimSet { return nimSet{s.Or(bits128.Cell(n))} }

// least returns the least element of s, which is not empty.
func (s nimSet) least() int { return s.Low() }

// largest returns the largest element of s, or -1 when it is empty.
func (s nimSet) largest() int { return s.High() }

// withoutLargest returns s less its largest element.
func (s nimSet) withoutLargest() nimSet {
	if s.empty() {
		return s
	}
	return nimSet{s.AndNot(bits128.Cell(s.largest()))}
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
	for rest := s.Set; !rest.Empty(); rest = rest.WithoutLow() {
		t = t.with(rest.Low() ^ n)
	}
	return t
}

// drop returns s less n when n is in it, else less its largest element
// (rest, which the caller has at hand): a move of value n takes one
// candidate out of the nim-values its region may have.
func (s nimSet) drop(n int, rest nimSet) nimSet {
	if s.has(n) {
		return nimSet{s.AndNot(bits128.Cell(n))}
	}
	return rest
}
