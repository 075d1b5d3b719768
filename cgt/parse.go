package cgt

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ErrSyntax is wrapped by the errors of Parse and ParseExpr for input
// that is not a value.
var ErrSyntax = errors.New("not a value")

// Limits of the notation Parse reads, so that no input makes it build a
// huge form by accident: numbers below 2^16 in size, denominators up to
// 2^16, ^n and *n up to 64, and terms nested up to 256 deep. Sums of
// them may be larger.
const (
	MaxParsedInteger  = 1 << 16
	MaxParsedExponent = 16
	MaxParsedMultiple = 64
	MaxParsedNesting  = 256
	maxParsedDigits   = 12
	relationOperators = "<, <=, >, >=, =, ||, <| or |>"
)

// Parse reads a value in the notation String writes, or typed by hand,
// and returns its canonical form. It reads:
//
//   - numbers: integers and dyadic fractions, 3, -1/2, 5/8;
//   - nimbers and ups: *, *2, ^, ^^, ^3, v, vv, v3 (also ↑ and ↓);
//     a number, ups and a nimber written one after the other are added
//     as String writes them: 1/2^*, -1v*3, ^^*;
//   - games by their options, {L1,L2|R1,R2}, each option any expression;
//     slashes as CGSuite writes them: {2||1|0} is {2|{1|0}}, the longest
//     run of bars splits (it must be the only run that long);
//   - +-G for {G|-G} and +-(G,H) for {G,H|-G,-H} (also ±);
//   - Tiny(G) = {0||0|-G} and Miny(G) = {G|0||0}, after a number x for
//     x plus them (2Tiny(2));
//   - sums and differences, G+H, G-H, -G, and parentheses.
//
// A minus sign written just before a number belongs to the number, as
// String writes it: -1/2^ is -1/2 + ^, and -(1/2^) is -1/2 + v.
func (u *Universe) Parse(s string) (ID, error) {
	e, err := u.ParseExpr(s)
	if err != nil {
		return 0, err
	}
	if e.Op != "" {
		return 0, fmt.Errorf("%w: %q compares two values (%s); a value was expected", ErrSyntax, s, e.Op)
	}
	return e.G, nil
}

// Expr is a parsed expression: a value G, or, when Op is set, a
// comparison G Op H, Op one of <, <=, >, >=, =, || (confused), <| (less
// or confused) and |> (greater or confused).
type Expr struct {
	G  ID
	Op string
	H  ID
}

// Holds reports whether the comparison e holds (true for a value alone).
func (e Expr) Holds(u *Universe) bool {
	if e.Op == "" {
		return true
	}
	return u.Compare(e.G, e.H).Satisfies(e.Op)
}

// Satisfies reports whether the relation r makes "G op H" true.
func (r Relation) Satisfies(op string) bool {
	switch op {
	case "<":
		return r == Less
	case "<=":
		return r == Less || r == Equal
	case ">":
		return r == Greater
	case ">=":
		return r == Greater || r == Equal
	case "=", "==":
		return r == Equal
	case "||":
		return r == Confused
	case "<|":
		return r == Less || r == Confused
	case "|>":
		return r == Greater || r == Confused
	}
	return false
}

// String writes the relation as an operator: =, <, > or ||.
func (r Relation) String() string {
	switch r {
	case Equal:
		return "="
	case Less:
		return "<"
	case Greater:
		return ">"
	}
	return "||"
}

// ParseExpr reads a value, as Parse does, or two values compared by one
// of <, <=, >, >=, =, ||, <| and |>. Errors wrap ErrSyntax, or ErrLimit
// when the value passes the limits SetLimits set.
func (u *Universe) ParseExpr(s string) (e Expr, err error) {
	p := &parser{u: u, s: s}
	var perr error
	if err := u.Guard(func() { e, perr = p.relation() }); err != nil {
		return Expr{}, err
	}
	return e, perr
}

type parser struct {
	u     *Universe
	s     string
	pos   int
	depth int
}

// fail returns a syntax error at the parser's position.
func (p *parser) fail(format string, args ...any) error {
	at := "at the end"
	if p.pos < len(p.s) {
		near := p.s[p.pos:]
		if len(near) > 12 {
			near = near[:12] + "..."
		}
		at = fmt.Sprintf("at %d (%q)", p.pos+1, near)
	}
	return fmt.Errorf("%w: %s %s", ErrSyntax, fmt.Sprintf(format, args...), at)
}

