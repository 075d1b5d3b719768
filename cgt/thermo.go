package cgt

import (
	"math"
	"slices"
)

// pl is a continuous piecewise-linear function of the temperature t >= 0:
// linear between the breakpoints (ts[i], vs[i]), ts[0] = 0, and with slope
// tail after the last one. Thermograph walls have slopes 0 and +-1, so every
// breakpoint is a dyadic rational and float64 holds it exactly.
type pl struct {
	ts, vs []float64
	tail   float64
}

func constPL(v float64) pl { return pl{ts: []float64{0}, vs: []float64{v}} }

func (f pl) at(t float64) float64 {
	i, found := slices.BinarySearch(f.ts, t)
	switch {
	case found:
		return f.vs[i]
	case i == len(f.ts):
		return f.vs[i-1] + f.tail*(t-f.ts[i-1])
	}
	a, b := i-1, i
	return f.vs[a] + (f.vs[b]-f.vs[a])*(t-f.ts[a])/(f.ts[b]-f.ts[a])
}

func (f pl) slopeAfter(t float64) float64 {
	i, _ := slices.BinarySearch(f.ts, t)
	if i < len(f.ts) && f.ts[i] == t {
		i++
	}
	if i >= len(f.ts) {
		return f.tail
	}
	a := i - 1
	return (f.vs[i] - f.vs[a]) / (f.ts[i] - f.ts[a])
}

// combine returns pick(f, g) point by point, where pick is max or min.
func combine(f, g pl, pick func(a, b float64) float64) pl {
	ts := slices.Concat(f.ts, g.ts)
	slices.Sort(ts)
	ts = slices.Compact(ts)
	// Add the points where f and g cross inside a segment or after the end.
	var cross []float64
	for i, t := range ts {
		d0 := f.at(t) - g.at(t)
		ds := f.slopeAfter(t) - g.slopeAfter(t)
		if ds == 0 || d0 == 0 {
			continue
		}
		c := t - d0/ds
		if c > t && (i+1 == len(ts) || c < ts[i+1]) {
			cross = append(cross, c)
		}
	}
	ts = slices.Concat(ts, cross)
	slices.Sort(ts)
	h := pl{ts: ts, vs: make([]float64, len(ts))}
	for i, t := range ts {
		h.vs[i] = pick(f.at(t), g.at(t))
	}
	last := ts[len(ts)-1]
	if pick(f.at(last+1), g.at(last+1)) == f.at(last+1) {
		h.tail = f.tail
	} else {
		h.tail = g.tail
	}
	return h
}

// addSlope returns f(t) + s*t.
func (f pl) addSlope(s float64) pl {
	h := pl{ts: f.ts, vs: make([]float64, len(f.vs)), tail: f.tail + s}
	for i, t := range f.ts {
		h.vs[i] = f.vs[i] + s*t
	}
	return h
}

// mast cuts f at tau and continues it as the constant m.
func (f pl) mast(tau, m float64) pl {
	i, _ := slices.BinarySearch(f.ts, tau)
	h := pl{ts: append(slices.Clone(f.ts[:i]), tau), vs: append(slices.Clone(f.vs[:i]), m)}
	return h
}

// thermograph is a pair of walls with their common mast.
type thermograph struct {
	left, right pl
	temp, mean  float64
}

// thermograph computes the thermograph of g from those of its options.
func (u *Universe) thermograph(g ID, memo map[ID]*thermograph) *thermograph {
	if th, ok := memo[g]; ok {
		return th
	}
	r := u.rec(g)
	var th *thermograph
	if r.isNum {
		n := r.num()
		x := float64(n.Num) / math.Ldexp(1, int(n.Exp))
		temp := -math.Ldexp(1, -int(n.Exp))
		th = &thermograph{left: constPL(x), right: constPL(x), temp: temp, mean: x}
	} else {
		var ls, rs pl
		for i, o := range u.left(r) {
			w := u.thermograph(o, memo).right
			if i == 0 {
				ls = w
			} else {
				ls = combine(ls, w, math.Max)
			}
		}
		for i, o := range u.right(r) {
			w := u.thermograph(o, memo).left
			if i == 0 {
				rs = w
			} else {
				rs = combine(rs, w, math.Min)
			}
		}
		ls, rs = ls.addSlope(-1), rs.addSlope(1)
		tau := firstMeeting(ls, rs)
		m := ls.at(tau)
		th = &thermograph{left: ls.mast(tau, m), right: rs.mast(tau, m), temp: tau, mean: m}
	}
	memo[g] = th
	return th
}

// firstMeeting returns the least t >= 0 with f(t) <= g(t).
func firstMeeting(f, g pl) float64 {
	ts := slices.Concat(f.ts, g.ts)
	slices.Sort(ts)
	ts = slices.Compact(ts)
	for i, t := range ts {
		if f.at(t) <= g.at(t) {
			return t
		}
		ds := f.slopeAfter(t) - g.slopeAfter(t)
		if ds < 0 {
			c := t - (f.at(t)-g.at(t))/ds
			if i+1 == len(ts) || c <= ts[i+1] {
				return c
			}
		}
	}
	return ts[len(ts)-1] // unreachable for a game's walls
}

// Mean returns the mean value of g.
func (u *Universe) Mean(g ID) Dyadic {
	return dyadicOf(u.thermograph(g, map[ID]*thermograph{}).mean)
}

// Temperature returns the temperature of g (for a number m/2^k, -1/2^k as
// in CGSuite; for an integer, -1).
func (u *Universe) Temperature(g ID) Dyadic {
	return dyadicOf(u.thermograph(g, map[ID]*thermograph{}).temp)
}

// dyadicOf converts a float64 holding a dyadic rational exactly.
func dyadicOf(x float64) Dyadic {
	for exp := uint(0); exp < 62; exp++ {
		y := math.Ldexp(x, int(exp))
		if y == math.Trunc(y) && math.Abs(y) < 1<<62 {
			return NewDyadic(int64(y), exp)
		}
	}
	panic("cgt: value is not a dyadic rational")
}

// Thermograph returns the walls of g's thermograph from temperature 0 up,
// as breakpoints (t, x): the left wall, then the right wall. Both end at
// the point (temperature, mean) where the mast starts, or at (0, g) for a
// number, and go straight up from there.
func (u *Universe) Thermograph(g ID) (left, right [][2]float64) {
	th := u.thermograph(g, map[ID]*thermograph{})
	return th.left.points(), th.right.points()
}

// points lists f's breakpoints as (t, f(t)).
func (f pl) points() [][2]float64 {
	p := make([][2]float64, len(f.ts))
	for i, t := range f.ts {
		p[i] = [2]float64{t, f.vs[i]}
	}
	return p
}
