package cgt

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// NUS is a number-up-star: Number + Ups.^ + *Nim.
type NUS struct {
	Number Dyadic
	Ups    int
	Nim    int
}

// AsNUS reports whether g is a number plus a multiple of up plus a nimber.
func (u *Universe) AsNUS(g ID) (NUS, bool) {
	key := u.memo(&u.nus, g, func() ID {
		if u.nusOf(g) == nil {
			return 0
		}
		return 1
	})
	if key == 0 {
		return NUS{}, false
	}
	return *u.nusOf(g), true
}

func (u *Universe) nusOf(g ID) *NUS {
	r := u.rec(g)
	if r.isNum {
		return &NUS{Number: r.num()}
	}
	if r.lstop().Cmp(r.rstop()) != 0 {
		return nil
	}
	x := r.lstop()
	d := u.Sub(g, u.Number(x))
	aw := u.naiveAtomicWeight(d)
	n, ok := u.IsNumber(aw)
	if !ok || !n.IsInteger() || n.Num > 1<<20 || n.Num < -(1<<20) {
		return nil
	}
	rest := u.Sub(d, u.Multiple(u.Up(), int(n.Num)))
	if m := u.Nimber(rest); m >= 0 {
		return &NUS{Number: x, Ups: int(n.Num), Nim: m}
	}
	return nil
}

// String writes the NUS as CGSuite does: 1/2, ^*, vv, ^3*2, 1^, *.
func (n NUS) String() string {
	var b strings.Builder
	if n.Number.Sign() != 0 || n.Ups == 0 && n.Nim == 0 {
		b.WriteString(n.Number.String())
	}
	arrow, k := "^", n.Ups
	if k < 0 {
		arrow, k = "v", -k
	}
	switch {
	case k == 1:
		b.WriteString(arrow)
	case k == 2:
		b.WriteString(arrow + arrow)
	case k > 2:
		fmt.Fprintf(&b, "%s%d", arrow, k)
	}
	switch {
	case n.Nim == 1:
		b.WriteString("*")
	case n.Nim > 1:
		fmt.Fprintf(&b, "*%d", n.Nim)
	}
	return b.String()
}

// compound reports whether the NUS is written in more than one part.
func (n NUS) compound() bool {
	parts := 0
	if n.Number.Sign() != 0 {
		parts++
	}
	if n.Ups != 0 {
		parts++
	}
	if n.Nim != 0 {
		parts++
	}
	return parts > 1
}

const maxSlashes = 4

// String writes g in CGSuite's notation: numbers, nimbers and ups by name,
// +-(...) for switches G = {A|-A}, xTiny(y) and xMiny(y), and otherwise
// {...|...} with CGSuite's slashes ({2||1|0}) for nested single options.
func (u *Universe) String(g ID) string {
	if s := u.strings.load(g); s != nil {
		return *s
	}
	var b strings.Builder
	u.write(&b, g, true, false)
	s := b.String()
	u.strings.store(g, s)
	return s
}

// write appends g and returns the number of slashes it used unbracketed.
func (u *Universe) write(b *strings.Builder, g ID, forceBrackets, forceParens bool) int {
	if n, ok := u.AsNUS(g); ok {
		paren := forceParens && n.compound()
		if paren {
			b.WriteString("(")
		}
		b.WriteString(n.String())
		if paren {
			b.WriteString(")")
		}
		return 0
	}
	lo, ro := u.sortedForOutput(u.Left(g)), u.sortedForOutput(u.Right(g))
	if u.Neg(g) == g {
		b.WriteString("+-")
		if len(lo) > 1 {
			b.WriteString("(")
		}
		for i, o := range lo {
			if i > 0 {
				b.WriteString(",")
			}
			u.write(b, o, true, len(lo) == 1)
		}
		if len(lo) > 1 {
			b.WriteString(")")
		}
		return 0
	}
	if name, translate, sub, ok := u.tinyParts(lo, ro); ok {
		if forceParens {
			b.WriteString("(")
		}
		if translate != Zero {
			u.write(b, translate, false, false)
		}
		b.WriteString(name + "(")
		u.write(b, sub, true, false)
		b.WriteString(")")
		if forceParens {
			b.WriteString(")")
		}
		return 0
	}
	var left, right strings.Builder
	slashes := 1
	for i, o := range lo {
		if i > 0 {
			left.WriteString(",")
		}
		slashes = max(slashes, u.write(&left, o, len(lo) > 1, false)+1)
	}
	for i, o := range ro {
		if i > 0 {
			right.WriteString(",")
		}
		slashes = max(slashes, u.write(&right, o, len(ro) > 1, false)+1)
	}
	bracket := forceBrackets || slashes >= maxSlashes
	if bracket {
		b.WriteString("{")
	}
	b.WriteString(left.String())
	b.WriteString(strings.Repeat("|", slashes))
	b.WriteString(right.String())
	if bracket {
		b.WriteString("}")
		return 0
	}
	return slashes
}

