// Package parts values games whose positions fall into independent parts
// exactly: Domineering and Cram regions, Clobber groups, Konane, Snort,
// Col and Amazons parts, Toads and Frogs strips, Toppling Dominoes rows,
// and the next game of that kind. A position's value is the sum of its
// parts' values, and a part's value is the canonical form of its
// options, each again a sum of parts. A game gives its Rules (its parts,
// their canonical keys, the options of a part), its Notation (reading a
// position, its parts, its moves named) and its Store (how files hold
// its parts, what a build stores), gathered in a Game; the package gives
// the rest: the value of a part from its options (Value); a Solver that
// remembers every part it has valued, asks a file first, stops when
// told, and counts its work; a Querier over a file and the Solver that
// answers positions with their values, moves and outcomes; an outcome
// search that does without the value (Outcomes); and the build, census
// and registry entry (Build, EachValue, Game).
package parts

import (
	"sync"

	"github.com/tablebase/tablebase/cgt"
)

// Rules is what a game that falls into parts says of itself. P is a
// position (or a part of one), K the canonical key of a part: two parts
// of one key have the same value, or negated values.
type Rules[P any, K comparable] interface {
	// Parts appends to dst the independent parts of p, each in the form
	// Key and Options take (connected and cropped, say).
	Parts(p P, dst []P) []P
	// Key returns the canonical key of a part, and whether the
	// symmetry that takes the part to the key's part negates its value.
	Key(part P) (k K, negated bool)
	// Part returns the part a key stands for.
	Part(k K) P
	// Options appends to dst the position each move of Left (left true)
	// or Right leads to from a part. Moves that another move of the same
	// player is at least as good as may be left out: no canonical form
	// keeps a dominated option.
	Options(part P, left bool, dst []P) []P
}

// Impartial is what Rules add when both players have the same moves:
// values are nimbers, found by the mex of the options' nim-values, and
// Options is asked for Left's moves only.
type Impartial interface {
	Impartial() bool
}

// IsImpartial reports whether rules say they are impartial.
func IsImpartial[P any, K comparable](rules Rules[P, K]) bool {
	i, ok := rules.(Impartial)
	return ok && i.Impartial()
}

// Value returns the canonical form of a part from its options; value
// gives the value of each part of an option (a Solver's Part, or Keyed
// over a file or a memo).
func Value[P any, K comparable](u *cgt.Universe, rules Rules[P, K], part P, value func(P) cgt.ID) cgt.ID {
	buf := getBuffers[P]()
	defer putBuffers(buf)
	sum := func(p P) cgt.ID {
		total := cgt.Zero
		buf.parts = rules.Parts(p, buf.parts[:0])
		for _, q := range buf.parts {
			total = u.Add(total, value(q))
		}
		return total
	}
	if IsImpartial(rules) {
		var seen [2]uint64 // the nim-values below 128 that some option has
		buf.options = rules.Options(part, true, buf.options[:0])
		for _, o := range buf.options {
			if x := u.Nimber(sum(o)); x < 128 {
				seen[x/64] |= 1 << (x % 64)
			}
		}
		m := 0
		for m < 128 && seen[m/64]>>(m%64)&1 != 0 {
			m++
		}
		return u.Nim(m)
	}
	var sides [2][]cgt.ID
	for i, left := range [2]bool{true, false} {
		buf.options = rules.Options(part, left, buf.options[:0])
		for _, o := range buf.options {
			sides[i] = append(sides[i], sum(o))
		}
	}
	return u.FromOptions(sides[0], sides[1])
}

// Sum returns the value of a position: the sum of its parts' values.
func Sum[P any, K comparable](u *cgt.Universe, rules Rules[P, K], p P, value func(P) cgt.ID) cgt.ID {
	var buf [16]P
	total := cgt.Zero
	for _, q := range rules.Parts(p, buf[:0]) {
		total = u.Add(total, value(q))
	}
	return total
}

// Keyed returns the value of a part through its key: value gives the
// value of a key, negated where the part's symmetry negates it.
func Keyed[P any, K comparable](u *cgt.Universe, rules Rules[P, K], value func(K) cgt.ID) func(P) cgt.ID {
	return func(part P) cgt.ID {
		k, negated := rules.Key(part)
		v := value(k)
		if negated {
			v = u.Neg(v)
		}
		return v
	}
}

// buffers are the slices Value fills: the options of a part, and the
// parts of one option. Rules are an interface, so buffers on the stack
// would go to the heap at every call; they are pooled instead.
type buffers[P any] struct {
	options, parts []P
}

// pools holds a pool of buffers for each position type P, under a nil
// *buffers[P] (whose type tells the types apart).
var pools sync.Map

// getBuffers returns buffers for positions of type P.
func getBuffers[P any]() *buffers[P] {
	if b, ok := poolFor[P]().Get().(*buffers[P]); ok {
		return b
	}
	return &buffers[P]{}
}

// putBuffers returns buffers to their pool.
func putBuffers[P any](b *buffers[P]) { poolFor[P]().Put(b) }

// poolFor returns the pool of buffers of positions of type P.
func poolFor[P any]() *sync.Pool {
	var key *buffers[P]
	if p, ok := pools.Load(key); ok {
		return p.(*sync.Pool)
	}
	p, _ := pools.LoadOrStore(key, &sync.Pool{})
	return p.(*sync.Pool)
}
