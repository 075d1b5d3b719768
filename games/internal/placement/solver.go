package placement

import (
	"sync"
	"sync/atomic"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/canon/grid8"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/games/internal/parts"
	"github.com/tablebase/tablebase/internal/idtable"
	"github.com/tablebase/tablebase/internal/region"
)

// Solver computes values of positions, remembering every component it
// has solved: the general path of parts.Solver, and its own path for the
// components that fit an 8x8 frame (small.go). It is not safe for
// concurrent use; its Universe is.
type Solver struct {
	*parts.Solver[region.Region, canon.Key]
	Rules Rules
	// Workers is how many goroutines solve a component that fits an 8x8
	// frame; 0 or 1 means one, the caller's. With more, Known must be safe
	// for concurrent use.
	Workers int
	// small holds the components that fit an 8x8 frame, by grid8 key.
	small       *idtable.Table
	smallSolved atomic.Int64 // component classes in small
	main        *smallWorker // the caller's worker on the small path, kept from call to call
}

// NewSolver returns a Solver for the game in u.
func NewSolver(u *cgt.Universe, r Rules) *Solver {
	s := &Solver{Solver: parts.NewSolver(u, PartRules(r)), Rules: r, small: idtable.New(0)}
	s.Shortcut = func(c region.Region) (cgt.ID, bool) {
		if !grid8.Fits(c) {
			return 0, false
		}
		return s.smallComponent(grid8.FromRegion(c)), true
	}
	return s
}

// Solved returns how many component classes the solver has valued so far
// (computed, or found in Known). It may be called while the solver runs.
func (s *Solver) Solved() int { return s.Solver.Solved() + int(s.smallSolved.Load()) }

// Each calls fn with every component class the solver has valued: its
// canonical key and its value. It must not run while the solver does.
func (s *Solver) Each(fn func(canon.Key, cgt.ID)) {
	s.Solver.Each(fn)
	s.small.ForEach(func(k uint64, v uint32) {
		key, sym := canon.Canonical(grid8.Region(k))
		g := cgt.ID(v)
		if s.Rules.Negates(sym) {
			g = s.U.Neg(g)
		}
		fn(key, g)
	})
}

// Component returns the value of a connected, cropped region.
func (s *Solver) Component(c region.Region) cgt.ID { return s.Part(c) }

// PartRules returns a placement game's rules as parts.Rules: a region's
// parts are its connected components, cropped; a component's key is its
// canonical key; a move covers cells, less the moves the rules'
// Dominance leaves out.
func PartRules(r Rules) parts.Rules[region.Region, canon.Key] {
	pr := partRules{r: r}
	for sym := range pr.negates {
		pr.negates[sym] = r.Negates(canon.Symmetry(sym))
	}
	return pr
}

// partRules is PartRules' value.
type partRules struct {
	r       Rules
	negates [8]bool // by symmetry, asked once
}

func (pr partRules) Parts(p region.Region, dst []region.Region) []region.Region {
	return p.Components(dst)
}

func (pr partRules) Key(c region.Region) (canon.Key, bool) {
	k, sym := canon.Canonical(c)
	return k, pr.negates[sym]
}

func (pr partRules) Part(k canon.Key) region.Region { return k.Region() }

func (pr partRules) Options(c region.Region, left bool, dst []region.Region) []region.Region {
	pieces := piecePool.Get().(*[64]uint64)
	defer piecePool.Put(pieces)
	var moves []uint64
	if pr.r.Impartial() {
		moves = pr.r.Moves(c, true, pieces[:0])
	} else {
		moves = undominatedMoves(pr.r, c, left, pieces[:0])
	}
	for _, p := range moves {
		dst = append(dst, c.With(c.Bits&^p))
	}
	return dst
}

func (pr partRules) Impartial() bool { return pr.r.Impartial() }

// piecePool holds buffers for the moves of a component, for the general
// path and the small one. The rules are an interface, so a buffer on the
// stack would go to the heap at every component.
var piecePool = sync.Pool{New: func() any { return new([64]uint64) }}

// MexOver returns the least nim-value below 128 that no move reaches, or
// 128; nimAfter gives the nim-value a move leads to.
func MexOver(moves []uint64, nimAfter func(move uint64) int) int {
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
