package engine

import "sync/atomic"

// Candidates lists the moves the search tries at the root of p for the
// player to move (Left when left), in the order it tries them: the moves
// BestMove chooses from, which may leave out moves no better than others
// (dominated ones in known components, safe ones while the mover has
// others). It is nil when p is larger than the engine takes or the
// player has no move.
func (e *Engine) Candidates(p Position, left bool) []Move {
	g, err := newGeometry(p.H, p.W)
	if err != nil {
		return nil
	}
	s := e.searcher(g, new(atomic.Bool), new(atomic.Bool))
	_, _, moves := s.prepare(p.empty, left, true, false)
	if len(moves) == 0 {
		return nil
	}
	out := make([]Move, len(moves))
	for i, d := range moves {
		out[i] = toMove(d)
	}
	return out
}
