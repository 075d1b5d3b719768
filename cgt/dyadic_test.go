package cgt

import "testing"

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
