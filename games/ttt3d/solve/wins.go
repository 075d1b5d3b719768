package solve

import (
	"github.com/tablebase/tablebase/games/ttt3d/rules"
)

// Win or draw only: a search that answers whether a side can force a
// win, without the plies, for questions (such as the fair variants) that
// need only the result. Not tracking the plies lets it cut more: a win is
// any win, and cells on which nobody can make a line any more are removed.

// goal is what the boolean search asks of the side to move.
type goal uint8

const (
	toWin  goal = iota // can the mover force a win?
	toDraw             // can the mover avoid a loss?
)

// goalSalt keeps the table entries of the two questions apart from each
// other and from the exact search's: exactly on 3x3x3, whose keys are
// below 2^54, and on 4x4x4 (hashed keys) as surely as the hash does.
var goalSalt = [2]uint64{toWin: 1 << 62, toDraw: 1 << 63}

// Wins reports whether the side to move in p can force a win against
// any defence.
func (s *Solver) Wins(p rules.Position) bool {
	if p.Finished() {
		return false
	}
	me, opp := p.Mover()
	w := searcher{s: s}
	win := w.forces(me, opp, p.EmptyCells(), toWin)
	s.nodes.Add(w.nodes)
	return win
}

// forces reports whether the side to move, with stones me against opp
// (neither with a line), can force the goal g. The mover wins when, after
// some move, the other side cannot draw; it draws when, after some move,
// the other side cannot win.
//
// A cell on no line that either side can still complete is dead: a move
// there is a pass, and a pass is never better than a move on a live cell
// (a stone more never hurts a side in this game), nor does the other
// side's pass help it. So dead cells and dead stones count as blocked,
// which leaves the result unchanged and lets positions that differ only
// in dead cells share table entries.
func (w *searcher) forces(me, opp, empty uint64, g goal) bool {
	if w.tick() {
		return false // meaningless: the caller checks stopped
	}
	b := w.s.b
	if b.Threats(me, empty) != 0 {
		return true
	}
	if t := b.Threats(opp, empty); t != 0 {
		if t&(t-1) != 0 {
			return false
		}
		return !w.forces(opp, me|t, empty&^t, g^1)
	}
	blocked := (b.Full() | b.Blocked()) &^ (me | opp | empty)
	var live uint64
	meLive, oppLive := false, false
	for _, l := range b.Lines {
		switch {
		case l&(opp|blocked) == 0:
			live |= l
			meLive = true
			if l&me == 0 {
				oppLive = true
			}
		case l&(me|blocked) == 0:
			live |= l
			oppLive = true
		}
	}
	switch {
	case g == toWin && !meLive:
		return false
	case g == toDraw && !oppLive:
		return true
	}
	if w.s.pairings {
		// A pairing strategy settles the question (see Pairing).
		switch {
		case g == toWin && b.Pairable(opp, empty):
			return false
		case g == toDraw && b.Pairable(me, empty):
			return true
		}
	}
	me, opp, empty = me&live, opp&live, empty&live
	blocked = (b.Full() | b.Blocked()) &^ (me | opp | empty)
	ca, cb, _ := b.Canonical(me|blocked, opp|blocked)
	key := b.Key(ca, cb) ^ goalSalt[g]
	if e, ok := w.s.tt.get(key); ok {
		return e.score != 0
	}
	var moves [64]int
	n := w.orderMoves(me, opp, empty, -1, moves[:])
	for _, c := range moves[:n] {
		if !w.forces(opp, me|1<<c, empty&^(1<<c), g^1) && !w.stopped {
			w.s.tt.put(key, entry{score: 1, bound: exact, move: -1})
			return true
		}
	}
	if !w.stopped {
		w.s.tt.put(key, entry{score: 0, bound: exact, move: -1})
	}
	return false
}
