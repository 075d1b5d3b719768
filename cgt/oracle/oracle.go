// Package oracle is a deliberately simple, independent implementation of
// short games for tests: games are plain trees, comparison is the
// definition, and canonical forms come from removing dominated options and
// bypassing reversible ones until nothing changes. It shares no code with
// package cgt and is far too slow for real work.
package oracle

import (
	"slices"
	"strings"
)

// Game is a game tree.
type Game struct{ L, R []*Game }

// Zero is the game {|}.
var Zero = &Game{}

// Oracle memoises comparisons and canonical forms by their explicit string.
type Oracle struct {
	le    map[[2]string]bool
	canon map[*Game]*Game
	str   map[*Game]string
}

// New returns an empty Oracle.
func New() *Oracle {
	return &Oracle{le: map[[2]string]bool{}, canon: map[*Game]*Game{}, str: map[*Game]string{}}
}

// String writes g as braces around sorted option strings, 0 for {|}.
func (o *Oracle) String(g *Game) string {
	if s, ok := o.str[g]; ok {
		return s
	}
	side := func(gs []*Game) string {
		parts := make([]string, len(gs))
		for i, x := range gs {
			parts[i] = o.String(x)
		}
		slices.Sort(parts)
		return strings.Join(parts, ",")
	}
	s := "0"
	if len(g.L)+len(g.R) > 0 {
		s = "{" + side(g.L) + "|" + side(g.R) + "}"
	}
	o.str[g] = s
	return s
}

// Le reports g <= h: no g^L >= h and no h^R <= g.
func (o *Oracle) Le(g, h *Game) bool {
	key := [2]string{o.String(g), o.String(h)}
	if v, ok := o.le[key]; ok {
		return v
	}
	v := true
	for _, gl := range g.L {
		if o.Le(h, gl) {
			v = false
		}
	}
	for _, hr := range h.R {
		if o.Le(hr, g) {
			v = false
		}
	}
	o.le[key] = v
	return v
}

// Neg returns -g.
func Neg(g *Game) *Game {
	n := &Game{}
	for _, x := range g.R {
		n.L = append(n.L, Neg(x))
	}
	for _, x := range g.L {
		n.R = append(n.R, Neg(x))
	}
	return n
}

// Add returns the game tree of g+h.
func Add(g, h *Game) *Game {
	s := &Game{}
	for _, x := range g.L {
		s.L = append(s.L, Add(x, h))
	}
	for _, x := range h.L {
		s.L = append(s.L, Add(g, x))
	}
	for _, x := range g.R {
		s.R = append(s.R, Add(x, h))
	}
	for _, x := range h.R {
		s.R = append(s.R, Add(g, x))
	}
	return s
}

// Canonical returns the canonical form of g.
func (o *Oracle) Canonical(g *Game) *Game {
	if c, ok := o.canon[g]; ok {
		return c
	}
	c := &Game{}
	for _, x := range g.L {
		c.L = append(c.L, o.Canonical(x))
	}
	for _, x := range g.R {
		c.R = append(c.R, o.Canonical(x))
	}
	for changed := true; changed; {
		changed = false
		c.L = o.undominated(c.L, true)
		c.R = o.undominated(c.R, false)
		// A left option A is reversible when some A^R <= G; replace A by
		// the left options of that A^R. Likewise for Right.
		for i, a := range c.L {
			if j := slices.IndexFunc(a.R, func(ar *Game) bool { return o.Le(ar, c) }); j >= 0 {
				c = &Game{L: slices.Concat(c.L[:i:i], c.L[i+1:], a.R[j].L), R: c.R}
				changed = true
				break
			}
		}
		if changed {
			continue
		}
		for i, b := range c.R {
			if j := slices.IndexFunc(b.L, func(bl *Game) bool { return o.Le(c, bl) }); j >= 0 {
				c = &Game{L: c.L, R: slices.Concat(c.R[:i:i], c.R[i+1:], b.L[j].R)}
				changed = true
				break
			}
		}
	}
	o.canon[g] = c
	return c
}

// undominated drops options beaten by another (and repeats of equal ones).
func (o *Oracle) undominated(opts []*Game, left bool) []*Game {
	var out []*Game
	for i, a := range opts {
		keep := true
		for j, b := range opts {
			if i == j {
				continue
			}
			ab, ba := o.Le(a, b), o.Le(b, a)
			if ab && ba && j < i || left && ab && !ba || !left && ba && !ab {
				keep = false
				break
			}
		}
		if keep {
			out = append(out, a)
		}
	}
	return out
}
