package cgt

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"
)

// Dyadic is an exact dyadic rational Num/2^Exp, always in lowest terms
// (Num is odd whenever Exp > 0). The zero value is 0.
type Dyadic struct {
	Num int64
	Exp uint8
}

// float returns d rounded to a float64. Rounding keeps order: d < e
// implies d.float() <= e.float().
func (d Dyadic) float() float64 { return float64(d.Num) * inversePowers[d.Exp] }

// inversePowers[k] is 2^-k, exact in a float64: multiplying by it is
// math.Ldexp(x, -k), without its cases for values out of range.
var inversePowers = func() (p [256]float64) {
	for k := range p {
		p[k] = math.Ldexp(1, -k)
	}
	return p
}()

// Int returns the dyadic rational n.
func Int(n int64) Dyadic { return Dyadic{Num: n} }

// NewDyadic returns num/2^exp in lowest terms.
func NewDyadic(num int64, exp uint) Dyadic {
	for exp > 0 && num&1 == 0 {
		num >>= 1
		exp--
	}
	if num == 0 {
		exp = 0
	}
	return Dyadic{Num: num, Exp: uint8(exp)}
}

// IsInteger reports whether d is an integer.
func (d Dyadic) IsInteger() bool { return d.Exp == 0 }

// Sign returns -1, 0 or +1.
func (d Dyadic) Sign() int {
	switch {
	case d.Num < 0:
		return -1
	case d.Num > 0:
		return 1
	}
	return 0
}

// Neg returns -d.
func (d Dyadic) Neg() Dyadic { return Dyadic{Num: -d.Num, Exp: d.Exp} }

// scaled returns d's numerator over the denominator 2^exp (exp >= d.Exp),
// and false if that does not fit in an int64.
func (d Dyadic) scaled(exp uint8) (int64, bool) {
	s := uint(exp - d.Exp)
	if s == 0 {
		return d.Num, true
	}
	if s >= 62 {
		return 0, d.Num == 0
	}
	a := d.Num
	if a < 0 {
		a = -a
	}
	if bits.Len64(uint64(a))+int(s) > 62 {
		return 0, false
	}
	return d.Num << s, true
}

func (d Dyadic) rat() *big.Rat {
	r := new(big.Rat).SetInt64(d.Num)
	den := new(big.Int).Lsh(big.NewInt(1), uint(d.Exp))
	return r.Quo(r, new(big.Rat).SetInt(den))
}

// Cmp returns -1, 0 or +1 as d is less than, equal to or greater than e.
func (d Dyadic) Cmp(e Dyadic) int {
	exp := max(d.Exp, e.Exp)
	a, ok1 := d.scaled(exp)
	b, ok2 := e.scaled(exp)
	if !ok1 || !ok2 {
		return d.rat().Cmp(e.rat())
	}
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Add returns d+e. It panics only if the result leaves the range of
// dyadics with a 62-bit numerator, far beyond any game value we store.
func (d Dyadic) Add(e Dyadic) Dyadic {
	exp := max(d.Exp, e.Exp)
	a, ok1 := d.scaled(exp)
	b, ok2 := e.scaled(exp)
	if !ok1 || !ok2 {
		panic("cgt: dyadic rational out of range")
	}
	return NewDyadic(a+b, uint(exp))
}

// Sub returns d-e.
func (d Dyadic) Sub(e Dyadic) Dyadic { return d.Add(e.Neg()) }

// Floor returns the greatest integer <= d.
func (d Dyadic) Floor() Dyadic { return Int(d.Num >> d.Exp) }

// Ceil returns the least integer >= d.
func (d Dyadic) Ceil() Dyadic {
	f := d.Floor()
	if d.Exp > 0 {
		return Int(f.Num + 1)
	}
	return f
}

// Half returns d/2.
func (d Dyadic) Half() Dyadic { return NewDyadic(d.Num, uint(d.Exp)+1) }

// String writes d as an integer or a fraction such as -3/4.
func (d Dyadic) String() string {
	if d.Exp == 0 {
		return fmt.Sprint(d.Num)
	}
	return fmt.Sprintf("%d/%d", d.Num, uint64(1)<<d.Exp)
}

// simplestBetween returns the simplest dyadic rational x with lo < x < hi;
// a nil bound is absent. The caller guarantees lo < hi.
func simplestBetween(lo, hi *Dyadic) Dyadic {
	switch {
	case lo == nil && hi == nil:
		return Int(0)
	case hi == nil:
		if lo.Sign() < 0 {
			return Int(0)
		}
		return Int(lo.Floor().Num + 1)
	case lo == nil:
		if hi.Sign() > 0 {
			return Int(0)
		}
		return Int(hi.Ceil().Num - 1)
	}
	if lo.Sign() < 0 && hi.Sign() > 0 {
		return Int(0)
	}
	// The integer nearest zero strictly inside, if any.
	if lo.Sign() >= 0 {
		n := Int(lo.Floor().Num + 1)
		if n.Cmp(*hi) < 0 {
			return n
		}
	} else {
		n := Int(hi.Ceil().Num - 1)
		if n.Cmp(*lo) > 0 {
			return n
		}
	}
	// Otherwise the unique dyadic of least denominator inside: for each
	// denominator 2^exp, try the least multiple of 2^-exp above lo.
	for exp := uint(1); exp < 62; exp++ {
		var floor int64
		if uint(lo.Exp) >= exp {
			floor = lo.Num >> (uint(lo.Exp) - exp)
		} else {
			f, ok := lo.scaled(uint8(exp))
			if !ok {
				break
			}
			floor = f
		}
		if x := NewDyadic(floor+1, exp); x.Cmp(*hi) < 0 {
			return x
		}
	}
	panic("cgt: no dyadic rational between bounds")
}
