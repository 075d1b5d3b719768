package parts

import (
	"sync/atomic"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/internal/stop"
)

// Solver values positions, remembering every part it has valued. It is
// not safe for concurrent use; its Universe is.
type Solver[P any, K comparable] struct {
	U     *cgt.Universe
	Rules Rules[P, K]
	// Known, when set, is asked for a part's key before the part is
	// valued from its options (a tablebase, say).
	Known func(K) (cgt.ID, bool)
	// Shortcut, when set, is asked for a part before its key: a game's
	// own faster path for the parts it fits (and its own memo of them).
	Shortcut func(part P) (cgt.ID, bool)
	// Stop, when its computation is run by stop.Run, abandons a
	// computation whose context ends.
	Stop stop.Check

	memo   map[K]cgt.ID
	solved atomic.Int64 // parts valued or found in Known
}

// NewSolver returns a Solver for the rules in u.
func NewSolver[P any, K comparable](u *cgt.Universe, rules Rules[P, K]) *Solver[P, K] {
	return &Solver[P, K]{U: u, Rules: rules, memo: map[K]cgt.ID{}}
}

// Value returns the value of a position: the sum of its parts'.
func (s *Solver[P, K]) Value(p P) cgt.ID { return Sum(s.U, s.Rules, p, s.Part) }

// Part returns the value of a part.
func (s *Solver[P, K]) Part(part P) cgt.ID {
	if s.Shortcut != nil {
		if v, ok := s.Shortcut(part); ok {
			return v
		}
	}
	k, negated := s.Rules.Key(part)
	v := s.KeyValue(k)
	if negated {
		v = s.U.Neg(v)
	}
	return v
}

// KeyValue returns the value of the part a key stands for.
func (s *Solver[P, K]) KeyValue(k K) cgt.ID {
	if s.Shortcut != nil {
		if v, ok := s.Shortcut(s.Rules.Part(k)); ok {
			return v
		}
	}
	if v, ok := s.memo[k]; ok {
		return v
	}
	s.Stop.Point()
	v, ok := cgt.ID(0), false
	if s.Known != nil {
		v, ok = s.Known(k)
	}
	if !ok {
		v = Value(s.U, s.Rules, s.Rules.Part(k), s.Part)
	}
	s.memo[k] = v
	s.solved.Add(1)
	return v
}

// Solved returns how many parts the solver has valued or found in Known
// so far. It may be called while the solver runs.
func (s *Solver[P, K]) Solved() int { return int(s.solved.Load()) }

// Each calls fn with every key the solver has valued, and its value. It
// must not run while the solver does.
func (s *Solver[P, K]) Each(fn func(K, cgt.ID)) {
	for k, v := range s.memo {
		fn(k, v)
	}
}