func (p *parser) skipSpace() {
	for p.pos < len(p.s) {
		r, n := utf8.DecodeRuneInString(p.s[p.pos:])
		if !unicode.IsSpace(r) {
			return
		}
		p.pos += n
	}
}

// peek returns the next rune after spaces, without consuming it.
func (p *parser) peek() rune {
	p.skipSpace()
	if p.pos >= len(p.s) {
		return 0
	}
	r, _ := utf8.DecodeRuneInString(p.s[p.pos:])
	return r
}

// at returns the rune at the position and its size (not skipping spaces).
func (p *parser) at() (rune, int) {
	if p.pos >= len(p.s) {
		return 0, 0
	}
	return utf8.DecodeRuneInString(p.s[p.pos:])
}

func (p *parser) has(prefix string) bool {
	p.skipSpace()
	return strings.HasPrefix(p.s[p.pos:], prefix)
}

func (p *parser) relation() (Expr, error) {
	g, err := p.sum()
	if err != nil {
		return Expr{}, err
	}
	p.skipSpace()
	if p.pos == len(p.s) {
		return Expr{G: g}, nil
	}
	op := ""
	for _, o := range []string{"<=", ">=", "==", "||", "<|", "|>", "<", ">", "="} {
		if p.has(o) {
			op = o
			break
		}
	}
	if op == "" {
		return Expr{}, p.fail("unexpected text: an operator +, - or a comparison (%s) expected", relationOperators)
	}
	p.pos += len(op)
	if op == "==" {
		op = "="
	}
	h, err := p.sum()
	if err != nil {
		return Expr{}, err
	}
	p.skipSpace()
	if p.pos != len(p.s) {
		return Expr{}, p.fail("unexpected text after the comparison")
	}
	return Expr{G: g, Op: op, H: h}, nil
}

// sum reads terms joined by + and -.
func (p *parser) sum() (ID, error) {
	g, err := p.term()
	if err != nil {
		return 0, err
	}
	for {
		switch p.peek() {
		case '+':
			p.pos++
			h, err := p.term()
			if err != nil {
				return 0, err
			}
			g = p.u.Add(g, h)
		case '-':
			p.pos++
			h, err := p.term()
			if err != nil {
				return 0, err
			}
			g = p.u.Sub(g, h)
		default:
			return g, nil
		}
	}
}

// enter and leave bound the nesting of terms.
func (p *parser) enter() error {
	p.depth++
	if p.depth > MaxParsedNesting {
		return p.fail("nested more than %d deep", MaxParsedNesting)
	}
	return nil
}

func (p *parser) leave() { p.depth-- }

// term reads a signed term: -G, +G, +-G, or a juxtaposition of parts.
func (p *parser) term() (ID, error) {
	if err := p.enter(); err != nil {
		return 0, err
	}
	defer p.leave()
	switch {
	case p.has("+-") || p.has("±"):
		if p.has("±") {
			p.pos += len("±")
		} else {
			p.pos += 2
		}
		return p.switchArg()
	case p.has("-"):
		p.pos++
		if r, _ := p.at(); r >= '0' && r <= '9' {
			return p.juxtaposed(true)
		}
		g, err := p.term()
		return p.u.Neg(g), err
	case p.has("+"):
		p.pos++
		return p.term()
	}
	return p.juxtaposed(false)
}

// switchArg reads what follows +-: a parenthesised list of options, or
// one term.
func (p *parser) switchArg() (ID, error) {
	var opts []ID
	if p.peek() == '(' {
		p.pos++
		for {
			g, err := p.sum()
			if err != nil {
				return 0, err
			}
			opts = append(opts, g)
			switch p.peek() {
			case ',':
				p.pos++
				continue
			case ')':
				p.pos++
			default:
				return 0, p.fail("',' or ')' expected in +-(...)")
			}
			break
		}
	} else {
		g, err := p.term()
		if err != nil {
			return 0, err
		}
		opts = []ID{g}
	}
	neg := make([]ID, len(opts))
	for i, o := range opts {
		neg[i] = p.u.Neg(o)
	}
	return p.u.FromOptions(opts, neg), nil
}

