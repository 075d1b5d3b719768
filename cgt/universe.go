// Package cgt is the algebra of short partizan games: canonical forms,
// interned once each in a Universe and referred to by an integer ID, with
// negation, sums, comparison, outcome classes, stops, mean and temperature,
// atomic weight, and printing in CGSuite's notation.
//
// A Universe is safe for concurrent use.
package cgt

import (
	"encoding/binary"
	"slices"
	"sync"

	"github.com/cespare/xxhash/v2"
)

// ID names a canonical form in a Universe. Zero is the game 0 = {|}.
type ID uint32

// Zero is the ID of the game 0 in every Universe.
const Zero ID = 0

const (
	pageBits = 14
	pageSize = 1 << pageBits
	maxPages = 1 << (32 - pageBits)
)

// record is what a Universe knows of one canonical form.
type record struct {
	left, right  []ID // options, canonical, sorted by ID
	neg          ID   // the ID of -G
	isNum        bool
	num          Dyadic // the value, when isNum
	nim          int32  // n when G = *n, else -1
	lstop, rstop Dyadic
	birthday     uint16
}

// Universe holds canonical forms. Its zero value is not usable: call
// NewUniverse.
type Universe struct {
	pages [maxPages]*[pageSize]record
	size  uint32 // number of IDs in use; guarded by mu for writers

	mu      sync.RWMutex
	index   map[uint64]ID   // options hash -> ID
	spill   map[uint64][]ID // further IDs whose options share a hash
	numbers map[Dyadic]ID
	arena   []ID // storage for option lists

	sums    *opCache
	compare *opCache

	// Memos of derived, rarely used attributes.
	allSmall, atomic, nus sync.Map
}

// NewUniverse returns a Universe holding 0, with memo caches of 2^cacheBits
// entries each (16 bytes an entry); 22 is a good default.
func NewUniverse(cacheBits uint) *Universe {
	u := &Universe{
		index:   make(map[uint64]ID),
		spill:   make(map[uint64][]ID),
		numbers: make(map[Dyadic]ID),
		sums:    newOpCache(cacheBits),
		compare: newOpCache(cacheBits),
	}
	u.mu.Lock()
	u.insertLocked(nil, nil, hashOptions(nil, nil))
	u.mu.Unlock()
	return u
}

func (u *Universe) rec(g ID) *record { return &u.pages[g>>pageBits][g&(pageSize-1)] }

// Len returns the number of canonical forms interned so far.
func (u *Universe) Len() int {
	u.mu.RLock()
	defer u.mu.RUnlock()
	return int(u.size)
}

// Left returns the left options of g. The slice must not be modified.
func (u *Universe) Left(g ID) []ID { return u.rec(g).left }

// Right returns the right options of g. The slice must not be modified.
func (u *Universe) Right(g ID) []ID { return u.rec(g).right }

// Neg returns -g.
func (u *Universe) Neg(g ID) ID { return u.rec(g).neg }

// IsNumber reports whether g is a number, and which.
func (u *Universe) IsNumber(g ID) (Dyadic, bool) {
	r := u.rec(g)
	return r.num, r.isNum
}

// Nimber returns n if g = *n, else -1.
func (u *Universe) Nimber(g ID) int { return int(u.rec(g).nim) }

// Stops returns the left and right stops of g.
func (u *Universe) Stops(g ID) (left, right Dyadic) {
	r := u.rec(g)
	return r.lstop, r.rstop
}

// Birthday returns the birthday of g.
func (u *Universe) Birthday(g ID) int { return int(u.rec(g).birthday) }

func hashOptions(left, right []ID) uint64 {
	var buf [8]byte
	d := xxhash.New()
	binary.LittleEndian.PutUint32(buf[:4], uint32(len(left)))
	d.Write(buf[:4])
	for _, g := range left {
		binary.LittleEndian.PutUint32(buf[:4], uint32(g))
		d.Write(buf[:4])
	}
	for _, g := range right {
		binary.LittleEndian.PutUint32(buf[:4], uint32(g))
		d.Write(buf[:4])
	}
	return d.Sum64()
}

// lookupLocked finds the game with exactly these (sorted) options.
func (u *Universe) lookupLocked(left, right []ID, h uint64) (ID, bool) {
	if g, ok := u.index[h]; ok {
		if r := u.rec(g); slices.Equal(r.left, left) && slices.Equal(r.right, right) {
			return g, true
		}
		for _, g := range u.spill[h] {
			if r := u.rec(g); slices.Equal(r.left, left) && slices.Equal(r.right, right) {
				return g, true
			}
		}
	}
	return 0, false
}

