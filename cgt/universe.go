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
	"sync/atomic"

	"github.com/cespare/xxhash/v2"
	"github.com/tablebase/tablebase/internal/hugemem"
	"github.com/tablebase/tablebase/internal/idtable"
)

// ID names a canonical form in a Universe. Zero is the game 0 = {|}.
type ID uint32

// Zero is the ID of the game 0 in every Universe.
const Zero ID = 0

const (
	pageBits = 14
	pageSize = 1 << pageBits
	maxPages = 1 << (32 - pageBits)

	// The arena holds option lists in pages of 2^17 IDs: a list of at most
	// 2 x 65,535 options fits in one.
	arenaBits     = 17
	arenaPageSize = 1 << arenaBits
	maxArenaPages = 1 << (32 - arenaBits)
)

// MaxOptions is the most options of one player that a canonical form in a
// Universe may have: FromOptions panics on a canonical form with more.
const MaxOptions = 1<<16 - 1

// record is what a Universe knows of one canonical form. It holds no
// pointer (its options are in the arena), so that the garbage collector
// need not scan the pages of records, and it fits in 40 bytes.
type record struct {
	lnum, rnum int64  // the stops' numerators; a number's stops are its value
	opts       uint32 // where the options start in the arena: left, then right
	neg        ID     // the ID of -G
	nim        int32  // n when G = *n, else -1
	nl, nr     uint16 // the number of left and right options
	birthday   uint16
	lexp, rexp uint8 // the stops' exponents
	isNum      bool
}

// lstop and rstop return the stops of the game.
func (r *record) lstop() Dyadic { return Dyadic{Num: r.lnum, Exp: r.lexp} }
func (r *record) rstop() Dyadic { return Dyadic{Num: r.rnum, Exp: r.rexp} }

// num returns the value of a number.
func (r *record) num() Dyadic { return r.lstop() }

// setStops records the stops of the game.
func (r *record) setStops(l, rs Dyadic) {
	r.lnum, r.lexp, r.rnum, r.rexp = l.Num, l.Exp, rs.Num, rs.Exp
}

// Universe holds canonical forms. Its zero value is not usable: call
// NewUniverse.
type Universe struct {
	pages [maxPages]*[pageSize]record
	size  uint32 // number of IDs in use; guarded by mu for writers

	// index and numbers are read without a lock: a game is put in them
	// once its record is complete. The rest is guarded by mu.
	index    *idtable.Table // options hash (see indexKey) -> ID
	numbers  *idtable.Table // numberKey(x) -> the ID of the number x
	mu       sync.RWMutex
	spill    map[uint64][]ID                   // further IDs whose options share a hash
	bigNums  map[Dyadic]ID                     // numbers that numberKey cannot pack
	arena    [maxArenaPages]*[arenaPageSize]ID // option lists
	arenaLen uint64                            // the IDs of the arena in use

	sums    *opCache
	compare *bitCache

	// Memos of derived, rarely used attributes.
	allSmall, atomic, nus, nimbers sync.Map
	strings                        idMemo[string]  // each ID's value written out (String)
	outcomes                       idMemo[Outcome] // each ID's outcome class asked so far (Outcome)

	// Limits (SetLimits): the most forms, and the deadline in Unix
	// nanoseconds; 0 for none.
	maxLen   atomic.Uint32
	deadline atomic.Int64
}

// compareBits is the log2 of the most entries the cache of comparisons
// has: 2^14 entries of 8 bytes, which the processor's second-level cache
// holds. A comparison is mostly asked again soon after it is first made
// (the options of one component against each other, then of the next
// that shares them), so a small cache answers nearly as often as a large
// one, and each look-up costs a read of that cache instead of one of main
// memory: 6x6 Domineering on one core took the same time with 2^11 to
// 2^15 entries, 0.84 of it against 2^20.
const compareBits = 14

