package cgt

import (
	"math"
	"testing"
)

// TestSimplestBetween compares with the definition: the number of least
// birthday strictly between the bounds, found by walking the binary tree of
// numbers from 0.
func TestSimplestBetween(t *testing.T) {
	var all []Dyadic
	for exp := uint(0); exp <= 4; exp++ {
		for n := int64(-64); n <= 64; n++ {
			if d := NewDyadic(n, exp); d.Exp == uint8(exp) {
				all = append(all, d)
			}
		}
	}
	birthday := func(d Dyadic) int64 {
		// n has birthday |n|; m/2^k (k > 0) has floor(|m/2^k|) + 1 + k.
		a := d.Num
		if a < 0 {
			a = -a
		}
		if d.Exp == 0 {
			return a
		}
		return a>>d.Exp + 1 + int64(d.Exp)
	}
	for _, lo := range all {
		for _, hi := range all {
			if lo.Cmp(hi) >= 0 {
				continue
			}
			var want *Dyadic
			for _, x := range all {
				if lo.Cmp(x) < 0 && x.Cmp(hi) < 0 && (want == nil || birthday(x) < birthday(*want)) {
					want = &x
				}
			}
			if got := simplestBetween(&lo, &hi); want != nil && got != *want {
				t.Fatalf("simplest between %v and %v: %v, want %v", lo, hi, got, *want)
			}
		}
	}
}

// TestFloat checks the rounding of dyadics to float64 against math.Ldexp,
// for every exponent and numerators small, odd and past 2^53.
func TestFloat(t *testing.T) {
	for exp := range 256 {
		for _, num := range []int64{0, 1, -1, 3, -7, 1<<53 + 1, -(1<<62 + 3), math.MaxInt64, math.MinInt64 + 1} {
			d := Dyadic{Num: num, Exp: uint8(exp)}
			if got, want := d.float(), math.Ldexp(float64(num), -exp); got != want {
				t.Fatalf("%d/2^%d: %v, want %v", num, exp, got, want)
			}
		}
	}
}