// tinyParts recognises x + Tiny(y) = {x||x|x-y} and x + Miny(y) =
// {x+y|x||x}, with y > 0 a number-ish game, as CGSuite prints them.
func (u *Universe) tinyParts(lo, ro []ID) (name string, translate, sub ID, ok bool) {
	if len(lo) != 1 || len(ro) != 1 {
		return "", 0, 0, false
	}
	l, r := lo[0], ro[0]
	if _, isNum := u.IsNumber(l); isNum {
		rl, rr := u.Left(r), u.Right(r)
		if len(rl) == 1 && len(rr) == 1 && rl[0] == l && u.Mean(rr[0]).Cmp(u.Mean(l)) < 0 {
			return "Tiny", l, u.Sub(l, rr[0]), true
		}
	}
	if _, isNum := u.IsNumber(r); isNum {
		ll, lr := u.Left(l), u.Right(l)
		if len(ll) == 1 && len(lr) == 1 && lr[0] == r && u.Mean(ll[0]).Cmp(u.Mean(r)) > 0 {
			return "Miny", r, u.Sub(ll[0], r), true
		}
	}
	return "", 0, 0, false
}

// sortedForOutput orders options as CGSuite does: numbers, then nimbers,
// then other number-up-stars, then the rest by their options.
func (u *Universe) sortedForOutput(opts []ID) []ID {
	out := slices.Clone(opts)
	slices.SortFunc(out, u.outputOrder)
	return out
}

func (u *Universe) outputOrder(g, h ID) int {
	if g == h {
		return 0
	}
	rank := func(x ID) int {
		if _, ok := u.IsNumber(x); ok {
			return 0
		}
		if u.Nimber(x) >= 0 {
			return 1
		}
		if _, ok := u.AsNUS(x); ok {
			return 2
		}
		return 3
	}
	rg, rh := rank(g), rank(h)
	if rg != rh {
		return cmp.Compare(rg, rh)
	}
	switch rg {
	case 0:
		a, _ := u.IsNumber(g)
		b, _ := u.IsNumber(h)
		return a.Cmp(b)
	case 1:
		return cmp.Compare(u.Nimber(g), u.Nimber(h))
	case 2:
		a, _ := u.AsNUS(g)
		b, _ := u.AsNUS(h)
		if c := a.Number.Cmp(b.Number); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Ups, b.Ups); c != 0 {
			return c
		}
		return cmp.Compare(a.Nim, b.Nim)
	}
	if c := slices.CompareFunc(u.sortedForOutput(u.Left(g)), u.sortedForOutput(u.Left(h)), u.outputOrder); c != 0 {
		return c
	}
	return slices.CompareFunc(u.sortedForOutput(u.Right(g)), u.sortedForOutput(u.Right(h)), u.outputOrder)
}

// ErrTooLarge is returned when an explicit form would exceed its limit.
var ErrTooLarge = errors.New("the explicit form is too large to write")

// Explicit writes g as a tree of braces whose only atom is 0, with the
// options on each side sorted as strings: ^ is {0|{0|0}}, {1|-1} is
// {{0|}|{|0}}. It fails with ErrTooLarge past limit bytes.
func (u *Universe) Explicit(g ID, limit int) (string, error) {
	memo := map[ID]string{}
	var walk func(g ID) (string, error)
	walk = func(g ID) (string, error) {
		if g == Zero {
			return "0", nil
		}
		if s, ok := memo[g]; ok {
			return s, nil
		}
		side := func(opts []ID) (string, error) {
			parts := make([]string, len(opts))
			for i, o := range opts {
				s, err := walk(o)
				if err != nil {
					return "", err
				}
				parts[i] = s
			}
			slices.Sort(parts)
			return strings.Join(parts, ","), nil
		}
		l, err := side(u.Left(g))
		if err != nil {
			return "", err
		}
		r, err := side(u.Right(g))
		if err != nil {
			return "", err
		}
		if len(l)+len(r)+3 > limit {
			return "", ErrTooLarge
		}
		s := "{" + l + "|" + r + "}"
		memo[g] = s
		return s, nil
	}
	return walk(g)
}

// AsTiny reports whether g is Tiny(y) = {0||0|-y} or Miny(y) = {y|0||0}
// for a positive y, and returns y and which of the two g is.
func (u *Universe) AsTiny(g ID) (y ID, miny, ok bool) {
	name, translate, sub, ok := u.tinyParts(u.Left(g), u.Right(g))
	if !ok || translate != Zero {
		return 0, false, false
	}
	return sub, name == "Miny", true
}

// StringWithin returns String(g) if it is at most limit bytes long, and
// otherwise an error wrapping ErrLimit, without writing it: String of a
// large sum can be far longer than the forms it holds.
func (u *Universe) StringWithin(g ID, limit int) (string, error) {
	memo := map[ID]int{}
	var size func(g ID) int // an upper bound on String(g)'s length, at most limit+1
	size = func(g ID) int {
		if n, ok := memo[g]; ok {
			return n
		}
		memo[g] = limit + 1 // a cycle cannot happen; this only bounds the work
		n := 0
		if nus, ok := u.AsNUS(g); ok {
			n = len(nus.String()) + 2
		} else {
			n = 2 + maxSlashes + 2
			if _, translate, sub, ok := u.tinyParts(u.Left(g), u.Right(g)); ok {
				n += size(translate) + size(sub) + len("Tiny()")
			}
			for _, o := range u.Left(g) {
				n += size(o) + 1
			}
			for _, o := range u.Right(g) {
				n += size(o) + 1
			}
		}
		n = min(n, limit+1)
		memo[g] = n
		return n
	}
	if size(g) > limit {
		return "", fmt.Errorf("%w: the value is written in more than %d bytes", ErrLimit, limit)
	}
	return u.String(g), nil
}