// NewUniverse returns a Universe holding 0, with a cache of 2^cacheBits
// sums (16 bytes an entry; 20 to 22 is a good choice) and one of at most
// 2^14 comparisons (8 bytes an entry).
func NewUniverse(cacheBits uint) *Universe {
	u := &Universe{
		index:   idtable.New(0),
		spill:   make(map[uint64][]ID),
		numbers: idtable.New(0),
		bigNums: make(map[Dyadic]ID),
		sums:    newOpCache(cacheBits),
		compare: newBitCache(min(cacheBits, compareBits)),
	}
	u.mu.Lock()
	h := hashOptions(nil, nil)
	u.publishLocked(u.insertLocked(nil, nil), h)
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

// options returns the left and right options of a record. The slices
// must not be modified.
func (u *Universe) options(r *record) (left, right []ID) {
	if r.nl == 0 && r.nr == 0 {
		return nil, nil
	}
	off := r.opts & (arenaPageSize - 1)
	all := u.arena[r.opts>>arenaBits][off : off+uint32(r.nl)+uint32(r.nr)]
	return all[:r.nl:r.nl], all[r.nl:]
}

// left and right return a record's left or right options.
func (u *Universe) left(r *record) []ID  { l, _ := u.options(r); return l }
func (u *Universe) right(r *record) []ID { _, rt := u.options(r); return rt }

// Left returns the left options of g. The slice must not be modified.
func (u *Universe) Left(g ID) []ID { return u.left(u.rec(g)) }

// Right returns the right options of g. The slice must not be modified.
func (u *Universe) Right(g ID) []ID { return u.right(u.rec(g)) }

// Neg returns -g.
func (u *Universe) Neg(g ID) ID { return u.rec(g).neg }

// IsNumber reports whether g is a number, and which.
func (u *Universe) IsNumber(g ID) (Dyadic, bool) {
	r := u.rec(g)
	if !r.isNum {
		return Dyadic{}, false
	}
	return r.num(), true
}

// Nimber returns n if g = *n, else -1.
func (u *Universe) Nimber(g ID) int { return int(u.rec(g).nim) }

// Stops returns the left and right stops of g.
func (u *Universe) Stops(g ID) (left, right Dyadic) {
	r := u.rec(g)
	return r.lstop(), r.rstop()
}

// Birthday returns the birthday of g.
func (u *Universe) Birthday(g ID) int { return int(u.rec(g).birthday) }

// hashOptions hashes an option list pair.
func hashOptions(left, right []ID) uint64 {
	var stack [64]byte
	buf := binary.LittleEndian.AppendUint32(stack[:0], uint32(len(left)))
	for _, g := range left {
		buf = binary.LittleEndian.AppendUint32(buf, uint32(g))
	}
	for _, g := range right {
		buf = binary.LittleEndian.AppendUint32(buf, uint32(g))
	}
	return xxhash.Sum64(buf)
}

// indexKey is the key of an options hash in the index, which holds no
// key 0.
func indexKey(h uint64) uint64 { return max(h, 1) }

// has reports whether g has exactly these options.
func (u *Universe) has(g ID, left, right []ID) bool {
	l, r := u.options(u.rec(g))
	return slices.Equal(l, left) && slices.Equal(r, right)
}

// lookup finds the game with exactly these (sorted) options in the index,
// without a lock; a game whose options share their hash with another's
// may be missed.
func (u *Universe) lookup(left, right []ID, h uint64) (ID, bool) {
	if g, ok := u.index.Get(indexKey(h)); ok && u.has(ID(g), left, right) {
		return ID(g), true
	}
	return 0, false
}

// lookupLocked finds the game with exactly these (sorted) options.
func (u *Universe) lookupLocked(left, right []ID, h uint64) (ID, bool) {
	if g, ok := u.lookup(left, right, h); ok {
		return g, true
	}
	for _, g := range u.spill[h] {
		if u.has(g, left, right) {
			return g, true
		}
	}
	return 0, false
}

// intern returns the ID of the game {left|right}, whose options must be
// canonical, sorted, free of duplicates, dominated and reversible options.
func (u *Universe) intern(left, right []ID) ID {
	h := hashOptions(left, right)
	if g, ok := u.lookup(left, right, h); ok {
		return g
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	if g, ok := u.lookupLocked(left, right, h); ok {
		return g
	}
	if u.maxLen.Load() != 0 || u.deadline.Load() != 0 {
		u.checkLimitsLocked()
	}
	g := u.insertLocked(left, right)
	r := u.rec(g)
	var lbuf, rbuf [32]ID // most option lists are short
	nl := u.negateListLocked(right, lbuf[:0])
	nr := u.negateListLocked(left, rbuf[:0])
	if slices.Equal(nl, left) && slices.Equal(nr, right) {
		r.neg = g
		u.publishLocked(g, h)
		return g
	}
	n := u.insertLocked(nl, nr)
	r.neg = n
	u.rec(n).neg = g
	u.publishLocked(g, h)
	u.publishLocked(n, hashOptions(nl, nr))
	return g
}

// negateListLocked appends to dst the negatives of opts, sorted.
func (u *Universe) negateListLocked(opts, dst []ID) []ID {
	for _, o := range opts {
		dst = append(dst, u.rec(o).neg)
	}
	slices.Sort(dst)
	return dst
}

// insertLocked appends a new record and derives its attributes. The
// caller completes it and then publishes it.
func (u *Universe) insertLocked(left, right []ID) ID {
	g := ID(u.size)
	// The last ID is left unused: the index cannot hold it.
	if g == ^ID(0) {
		panic("cgt: universe full")
	}
	if u.pages[g>>pageBits] == nil {
		allocPages(u, u.pages[g>>pageBits:])
	}
	if len(left) > MaxOptions || len(right) > MaxOptions {
		panic("cgt: more options than a record holds")
	}
	r := u.rec(g)
	r.opts = u.store(left, right)
	r.nl, r.nr = uint16(len(left)), uint16(len(right))
	r.neg = g
	u.derive(r)
	u.size++
	return g
}

// publishLocked makes the complete record g, whose options hash to h,
// found by lookups.
func (u *Universe) publishLocked(g ID, h uint64) {
	if _, taken := u.index.Get(indexKey(h)); taken {
		u.spill[h] = append(u.spill[h], g)
	} else {
		u.index.Put(indexKey(h), uint32(g))
	}
}

// store copies a left and a right option list into the arena, one after
// the other in one page, and returns where they start.
func (u *Universe) store(left, right []ID) uint32 {
	n := uint64(len(left) + len(right))
	if n == 0 {
		return 0
	}
	if u.arenaLen%arenaPageSize+n > arenaPageSize {
		u.arenaLen += arenaPageSize - u.arenaLen%arenaPageSize
	}
	p := u.arenaLen >> arenaBits
	if p >= maxArenaPages {
		panic("cgt: universe full")
	}
	if u.arena[p] == nil {
		allocPages(u, u.arena[p:])
	}
	start := u.arenaLen
	off := start % arenaPageSize
	copy(u.arena[p][off:], left)
	copy(u.arena[p][off+uint64(len(left)):], right)
	u.arenaLen += n
	return uint32(start)
}

// derive fills in the attributes of a record from its options.
func (u *Universe) derive(r *record) {
	left, right := u.options(r)
	r.nim = -1
	var b uint16
	for _, o := range left {
		b = max(b, u.rec(o).birthday+1)
	}
	for _, o := range right {
		b = max(b, u.rec(o).birthday+1)
	}
	r.birthday = b
	if x, ok := u.numberFromOptions(left, right); ok {
		r.isNum = true
		r.setStops(x, x)
		if x.Sign() == 0 {
			r.nim = 0
		}
		return
	}
	if slices.Equal(left, right) {
		seen := make([]bool, len(left))
		nimber := true
		for _, o := range left {
			n := int(u.rec(o).nim)
			if n < 0 || n >= len(seen) || seen[n] {
				nimber = false
				break
			}
			seen[n] = true
		}
		if nimber {
			r.nim = int32(len(left))
		}
	}
	var lstop, rstop Dyadic
	for i, o := range left {
		if s := u.rec(o).rstop(); i == 0 || s.Cmp(lstop) > 0 {
			lstop = s
		}
	}
	for i, o := range right {
		if s := u.rec(o).lstop(); i == 0 || s.Cmp(rstop) < 0 {
			rstop = s
		}
	}
	r.setStops(lstop, rstop)
}

// numberFromOptions reports whether {left|right} is a number, and which:
// all options are numbers and every left one is below every right one.
func (u *Universe) numberFromOptions(left, right []ID) (Dyadic, bool) {
	b, ok := u.numberBounds(left, right)
	if !ok || b.crossed() {
		return Dyadic{}, false
	}
	return b.simplest(), true
}

// bounds are the largest left option and the smallest right option of a
// game whose options are all numbers, with their IDs; has says whether
// the side has any option.
type bounds struct {
	lo, hi       Dyadic
	best, worst  ID
	hasLo, hasHi bool
}

// numberBounds returns the bounds of {left|right}, or false when an
// option is not a number.
func (u *Universe) numberBounds(left, right []ID) (bounds, bool) {
	var b bounds
	for _, o := range left {
		r := u.rec(o)
		if !r.isNum {
			return bounds{}, false
		}
		if x := r.num(); !b.hasLo || x.Cmp(b.lo) > 0 {
			b.lo, b.best, b.hasLo = x, o, true
		}
	}
	for _, o := range right {
		r := u.rec(o)
		if !r.isNum {
			return bounds{}, false
		}
		if x := r.num(); !b.hasHi || x.Cmp(b.hi) < 0 {
			b.hi, b.worst, b.hasHi = x, o, true
		}
	}
	return b, true
}

// crossed reports whether the largest left option is at least the
// smallest right one: the game is then not a number.
func (b *bounds) crossed() bool { return b.hasLo && b.hasHi && b.lo.Cmp(b.hi) >= 0 }

// simplest returns the simplest number between the bounds, which must
// not be crossed.
func (b *bounds) simplest() Dyadic {
	var lo, hi *Dyadic
	if b.hasLo {
		lo = &b.lo
	}
	if b.hasHi {
		hi = &b.hi
	}
	return simplestBetween(lo, hi)
}

// Number returns the canonical form of the number x.
func (u *Universe) Number(x Dyadic) ID {
	if g, ok := u.knownNumber(x); ok {
		return g
	}
	var g ID
	switch {
	case x.Sign() == 0:
		g = Zero
	case x.IsInteger():
		g = u.integer(x.Num)
	default:
		lo := NewDyadic(x.Num-1, uint(x.Exp))
		hi := NewDyadic(x.Num+1, uint(x.Exp))
		g = u.intern([]ID{u.Number(lo)}, []ID{u.Number(hi)})
	}
	if key, ok := numberKey(x); ok {
		u.numbers.Put(key, uint32(g))
	} else {
		u.mu.Lock()
		u.bigNums[x] = g
		u.mu.Unlock()
	}
	return g
}

// integer returns the canonical form of the integer n != 0, {n-1|} or
// {|n+1}, making the integers between it and the nearest one known
// first, one after the other (not by recursion: n may be large).
func (u *Universe) integer(n int64) ID {
	step := int64(1)
	if n < 0 {
		step = -1
	}
	k := n - step // the integer n's option is
	for k != 0 {
		if _, ok := u.knownNumber(Int(k)); ok {
			break
		}
		k -= step
	}
	for ; k != n-step; k += step {
		u.Number(Int(k + step))
	}
	prev, _ := u.knownNumber(Int(n - step))
	if n > 0 {
		return u.intern([]ID{prev}, nil)
	}
	return u.intern(nil, []ID{prev})
}

// knownNumber returns the ID of the number x if it was made before.
func (u *Universe) knownNumber(x Dyadic) (ID, bool) {
	if x.Sign() == 0 {
		return Zero, true
	}
	if key, ok := numberKey(x); ok {
		g, ok := u.numbers.Get(key)
		return ID(g), ok
	}
	u.mu.RLock()
	defer u.mu.RUnlock()
	g, ok := u.bigNums[x]
	return g, ok
}

// numberKey packs a number other than 0 whose numerator has at most 55
// bits into a nonzero key of the numbers table.
func numberKey(x Dyadic) (uint64, bool) {
	if x.Num >= 1<<55 || x.Num < -(1<<55) {
		return 0, false
	}
	return uint64(x.Num)<<8 | uint64(x.Exp), true
}

// Nim returns the nimber *n.
func (u *Universe) Nim(n int) ID {
	if n <= 0 {
		return Zero
	}
	return u.memo(&u.nimbers, ID(n), func() ID {
		prev := u.Nim(n - 1) // *n = {0, ..., *(n-1) | 0, ..., *(n-1)}
		opts := append(slices.Clone(u.Left(prev)), prev)
		slices.Sort(opts)
		return u.intern(opts, opts)
	})
}

// slabPages is how many pages of records, or of the arena, are allocated
// at once: a slab of several megabytes, which the system can give in huge
// pages (see package hugemem).
const slabPages = 8

// allocPages fills the first slabPages of pages with new pages.
func allocPages[P any](u *Universe, pages []*P) {
	n := min(slabPages, len(pages))
	slab := hugemem.Slice[P](u, n)
	for i := range n {
		pages[i] = &slab[i]
	}
}
