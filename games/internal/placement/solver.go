package placement

import (
	"sync"
	"sync/atomic"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/canon/grid8"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/internal/idtable"
	"github.com/tablebase/tablebase/internal/region"
	"github.com/tablebase/tablebase/internal/stop"
)

// Values gives the value of a canonical key when it is known already.
type Values interface {
	Value(k canon.Key) (cgt.ID, bool)
}

// Solver computes values of positions, remembering every component it
// has solved. It is not safe for concurrent use; its Universe is.
type Solver struct {
	U     *cgt.Universe
	Rules Rules
	// Known, when set, is asked for a component before it is computed
	// (a tablebase, say).
	Known Values
	// Stop, when its computation is run by stop.Run, abandons a
	// computation whose context ends.
	Stop stop.Check
	// Workers is how many goroutines solve a component that fits an 8x8
	// frame; 0 or 1 means one, the caller's. With more, Known must be safe
	// for concurrent use.
	Workers int
	memo    map[canon.Key]cgt.ID
	// small holds the components that fit an 8x8 frame, by grid8 key.
	small  *idtable.Table
	solved atomic.Int64 // component classes valued, in both memos
	main   *smallWorker // the caller's worker on the small path, kept from call to call
}

// NewSolver returns a Solver for the game in u.
func NewSolver(u *cgt.Universe, r Rules) *Solver {
	return &Solver{U: u, Rules: r, memo: make(map[canon.Key]cgt.ID), small: idtable.New(0)}
}

// Solved returns how many component classes the solver has valued so far
// (computed, or found in Known). It may be called while the solver runs.
func (s *Solver) Solved() int { return int(s.solved.Load()) }

// Each calls fn with every component class the solver has valued: its
// canonical key and its value. It must not run while the solver does.
func (s *Solver) Each(fn func(canon.Key, cgt.ID)) {
	for k, v := range s.memo {
		fn(k, v)
	}
	s.small.ForEach(func(k uint64, v uint32) {
		key, sym := canon.Canonical(grid8.Region(k))
		g := cgt.ID(v)
		if s.Rules.Negates(sym) {
			g = s.U.Neg(g)
		}
		fn(key, g)
	})
}

// Value returns the value of a position: the sum of its components.
func (s *Solver) Value(r region.Region) cgt.ID {
	var buf [16]region.Region
	v := cgt.Zero
	for _, c := range r.Components(buf[:0]) {
		v = s.U.Add(v, s.Component(c))
	}
	return v
}

// Component returns the value of a connected, cropped region.
func (s *Solver) Component(c region.Region) cgt.ID {
	if grid8.Fits(c) {
		return s.smallComponent(grid8.FromRegion(c))
	}
	key, sym := canon.Canonical(c)
	v := s.KeyValue(key)
	if s.Rules.Negates(sym) {
		v = s.U.Neg(v)
	}
	return v
}

// KeyValue returns the value of the region a canonical key stands for.
func (s *Solver) KeyValue(k canon.Key) cgt.ID {
	if r := k.Region(); grid8.Fits(r) {
		return s.smallComponent(grid8.FromRegion(r))
	}
	if v, ok := s.memo[k]; ok {
		return v
	}
	s.Stop.Point()
	v, ok := cgt.ID(0), false
	if s.Known != nil {
		v, ok = s.Known.Value(k)
	}
	if !ok {
		v = ComponentValue(s.U, s.Rules, k.Region(), s.Component)
	}
	s.memo[k] = v
	s.solved.Add(1)
	return v
}

// ComponentValue computes the canonical form of the connected region c
// from its options; component gives the value of each smaller component.
func ComponentValue(u *cgt.Universe, rules Rules, c region.Region, component func(region.Region) cgt.ID) cgt.ID {
	var left, right []cgt.ID
	var buf [16]region.Region
	optionValue := func(after region.Region) cgt.ID {
		x := cgt.Zero
		for _, comp := range after.Components(buf[:0]) {
			x = u.Add(x, component(comp))
		}
		return x
	}
	pieces := piecePool.Get().(*[64]uint64)
	defer piecePool.Put(pieces)
	if rules.Impartial() {
		return u.Nim(mex(u, c, rules.Moves(c, true, pieces[:0]), component))
	}
	for _, p := range undominatedMoves(rules, c, true, pieces[:0]) {
		left = append(left, optionValue(c.With(c.Bits&^p)))
	}
	for _, p := range undominatedMoves(rules, c, false, pieces[:0]) {
		right = append(right, optionValue(c.With(c.Bits&^p)))
	}
	return u.FromOptions(left, right)
}

// piecePool holds buffers for the moves of a component, for the general
// path and the small one. The rules are an interface, so a buffer on the
// stack would go to the heap at every component.
var piecePool = sync.Pool{New: func() any { return new([64]uint64) }}

// mex returns the least nim-value that no move of an impartial game
// leads to: a move's nim-value is the exclusive or of its components'.
func mex(u *cgt.Universe, c region.Region, moves []uint64, component func(region.Region) cgt.ID) int {
	var buf [16]region.Region
	return mexOver(moves, func(p uint64) int {
		x := 0
		for _, comp := range c.With(c.Bits &^ p).Components(buf[:0]) {
			x ^= u.Nimber(component(comp))
		}
		return x
	})
}

// mexOver returns the least nim-value below 128 that no move reaches, or
// 128; nimAfter gives the nim-value a move leads to.
func mexOver(moves []uint64, nimAfter func(move uint64) int) int {
	var seen [2]uint64 // the nim-values below 128 that some move reaches
	for _, p := range moves {
		if x := nimAfter(p); x < 128 {
			seen[x/64] |= 1 << (x % 64)
		}
	}
	m := 0
	for m < 128 && seen[m/64]>>(m%64)&1 != 0 {
		m++
	}
	return m
}
