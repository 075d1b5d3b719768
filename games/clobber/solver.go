package clobber

import (
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/internal/stop"
)

// Solver computes values of positions, remembering every group it has
// solved. It is not safe for concurrent use; its Universe is.
type Solver struct {
	U *cgt.Universe
	// Known, when set, is asked for a group before it is computed (a
	// tablebase, say).
	Known func(Key) (cgt.ID, bool)
	// Stop, when its computation is run by stop.Run, abandons a
	// computation whose context ends.
	Stop stop.Check
	memo map[Key]cgt.ID
}

// NewSolver returns a Solver in u.
func NewSolver(u *cgt.Universe) *Solver {
	return &Solver{U: u, memo: map[Key]cgt.ID{}}
}

// Value returns the value of a position: the sum of its groups.
func (s *Solver) Value(p Position) cgt.ID {
	return sum(s.U, p, s.Group)
}

// Group returns the value of a cropped group of stones.
func (s *Solver) Group(g Position) cgt.ID {
	k, negated := Canonical(g)
	v := s.KeyValue(k)
	if negated {
		v = s.U.Neg(v)
	}
	return v
}

// KeyValue returns the value of the group a key stands for.
func (s *Solver) KeyValue(k Key) cgt.ID {
	if v, ok := s.memo[k]; ok {
		return v
	}
	s.Stop.Point()
	if s.Known != nil {
		if v, ok := s.Known(k); ok {
			s.memo[k] = v
			return v
		}
	}
	v := GroupValue(s.U, k.Position(), s.Group)
	s.memo[k] = v
	return v
}

// GroupValue computes the canonical form of the group g from its
// options; group gives the value of each smaller group.
func GroupValue(u *cgt.Universe, g Position, group func(Position) cgt.ID) cgt.ID {
	var left, right []cgt.ID
	g.Moves(true, func(from, to int) { left = append(left, sum(u, g.Play(from, to), group)) })
	g.Moves(false, func(from, to int) { right = append(right, sum(u, g.Play(from, to), group)) })
	return u.FromOptions(left, right)
}

// sum adds the values of p's groups.
func sum(u *cgt.Universe, p Position, group func(Position) cgt.ID) cgt.ID {
	var buf [16]Position
	v := cgt.Zero
	for _, g := range p.Components(buf[:0]) {
		v = u.Add(v, group(g))
	}
	return v
}
