// Package bits128 is a set of up to 128 cells in two machine words, for
// boards past 64 cells: cell i is bit i of Lo (0 to 63) or bit i-64 of Hi.
// Every operation is a few instructions that the compiler inlines.
package bits128

import "math/bits"

// Cells is the number of cells a set can hold.
const Cells = 128

// Set is a set of cells 0 to 127.
type Set struct{ Lo, Hi uint64 }

// Of returns the set whose cells 0 to 63 are the bits of x.
func Of(x uint64) Set { return Set{Lo: x} }

// Word returns cells 0 to 63 as the bits of a word.
func (a Set) Word() uint64 { return a.Lo }

// Cell returns the set of cell i alone (0 <= i < 128).
func Cell(i int) Set {
	if i < 64 {
		return Set{1 << i, 0}
	}
	return Set{0, 1 << (i - 64)}
}

// First returns the set of cells 0 to n-1 (0 <= n <= 128).
func First(n int) Set {
	switch {
	case n >= 128:
		return Set{^uint64(0), ^uint64(0)}
	case n >= 64:
		return Set{^uint64(0), 1<<(n-64) - 1}
	}
	return Set{1<<n - 1, 0}
}

// And returns the cells in both sets.
func (a Set) And(b Set) Set { return Set{a.Lo & b.Lo, a.Hi & b.Hi} }

// Or returns the cells in either set.
func (a Set) Or(b Set) Set { return Set{a.Lo | b.Lo, a.Hi | b.Hi} }

// AndNot returns the cells of a not in b.
func (a Set) AndNot(b Set) Set { return Set{a.Lo &^ b.Lo, a.Hi &^ b.Hi} }

// Empty reports whether the set has no cell.
func (a Set) Empty() bool { return a.Lo|a.Hi == 0 }

// Count returns the number of cells.
func (a Set) Count() int { return bits.OnesCount64(a.Lo) + bits.OnesCount64(a.Hi) }

// Has reports whether cell i is in the set.
func (a Set) Has(i int) bool { return !a.And(Cell(i)).Empty() }

// Shr moves every cell n places down in index (0 < n < 64).
func (a Set) Shr(n uint) Set { return Set{a.Lo>>n | a.Hi<<(64-n), a.Hi >> n} }

// Shl moves every cell n places up in index (0 < n < 64).
func (a Set) Shl(n uint) Set { return Set{a.Lo << n, a.Hi<<n | a.Lo>>(64-n)} }

// ShrAny shifts down by any amount below 128.
func (a Set) ShrAny(n uint) Set {
	switch {
	case n == 0:
		return a
	case n >= 64:
		return Set{a.Hi >> (n - 64), 0}
	}
	return a.Shr(n)
}

// ShlAny shifts up by any amount below 128.
func (a Set) ShlAny(n uint) Set {
	switch {
	case n == 0:
		return a
	case n >= 64:
		return Set{0, a.Lo << (n - 64)}
	}
	return a.Shl(n)
}

// Low returns the lowest cell of a non-empty set.
func (a Set) Low() int {
	if a.Lo != 0 {
		return bits.TrailingZeros64(a.Lo)
	}
	return 64 + bits.TrailingZeros64(a.Hi)
}

// WithoutLow returns the set without its lowest cell.
func (a Set) WithoutLow() Set {
	if a.Lo != 0 {
		return Set{a.Lo & (a.Lo - 1), a.Hi}
	}
	return Set{0, a.Hi & (a.Hi - 1)}
}

// Less orders sets as 128-bit numbers.
func (a Set) Less(b Set) bool { return a.Hi < b.Hi || a.Hi == b.Hi && a.Lo < b.Lo }

// High returns the highest cell of a set, or -1 when it is empty.
func (a Set) High() int {
	if a.Hi != 0 {
		return 127 - bits.LeadingZeros64(a.Hi)
	}
	return 63 - bits.LeadingZeros64(a.Lo)
}
