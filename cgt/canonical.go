package cgt

import "slices"

// FromOptions returns the canonical form of {left|right}, where every
// option is already canonical. Neither slice is modified.
func (u *Universe) FromOptions(left, right []ID) ID {
	var lbuf, rbuf [32]ID // most option lists are short
	l := sortedUnique(append(lbuf[:0], left...))
	r := sortedUnique(append(rbuf[:0], right...))
	if g, ok := u.fromNumberOptions(l, r); ok {
		return g
	}
	if u.deadline.Load() != 0 {
		u.checkDeadline()
	}
	for {
		l = u.removeDominated(l, true)
		r = u.removeDominated(r, false)
		var changed bool
		if l, changed = u.bypassLeft(l, r); changed {
			continue
		}
		if r, changed = u.bypassRight(l, r); changed {
			continue
		}
		break
	}
	return u.intern(l, r)
}

// sortedUnique sorts opts in place and returns it without repeats.
func sortedUnique(opts []ID) []ID {
	slices.Sort(opts)
	return slices.Compact(opts)
}

// fromNumberOptions handles the common case where every option is a number:
// the game is the simplest number between them, or the switch {max L|min R}.
func (u *Universe) fromNumberOptions(l, r []ID) (ID, bool) {
	b, ok := u.numberBounds(l, r)
	switch {
	case !ok:
		return 0, false
	case b.crossed():
		return u.intern([]ID{b.best}, []ID{b.worst}), true
	}
	return u.Number(b.simplest()), true
}

// removeDominated keeps the options that no other option beats: for Left
// the maximal ones, for Right the minimal ones. opts is sorted and unique,
// and so is the result.
//
// The result is written over opts.
//
// The options are tried best stops first (for Left, the largest left stop,
// then the largest right stop), each against the ones kept so far. As stops
// are monotone (a <= b implies both stops of a are at most b's), an option
// can only be beaten by one tried before it or one with the same stops: so
// few options are kept, and few comparisons made.
func (u *Universe) removeDominated(opts []ID, left bool) []ID {
	if len(opts) < 2 {
		return opts
	}
	var buf [32]stopped
	byStops := buf[:0]
	for _, g := range opts {
		r := u.rec(g)
		o := stopped{g, r.lstop().float(), r.rstop().float()}
		if !left {
			o = stopped{g, -r.rstop().float(), -r.lstop().float()}
		}
		// Insertion sort, best first: option lists are short.
		i := len(byStops)
		byStops = append(byStops, o)
		for ; i > 0 && byStops[i-1].worse(o); i-- {
			byStops[i] = byStops[i-1]
		}
		byStops[i] = o
	}
	kept := byStops[:0]
	for _, a := range byStops {
		if !u.beaten(a, kept, left) {
			kept = u.dropBeaten(kept, a, left)
			kept = append(kept, a)
		}
	}
	out := opts[:len(kept)]
	for i, k := range kept {
		out[i] = k.g
	}
	slices.Sort(out)
	return out
}

// stopped is an option with its stops, for removeDominated: for Left its
// left and right stop, for Right the negatives of its right and left stop,
// so that larger is better for both. The stops are rounded to float64,
// which keeps their order (not always strictly): a stop larger than
// another as a float is larger.
type stopped struct {
	g             ID
	first, second float64
}

// worse orders options for removeDominated: o before s when o's stops are
// better.
func (s stopped) worse(o stopped) bool {
	return s.first < o.first || s.first == o.first && s.second < o.second
}

// beats reports whether b beats or equals a for the player: its stops are
// no worse, and the comparison says so.
func (u *Universe) beats(b, a stopped, left bool) bool {
	if a.first > b.first || a.second > b.second {
		return false
	}
	if a.first < b.second {
		return true // a's first stop below b's second: see Le
	}
	if left {
		return u.Le(a.g, b.g)
	}
	return u.Le(b.g, a.g)
}

// beaten reports whether an option of kept beats a.
func (u *Universe) beaten(a stopped, kept []stopped, left bool) bool {
	for _, b := range kept {
		if u.beats(b, a, left) {
			return true
		}
	}
	return false
}

// dropBeaten removes from kept the options that a beats.
func (u *Universe) dropBeaten(kept []stopped, a stopped, left bool) []stopped {
	out := kept[:0]
	for _, b := range kept {
		if !u.beats(a, b, left) {
			out = append(out, b)
		}
	}
	return out
}

// bypassLeft replaces the first reversible left option A of G = {l|r}
// (one with a right option A^R <= G) by the left options of A^R.
func (u *Universe) bypassLeft(l, r []ID) ([]ID, bool) {
	for i, a := range l {
		for _, ar := range u.Right(a) {
			if u.leOptions(ar, l, r) {
				out := slices.Concat(l[:i:i], l[i+1:], u.Left(ar))
				return sortedUnique(out), true
			}
		}
	}
	return l, false
}

// bypassRight replaces the first reversible right option B of G = {l|r}
// (one with a left option B^L >= G) by the right options of B^L.
func (u *Universe) bypassRight(l, r []ID) ([]ID, bool) {
	for i, b := range r {
		for _, bl := range u.Left(b) {
			if u.geOptions(bl, l, r) {
				out := slices.Concat(r[:i:i], r[i+1:], u.Right(bl))
				return sortedUnique(out), true
			}
		}
	}
	return r, false
}

// leOptions reports x <= G for G = {l|r} given by options only:
// no G^R <= x and no x^L >= G.
func (u *Universe) leOptions(x ID, l, r []ID) bool {
	for _, gr := range r {
		if u.Le(gr, x) {
			return false
		}
	}
	for _, xl := range u.Left(x) {
		if u.geOptions(xl, l, r) {
			return false
		}
	}
	return true
}

// geOptions reports x >= G for G = {l|r}: no G^L >= x and no x^R <= G.
func (u *Universe) geOptions(x ID, l, r []ID) bool {
	for _, gl := range l {
		if u.Le(x, gl) {
			return false
		}
	}
	for _, xr := range u.Right(x) {
		if u.leOptions(xr, l, r) {
			return false
		}
	}
	return true
}
