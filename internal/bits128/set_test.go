package bits128

import (
	"math/rand/v2"
	"testing"
)

// cells lists a set's cells the slow way, bit by bit.
func cells(a Set) []int {
	var out []int
	for i := range 128 {
		w := a.Lo
		if i >= 64 {
			w = a.Hi
		}
		if w>>(i%64)&1 != 0 {
			out = append(out, i)
		}
	}
	return out
}

// fromCells builds a set from its cells, dropping those outside 0..127.
func fromCells(cs []int) Set {
	var a Set
	for _, c := range cs {
		if c >= 0 && c < 128 {
			a = a.Or(Cell(c))
		}
	}
	return a
}

func shifted(a Set, by int) Set {
	cs := cells(a)
	for i := range cs {
		cs[i] += by
	}
	return fromCells(cs)
}

// TestAgainstCells checks every operation against the same operation on
// lists of cells, on random sets.
func TestAgainstCells(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		a := Set{rng.Uint64() & rng.Uint64(), rng.Uint64() & rng.Uint64()}
		b := Set{rng.Uint64(), rng.Uint64()}
		n := 1 + rng.IntN(127)
		if got, want := a.ShrAny(uint(n)), shifted(a, -n); got != want {
			t.Fatalf("%v.ShrAny(%d) = %v, want %v", a, n, got, want)
		}
		if got, want := a.ShlAny(uint(n)), shifted(a, n); got != want {
			t.Fatalf("%v.ShlAny(%d) = %v, want %v", a, n, got, want)
		}
		if n < 64 && (a.Shr(uint(n)) != a.ShrAny(uint(n)) || a.Shl(uint(n)) != a.ShlAny(uint(n))) {
			t.Fatalf("Shr/Shl(%d) differ from ShrAny/ShlAny on %v", n, a)
		}
		cs := cells(a)
		if a.Count() != len(cs) || a.Empty() != (len(cs) == 0) {
			t.Fatalf("%v: Count %d, Empty %v; cells %v", a, a.Count(), a.Empty(), cs)
		}
		if len(cs) > 0 && (a.Low() != cs[0] || a.WithoutLow() != fromCells(cs[1:])) {
			t.Fatalf("%v: Low %d, WithoutLow %v; cells %v", a, a.Low(), a.WithoutLow(), cs)
		}
		for _, c := range []int{0, 63, 64, 127, rng.IntN(128)} {
			if a.Has(c) != (a.And(Cell(c)) == Cell(c)) {
				t.Fatalf("%v.Has(%d) wrong", a, c)
			}
		}
		if a.And(b).Or(a.AndNot(b)) != a || !a.And(b).And(a.AndNot(b)).Empty() {
			t.Fatalf("And/AndNot of %v and %v do not split a", a, b)
		}
		if a.Less(b) != (a.Hi < b.Hi || a.Hi == b.Hi && a.Lo < b.Lo) {
			t.Fatalf("Less(%v, %v) wrong", a, b)
		}
	}
	for n := range 129 {
		if got := First(n).Count(); got != n || n > 0 && First(n).Low() != 0 {
			t.Fatalf("First(%d) has %d cells", n, got)
		}
	}
}
