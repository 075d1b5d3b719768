package bits192

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// words returns a set's words, cells 0 to 63 first.
func words(a *Set) []*uint64 { return []*uint64{&a.A, &a.B, &a.C} }

// num returns a set as a number, cell i as bit i.
func num(a Set) *big.Int {
	n := new(big.Int)
	w := words(&a)
	for i := len(w) - 1; i >= 0; i-- {
		n.Lsh(n, 64).Or(n, new(big.Int).SetUint64(*w[i]))
	}
	return n
}

// set returns the cells 0 to Cells-1 of a number.
func set(n *big.Int) Set {
	var a Set
	for i, w := range words(&a) {
		*w = new(big.Int).Rsh(n, uint(64*i)).Uint64()
	}
	return a
}

// TestAgainstNumbers checks every operation against the same operation
// on big numbers, on random sets.
func TestAgainstNumbers(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	random := func() Set {
		var a Set
		for _, w := range words(&a) {
			if rng.IntN(3) > 0 {
				*w = rng.Uint64() & rng.Uint64()
			}
		}
		return a
	}
	for range 3000 {
		a, b := random(), random()
		x, y := num(a), num(b)
		n := 1 + rng.IntN(Cells-1)
		if got, want := a.ShrAny(uint(n)), set(new(big.Int).Rsh(x, uint(n))); got != want {
			t.Fatalf("%v.ShrAny(%d) = %v, want %v", a, n, got, want)
		}
		if got, want := a.ShlAny(uint(n)), set(new(big.Int).Lsh(x, uint(n))); got != want {
			t.Fatalf("%v.ShlAny(%d) = %v, want %v", a, n, got, want)
		}
		if n < 64 && (a.Shr(uint(n)) != a.ShrAny(uint(n)) || a.Shl(uint(n)) != a.ShlAny(uint(n))) {
			t.Fatalf("Shr/Shl(%d) differ from ShrAny/ShlAny on %v", n, a)
		}
		if a.And(b) != set(new(big.Int).And(x, y)) || a.Or(b) != set(new(big.Int).Or(x, y)) || a.AndNot(b) != set(new(big.Int).AndNot(x, y)) {
			t.Fatalf("And, Or or AndNot of %v and %v wrong", a, b)
		}
		count := 0
		for i := range Cells {
			if a.Has(i) != (x.Bit(i) == 1) || a.Has(i) != (a.And(Cell(i)) == Cell(i)) {
				t.Fatalf("%v.Has(%d) wrong", a, i)
			}
			count += int(x.Bit(i))
		}
		if a.Count() != count || a.Empty() != (count == 0) || a.Less(b) != (x.Cmp(y) < 0) {
			t.Fatalf("%v: Count %d, Empty %v, Less %v", a, a.Count(), a.Empty(), a.Less(b))
		}
		if count > 0 && (a.Low() != int(x.TrailingZeroBits()) || a.WithoutLow() != a.AndNot(Cell(a.Low()))) {
			t.Fatalf("%v: Low %d, WithoutLow %v", a, a.Low(), a.WithoutLow())
		}
		if w := rng.Uint64(); Of(w).Word() != w || Of(w).Count() != set(new(big.Int).SetUint64(w)).Count() {
			t.Fatalf("Of(%x) wrong", w)
		}
	}
	for n := range Cells + 1 {
		want := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(n)), big.NewInt(1))
		if First(n) != set(want) {
			t.Fatalf("First(%d) = %v", n, First(n))
		}
	}
}
