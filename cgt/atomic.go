package cgt

import "errors"

// Up returns ^ = {0|*}.
func (u *Universe) Up() ID { return u.FromOptions([]ID{Zero}, []ID{u.Nim(1)}) }

// IsInfinitesimal reports whether both stops of g are 0.
func (u *Universe) IsInfinitesimal(g ID) bool {
	r := u.rec(g)
	return r.lstop().Sign() == 0 && r.rstop().Sign() == 0
}

// IsAllSmall reports whether in every follower of g either both players
// have a move or neither has (every XT Domineering position is all-small).
func (u *Universe) IsAllSmall(g ID) bool {
	return u.memo(&u.allSmall, g, func() ID {
		r := u.rec(g)
		if g == Zero {
			return 1
		}
		if r.isNum {
			return 0
		}
		for _, o := range u.left(r) {
			if !u.IsAllSmall(o) {
				return 0
			}
		}
		for _, o := range u.right(r) {
			if !u.IsAllSmall(o) {
				return 0
			}
		}
		return 1
	}) == 1
}

// ErrNotAtomic is returned for games without an atomic weight.
var ErrNotAtomic = errors.New("the game is not atomic (it has no atomic weight)")

// AtomicWeight returns the atomic weight of an infinitesimal g, checked as
// CGSuite does (David Wolfe's test: g - aw.^ lies between -e and e, where e
// is ^* plus a long red kite).
func (u *Universe) AtomicWeight(g ID) (ID, error) {
	if !u.IsInfinitesimal(g) {
		return 0, ErrNotAtomic
	}
	aw := u.naiveAtomicWeight(g)
	if u.IsAllSmall(g) {
		return aw, nil
	}
	diff := u.Sub(g, u.NortonMultiply(aw, u.Up()))
	pow := 2
	for pow < u.farStar(g) {
		pow <<= 1
	}
	kite := u.OrdinalSum(u.Nim(pow), u.Number(Int(-1)))
	eps := u.Add(u.Add(u.Up(), u.Nim(1)), kite)
	if u.Le(diff, eps) && u.Le(u.Neg(eps), diff) {
		return aw, nil
	}
	return 0, ErrNotAtomic
}

// naiveAtomicWeight is {aw(g^L)-2 | aw(g^R)+2}, corrected when that is an
// integer and g is above or below the far star.
func (u *Universe) naiveAtomicWeight(g ID) ID {
	return u.memo(&u.atomic, g, func() ID {
		gl, gr := u.options(u.rec(g))
		two, minusTwo := u.Number(Int(2)), u.Number(Int(-2))
		left := make([]ID, len(gl))
		right := make([]ID, len(gr))
		for i, o := range gl {
			left[i] = u.Add(u.naiveAtomicWeight(o), minusTwo)
		}
		for i, o := range gr {
			right[i] = u.Add(u.naiveAtomicWeight(o), two)
		}
		g0 := u.FromOptions(left, right)
		if x, ok := u.IsNumber(g0); !ok || !x.IsInteger() {
			return g0
		}
		fs := u.Nim(u.farStar(g))
		le, ge := u.Le(g, fs), u.Le(fs, g)
		switch {
		case le && !ge: // g < far star: least integer n with n |> every left
			if len(left) == 0 {
				return Zero
			}
			var best Dyadic
			for i, o := range left {
				_, rs := u.Stops(o)
				n := rs.Ceil()
				if u.Le(u.Number(n), o) {
					n = n.Add(Int(1))
				}
				if i == 0 || n.Cmp(best) > 0 {
					best = n
				}
			}
			return u.Number(best)
		case ge && !le: // g > far star: greatest integer n with n <| every right
			if len(right) == 0 {
				return Zero
			}
			var best Dyadic
			for i, o := range right {
				ls, _ := u.Stops(o)
				n := ls.Floor()
				if u.Le(o, u.Number(n)) {
					n = n.Sub(Int(1))
				}
				if i == 0 || n.Cmp(best) < 0 {
					best = n
				}
			}
			return u.Number(best)
		}
		return g0
	})
}

// farStar returns one more than the largest nimber among g's followers.
func (u *Universe) farStar(g ID) int {
	r := u.rec(g)
	if r.nim >= 0 {
		return int(r.nim) + 1
	}
	fs := 1
	for _, o := range u.left(r) {
		fs = max(fs, u.farStar(o))
	}
	for _, o := range u.right(r) {
		fs = max(fs, u.farStar(o))
	}
	return fs
}

// OrdinalSum returns g:h = {g^L, g:h^L | g^R, g:h^R}.
func (u *Universe) OrdinalSum(g, h ID) ID {
	gr, hr := u.rec(g), u.rec(h)
	left := append([]ID(nil), u.left(gr)...)
	right := append([]ID(nil), u.right(gr)...)
	for _, o := range u.left(hr) {
		left = append(left, u.OrdinalSum(g, o))
	}
	for _, o := range u.right(hr) {
		right = append(right, u.OrdinalSum(g, o))
	}
	return u.FromOptions(left, right)
}

// NortonMultiply returns g.v, Norton's product: n copies of v for an
// integer g = n, else {g^L.v + v + I | g^R.v - v - I} over v's incentives I.
func (u *Universe) NortonMultiply(g, v ID) ID {
	if x, ok := u.IsNumber(g); ok && x.IsInteger() {
		return u.Multiple(v, int(x.Num))
	}
	vr := u.rec(v)
	var inc []ID
	for _, o := range u.left(vr) {
		inc = append(inc, u.Sub(o, v))
	}
	for _, o := range u.right(vr) {
		inc = append(inc, u.Sub(v, o))
	}
	inc = u.removeDominated(sortedUnique(inc), true)
	gr := u.rec(g)
	var left, right []ID
	for _, gl := range u.left(gr) {
		p := u.NortonMultiply(gl, v)
		for _, i := range inc {
			left = append(left, u.Add(p, u.Add(v, i)))
		}
	}
	for _, gr := range u.right(gr) {
		p := u.NortonMultiply(gr, v)
		for _, i := range inc {
			right = append(right, u.Sub(p, u.Add(v, i)))
		}
	}
	return u.FromOptions(left, right)
}
