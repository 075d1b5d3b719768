package cgt

// Le reports whether g <= h.
func (u *Universe) Le(g, h ID) bool {
	if g == h {
		return true
	}
	gr, hr := u.rec(g), u.rec(h)
	if gr.isNum && hr.isNum {
		return gr.num().Cmp(hr.num()) <= 0
	}
	if gr.nim >= 0 && hr.nim >= 0 {
		return false // two nimbers other than each other are confused
	}
	// Stops are monotone: g <= h implies L(g) <= L(h) and R(g) <= R(h).
	if gr.lstop().Cmp(hr.lstop()) > 0 || gr.rstop().Cmp(hr.rstop()) > 0 {
		return false
	}
	// A game is less than every number above its left stop and greater
	// than every number below its right stop: if L(g) < R(h), a number x
	// between them has g < x < h.
	if gr.lstop().Cmp(hr.rstop()) < 0 {
		return true
	}
	key := pairKey(g, h)
	if v, ok := u.compare.get(key); ok {
		return v
	}
	le := true
	// g <= h unless some g^L >= h or some h^R <= g. By number avoidance
	// the options of a number need not be tried against a non-number.
	if !gr.isNum {
		for _, gl := range u.left(gr) {
			if u.Le(h, gl) {
				le = false
				break
			}
		}
	}
	if le && !hr.isNum {
		for _, hr := range u.right(hr) {
			if u.Le(hr, g) {
				le = false
				break
			}
		}
	}
	u.compare.put(key, le)
	return le
}

// Ge reports whether g >= h.
func (u *Universe) Ge(g, h ID) bool { return u.Le(h, g) }

// Relation is the order relation between two games.
type Relation int

// The four relations of games.
const (
	Equal Relation = iota
	Less
	Greater
	Confused
)

// Compare returns how g relates to h.
func (u *Universe) Compare(g, h ID) Relation {
	le, ge := u.Le(g, h), u.Le(h, g)
	switch {
	case le && ge:
		return Equal
	case le:
		return Less
	case ge:
		return Greater
	}
	return Confused
}

// Outcome is an outcome class: who wins with perfect play.
type Outcome byte

// The four outcome classes of short games.
const (
	LeftWins   Outcome = 'L' // G > 0: Left wins whoever starts
	RightWins  Outcome = 'R' // G < 0
	FirstWins  Outcome = 'N' // G || 0: the player to move wins
	SecondWins Outcome = 'P' // G = 0: the player to move loses
)

// String writes L, R, N or P.
func (o Outcome) String() string { return string(o) }

// OutcomeOf is the outcome class of a game that Left wins moving first
// when leftFirst, and Right when rightFirst.
func OutcomeOf(leftFirst, rightFirst bool) Outcome {
	switch {
	case leftFirst && rightFirst:
		return FirstWins
	case leftFirst:
		return LeftWins
	case rightFirst:
		return RightWins
	}
	return SecondWins
}

// Outcome returns the outcome class of g.
func (u *Universe) Outcome(g ID) Outcome {
	if o := u.outcomes.load(g); o != nil {
		return *o
	}
	o := FirstWins
	switch u.Compare(g, Zero) {
	case Equal:
		o = SecondWins
	case Greater:
		o = LeftWins
	case Less:
		o = RightWins
	}
	u.outcomes.store(g, o)
	return o
}

// Add returns g+h.
func (u *Universe) Add(g, h ID) ID {
	if g == Zero {
		return h
	}
	if h == Zero {
		return g
	}
	if g > h {
		g, h = h, g
	}
	gr, hr := u.rec(g), u.rec(h)
	if gr.isNum && hr.isNum {
		return u.Number(gr.num().Add(hr.num()))
	}
	if gr.nim > 0 && hr.nim > 0 {
		return u.Nim(int(gr.nim ^ hr.nim)) // *a + *b = *(a xor b)
	}
	key := pairKey(g, h)
	if v, ok := u.sums.get(key); ok {
		return ID(v)
	}
	var s ID
	switch {
	case gr.isNum:
		s = u.translate(h, g)
	case hr.isNum:
		s = u.translate(g, h)
	default:
		gl, grt := u.options(gr)
		hl, hrt := u.options(hr)
		var lbuf, rbuf [32]ID // most option lists are short
		left := u.plus(u.plus(lbuf[:0], gl, h), hl, g)
		right := u.plus(u.plus(rbuf[:0], grt, h), hrt, g)
		s = u.FromOptions(left, right)
	}
	u.sums.put(key, uint32(s))
	return s
}

// translate returns g+x for a non-number g and a number x. By the
// translation principle {g^L+x | g^R+x} is already canonical.
func (u *Universe) translate(g, x ID) ID {
	gl, grt := u.options(u.rec(g))
	var lbuf, rbuf [32]ID // most option lists are short
	left, right := u.plus(lbuf[:0], gl, x), u.plus(rbuf[:0], grt, x)
	return u.intern(sortedUnique(left), sortedUnique(right))
}

// plus appends to dst each of opts plus x.
func (u *Universe) plus(dst, opts []ID, x ID) []ID {
	for _, o := range opts {
		dst = append(dst, u.Add(o, x))
	}
	return dst
}

// Sub returns g-h.
func (u *Universe) Sub(g, h ID) ID { return u.Add(g, u.Neg(h)) }

// Sum returns the sum of games.
func (u *Universe) Sum(games ...ID) ID {
	s := Zero
	for _, g := range games {
		s = u.Add(s, g)
	}
	return s
}

// Multiple returns n copies of g added together (n may be negative).
func (u *Universe) Multiple(g ID, n int) ID {
	if n < 0 {
		g, n = u.Neg(g), -n
	}
	s := Zero
	for ; n > 0; n >>= 1 {
		if n&1 != 0 {
			s = u.Add(s, g)
		}
		g = u.Add(g, g)
	}
	return s
}
