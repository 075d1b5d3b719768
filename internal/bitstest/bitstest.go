// Package bitstest checks a set type of several words (packages bits128,
// bits192 and bitsw) against the same operations on big numbers: what
// their tests share.
package bitstest

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// Set is what the sets of several words have in common.
type Set[S any] interface {
	comparable
	And(S) S
	Or(S) S
	AndNot(S) S
	Empty() bool
	Count() int
	Has(int) bool
	Shr(uint) S
	Shl(uint) S
	ShrAny(uint) S
	ShlAny(uint) S
	Low() int
	WithoutLow() S
	Less(S) bool
	Word() uint64
}

// Kind is a set type: its size and constructors, and its words, cells 0
// to 63 first.
type Kind[S Set[S]] struct {
	Cells int
	Words func(*S) []*uint64
	Cell  func(int) S
	First func(int) S
	Of    func(uint64) S
}

// num returns a set as a number, cell i as bit i.
func (k Kind[S]) num(a S) *big.Int {
	n := new(big.Int)
	w := k.Words(&a)
	for i := len(w) - 1; i >= 0; i-- {
		n.Lsh(n, 64).Or(n, new(big.Int).SetUint64(*w[i]))
	}
	return n
}

// set returns the cells 0 to Cells-1 of a number.
func (k Kind[S]) set(n *big.Int) S {
	var a S
	for i, w := range k.Words(&a) {
		*w = new(big.Int).Rsh(n, uint(64*i)).Uint64()
	}
	return a
}

// AgainstNumbers checks every operation of the kind against the same
// operation on big numbers, on random sets.
func AgainstNumbers[S Set[S]](t *testing.T, k Kind[S]) {
	rng := rand.New(rand.NewPCG(1, 2))
	random := func() S {
		var a S
		for _, w := range k.Words(&a) {
			if rng.IntN(3) > 0 {
				*w = rng.Uint64() & rng.Uint64()
			}
		}
		return a
	}
	for range 3000 {
		a, b := random(), random()
		x, y := k.num(a), k.num(b)
		n := 1 + rng.IntN(k.Cells-1)
		if got, want := a.ShrAny(uint(n)), k.set(new(big.Int).Rsh(x, uint(n))); got != want {
			t.Fatalf("%v.ShrAny(%d) = %v, want %v", a, n, got, want)
		}
		if got, want := a.ShlAny(uint(n)), k.set(new(big.Int).Lsh(x, uint(n))); got != want {
			t.Fatalf("%v.ShlAny(%d) = %v, want %v", a, n, got, want)
		}
		if n < 64 && (a.Shr(uint(n)) != a.ShrAny(uint(n)) || a.Shl(uint(n)) != a.ShlAny(uint(n))) {
			t.Fatalf("Shr/Shl(%d) differ from ShrAny/ShlAny on %v", n, a)
		}
		if a.And(b) != k.set(new(big.Int).And(x, y)) || a.Or(b) != k.set(new(big.Int).Or(x, y)) || a.AndNot(b) != k.set(new(big.Int).AndNot(x, y)) {
			t.Fatalf("And, Or or AndNot of %v and %v wrong", a, b)
		}
		count := 0
		for i := range k.Cells {
			if a.Has(i) != (x.Bit(i) == 1) || a.Has(i) != (a.And(k.Cell(i)) == k.Cell(i)) {
				t.Fatalf("%v.Has(%d) wrong", a, i)
			}
			count += int(x.Bit(i))
		}
		if a.Count() != count || a.Empty() != (count == 0) || a.Less(b) != (x.Cmp(y) < 0) {
			t.Fatalf("%v: Count %d, Empty %v, Less %v", a, a.Count(), a.Empty(), a.Less(b))
		}
		if count > 0 && (a.Low() != int(x.TrailingZeroBits()) || a.WithoutLow() != a.AndNot(k.Cell(a.Low()))) {
			t.Fatalf("%v: Low %d, WithoutLow %v", a, a.Low(), a.WithoutLow())
		}
		if w := rng.Uint64(); k.Of(w).Word() != w || k.Of(w).Count() != k.set(new(big.Int).SetUint64(w)).Count() {
			t.Fatalf("Of(%x) wrong", w)
		}
	}
	for n := range k.Cells + 1 {
		want := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(n)), big.NewInt(1))
		if k.First(n) != k.set(want) {
			t.Fatalf("First(%d) = %v", n, k.First(n))
		}
	}
}