// intern returns the ID of the game {left|right}, whose options must be
// canonical, sorted, free of duplicates, dominated and reversible options.
func (u *Universe) intern(left, right []ID) ID {
	h := hashOptions(left, right)
	u.mu.RLock()
	g, ok := u.lookupLocked(left, right, h)
	u.mu.RUnlock()
	if ok {
		return g
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	if g, ok := u.lookupLocked(left, right, h); ok {
		return g
	}
	g = u.insertLocked(left, right, h)
	r := u.rec(g)
	nl := u.negateListLocked(right)
	nr := u.negateListLocked(left)
	if slices.Equal(nl, left) && slices.Equal(nr, right) {
		r.neg = g
		return g
	}
	n := u.insertLocked(nl, nr, hashOptions(nl, nr))
	r.neg = n
	u.rec(n).neg = g
	return g
}

func (u *Universe) negateListLocked(opts []ID) []ID {
	out := make([]ID, len(opts))
	for i, o := range opts {
		out[i] = u.rec(o).neg
	}
	slices.Sort(out)
	return out
}

// insertLocked appends a new record and derives its attributes.
func (u *Universe) insertLocked(left, right []ID, h uint64) ID {
	g := ID(u.size)
	if g>>pageBits >= maxPages {
		panic("cgt: universe full")
	}
	if u.pages[g>>pageBits] == nil {
		u.pages[g>>pageBits] = new([pageSize]record)
	}
	r := u.rec(g)
	r.left = u.store(left)
	r.right = u.store(right)
	r.neg = g
	u.derive(r)
	if _, taken := u.index[h]; taken {
		u.spill[h] = append(u.spill[h], g)
	} else {
		u.index[h] = g
	}
	u.size++
	return g
}

// store copies an option list into the arena.
func (u *Universe) store(opts []ID) []ID {
	if len(opts) == 0 {
		return nil
	}
	if cap(u.arena)-len(u.arena) < len(opts) {
		u.arena = make([]ID, 0, max(1<<16, len(opts)))
	}
	start := len(u.arena)
	u.arena = append(u.arena, opts...)
	return u.arena[start:len(u.arena):len(u.arena)]
}

// derive fills in the attributes of a record from its options.
func (u *Universe) derive(r *record) {
	r.nim = -1
	var b uint16
	for _, o := range r.left {
		b = max(b, u.rec(o).birthday+1)
	}
	for _, o := range r.right {
		b = max(b, u.rec(o).birthday+1)
	}
	r.birthday = b
	if x, ok := u.numberFromOptions(r.left, r.right); ok {
		r.isNum, r.num, r.lstop, r.rstop = true, x, x, x
		if x.Sign() == 0 {
			r.nim = 0
		}
		return
	}
	if slices.Equal(r.left, r.right) {
		seen := make([]bool, len(r.left))
		nimber := true
		for _, o := range r.left {
			n := int(u.rec(o).nim)
			if n < 0 || n >= len(seen) || seen[n] {
				nimber = false
				break
			}
			seen[n] = true
		}
		if nimber {
			r.nim = int32(len(r.left))
		}
	}
	for i, o := range r.left {
		if s := u.rec(o).rstop; i == 0 || s.Cmp(r.lstop) > 0 {
			r.lstop = s
		}
	}
	for i, o := range r.right {
		if s := u.rec(o).lstop; i == 0 || s.Cmp(r.rstop) < 0 {
			r.rstop = s
		}
	}
}

// numberFromOptions reports whether {left|right} is a number, and which:
// all options are numbers and every left one is below every right one.
func (u *Universe) numberFromOptions(left, right []ID) (Dyadic, bool) {
	var lo, hi *Dyadic
	for _, o := range left {
		r := u.rec(o)
		if !r.isNum {
			return Dyadic{}, false
		}
		if lo == nil || r.num.Cmp(*lo) > 0 {
			lo = &r.num
		}
	}
	for _, o := range right {
		r := u.rec(o)
		if !r.isNum {
			return Dyadic{}, false
		}
		if hi == nil || r.num.Cmp(*hi) < 0 {
			hi = &r.num
		}
	}
	if lo != nil && hi != nil && lo.Cmp(*hi) >= 0 {
		return Dyadic{}, false
	}
	return simplestBetween(lo, hi), true
}

// Number returns the canonical form of the number x.
func (u *Universe) Number(x Dyadic) ID {
	u.mu.RLock()
	g, ok := u.numbers[x]
	u.mu.RUnlock()
	if ok {
		return g
	}
	switch {
	case x.Sign() == 0:
		g = Zero
	case x.IsInteger() && x.Num > 0:
		g = u.intern([]ID{u.Number(Int(x.Num - 1))}, nil)
	case x.IsInteger():
		g = u.intern(nil, []ID{u.Number(Int(x.Num + 1))})
	default:
		lo := NewDyadic(x.Num-1, uint(x.Exp))
		hi := NewDyadic(x.Num+1, uint(x.Exp))
		g = u.intern([]ID{u.Number(lo)}, []ID{u.Number(hi)})
	}
	u.mu.Lock()
	u.numbers[x] = g
	u.mu.Unlock()
	return g
}

// Nim returns the nimber *n.
func (u *Universe) Nim(n int) ID {
	g := Zero
	opts := make([]ID, 0, n)
	for range n {
		opts = append(opts, g)
		sorted := slices.Clone(opts)
		slices.Sort(sorted)
		g = u.intern(sorted, sorted)
	}
	return g
}