// juxtaposed reads a braced game, a parenthesised sum, or parts written
// one after the other as String writes them: a number, ups or downs, a
// nimber, or a number and Tiny(G) or Miny(G). negative says that a minus
// sign before the number was read.
func (p *parser) juxtaposed(negative bool) (ID, error) {
	p.skipSpace()
	r, _ := p.at()
	switch {
	case r == '{' && !negative:
		return p.braces()
	case r == '(' && !negative:
		p.pos++
		g, err := p.sum()
		if err != nil {
			return 0, err
		}
		if p.peek() != ')' {
			return 0, p.fail("')' expected")
		}
		p.pos++
		return g, nil
	case r == 0:
		return 0, p.fail("a value expected")
	}
	g := Zero
	parts := 0
	if r >= '0' && r <= '9' {
		x, err := p.number()
		if err != nil {
			return 0, err
		}
		if negative {
			x = x.Neg()
		}
		g = p.u.Number(x)
		parts++
		if p.word("Tiny") || p.word("tiny") {
			t, err := p.tiny(false)
			return p.u.Add(g, t), err
		}
		if p.word("Miny") || p.word("miny") {
			t, err := p.tiny(true)
			return p.u.Add(g, t), err
		}
	}
	// Ups or downs.
	if r, _ := p.at(); r == '^' || r == '↑' || r == 'v' || r == '↓' {
		up := r == '^' || r == '↑'
		n := 0
		for {
			c, size := p.at()
			if c == 0 || (up && c != '^' && c != '↑') || (!up && c != 'v' && c != '↓') {
				break
			}
			p.pos += size
			n++
		}
		if c, _ := p.at(); c >= '0' && c <= '9' {
			if n > 1 {
				return 0, p.fail("write ^3 or ^^^, not ^^3")
			}
			k, err := p.count()
			if err != nil {
				return 0, err
			}
			n = k
		}
		if c, _ := p.at(); unicode.IsLetter(c) {
			return 0, p.fail("unknown name")
		}
		if !up {
			n = -n
		}
		g = p.u.Add(g, p.u.Multiple(p.u.Up(), n))
		parts++
	}
	// A nimber.
	if r, _ := p.at(); r == '*' {
		p.pos++
		n := 1
		if c, _ := p.at(); c >= '0' && c <= '9' {
			k, err := p.count()
			if err != nil {
				return 0, err
			}
			n = k
		}
		g = p.u.Add(g, p.u.Nim(n))
		parts++
	}
	if parts == 0 {
		switch {
		case p.word("Tiny") || p.word("tiny"):
			return p.tiny(false)
		case p.word("Miny") || p.word("miny"):
			return p.tiny(true)
		}
		if c, _ := p.at(); unicode.IsLetter(c) {
			return 0, p.fail("unknown name (Tiny, Miny, v, or a number, ^ or * expected)")
		}
		return 0, p.fail("a value expected")
	}
	if c, _ := p.at(); unicode.IsLetter(c) || c == '{' || c == '(' || (c >= '0' && c <= '9') {
		return 0, p.fail("unexpected text after %q (a sum is written with +)", p.s[:p.pos])
	}
	return g, nil
}

// word consumes name if it comes next (without spaces before it).
func (p *parser) word(name string) bool {
	if !strings.HasPrefix(p.s[p.pos:], name) {
		return false
	}
	p.pos += len(name)
	return true
}

// tiny reads (G) after Tiny or Miny and returns Tiny(G) or Miny(G).
func (p *parser) tiny(miny bool) (ID, error) {
	if p.peek() != '(' {
		return 0, p.fail("'(' expected after Tiny or Miny")
	}
	p.pos++
	g, err := p.sum()
	if err != nil {
		return 0, err
	}
	if p.peek() != ')' {
		return 0, p.fail("')' expected")
	}
	p.pos++
	t := p.u.FromOptions([]ID{Zero}, []ID{p.u.FromOptions([]ID{Zero}, []ID{p.u.Neg(g)})})
	if miny {
		return p.u.Neg(t), nil
	}
	return t, nil
}

// digits reads an unsigned decimal integer.
func (p *parser) digits() (int64, error) {
	start := p.pos
	for p.pos < len(p.s) && p.s[p.pos] >= '0' && p.s[p.pos] <= '9' {
		p.pos++
	}
	if p.pos == start {
		return 0, p.fail("digits expected")
	}
	if p.pos-start > maxParsedDigits {
		p.pos = start
		return 0, p.fail("number too large (at most %d)", MaxParsedInteger)
	}
	n, err := strconv.ParseInt(p.s[start:p.pos], 10, 64)
	if err != nil {
		p.pos = start
		return 0, p.fail("bad number")
	}
	return n, nil
}

