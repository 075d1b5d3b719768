package engine

import (
	"github.com/tablebase/tablebase/internal/bits128"
	"github.com/tablebase/tablebase/internal/bits192"
)

// Candidates lists the moves the search tries at the root of p for the
// player to move (Left when left), in the order it tries them: the moves
// BestMove chooses from, which may leave out moves no better than others
// (dominated ones in known components and, told from the cells, anywhere;
// safe ones while the mover has others). It is nil when p is larger than the engine takes or the
// player has no move.
func (e *Engine) Candidates(p Position, left bool) []Move {
	switch {
	case !fits(p.H, p.W):
		return nil
	case p.H*p.W <= bits128.Cells:
		return candidates(e, p, left)
	case p.H*p.W <= bits192.Cells:
		return midCandidates(e, p, left)
	}
	return wideCandidates(e, p, left)
}