// count reads the n of ^n, vn or *n.
func (p *parser) count() (int, error) {
	start := p.pos
	n, err := p.digits()
	if err != nil {
		return 0, err
	}
	if n > MaxParsedMultiple {
		p.pos = start
		return 0, p.fail("%d too large (at most %d)", n, MaxParsedMultiple)
	}
	return int(n), nil
}

// number reads an unsigned integer or dyadic fraction a/2^k.
func (p *parser) number() (Dyadic, error) {
	start := p.pos
	num, err := p.digits()
	if err != nil {
		return Dyadic{}, err
	}
	exp := uint(0)
	if p.pos < len(p.s) && p.s[p.pos] == '/' {
		p.pos++
		den, err := p.digits()
		if err != nil {
			return Dyadic{}, err
		}
		if den <= 0 || den&(den-1) != 0 {
			p.pos = start
			return Dyadic{}, p.fail("the denominator %d is not a power of 2 (values are dyadic rationals)", den)
		}
		for den > 1 {
			den >>= 1
			exp++
		}
		if exp > MaxParsedExponent {
			p.pos = start
			return Dyadic{}, p.fail("the denominator is larger than 2^%d", MaxParsedExponent)
		}
	}
	x := NewDyadic(num, exp)
	if x.Floor().Num >= MaxParsedInteger {
		p.pos = start
		return Dyadic{}, p.fail("number too large (at most %d)", MaxParsedInteger)
	}
	return x, nil
}

// braces reads {...|...} with its options and slashes.
func (p *parser) braces() (ID, error) {
	open := p.pos
	p.pos++ // '{'
	// The contents: option lists separated by runs of bars.
	var lists [][]ID
	var runs []int
	var cur []ID
	afterComma := false
	for {
		switch c := p.peek(); c {
		case 0:
			p.pos = open
			return 0, p.fail("'{' without its '}'")
		case '}', '|':
			if afterComma {
				return 0, p.fail("an option expected after ','")
			}
			lists = append(lists, cur)
			cur = nil
			if c == '}' {
				p.pos++
				if len(runs) == 0 {
					p.pos = open
					return 0, p.fail("'|' expected inside {...}")
				}
				return p.slashes(lists, runs, open)
			}
			n := 0
			for p.pos < len(p.s) && p.s[p.pos] == '|' {
				p.pos++
				n++
			}
			runs = append(runs, n)
		case ',':
			if len(cur) == 0 || afterComma {
				return 0, p.fail("an option expected before ','")
			}
			p.pos++
			afterComma = true
		default:
			if len(cur) > 0 && !afterComma {
				return 0, p.fail("',', '|' or '}' expected")
			}
			g, err := p.sum()
			if err != nil {
				return 0, err
			}
			cur = append(cur, g)
			afterComma = false
		}
	}
}

// slashes builds the game of lists[0] runs[0] lists[1] ... : the longest
// run splits it into the left options and the right options, each side a
// list of options or, if it holds runs itself, one game.
func (p *parser) slashes(lists [][]ID, runs []int, open int) (ID, error) {
	best, at, tie := 0, 0, false
	for i, r := range runs {
		switch {
		case r > best:
			best, at, tie = r, i, false
		case r == best:
			tie = true
		}
	}
	if tie {
		p.pos = open
		return 0, p.fail("ambiguous bars: two runs of %d bars in one pair of braces (use more bars or braces)", best)
	}
	side := func(lists [][]ID, runs []int) ([]ID, error) {
		if len(runs) == 0 {
			return lists[0], nil
		}
		g, err := p.slashes(lists, runs, open)
		return []ID{g}, err
	}
	left, err := side(lists[:at+1], runs[:at])
	if err != nil {
		return 0, err
	}
	right, err := side(lists[at+1:], runs[at+1:])
	if err != nil {
		return 0, err
	}
	if len(left) > MaxOptions || len(right) > MaxOptions {
		return 0, p.fail("more than %d options", MaxOptions)
	}
	return p.u.FromOptions(left, right), nil
}
