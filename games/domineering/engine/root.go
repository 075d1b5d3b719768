package engine

import (
	"sync"
	"sync/atomic"
)

// The search at the root of a board: its moves in turn, the replies to
// each shared among the workers.

// bestMove is Engine.BestMoveWithin once the search is under way: abort
// is set when its deadline passes.
func bestMove(e *Engine, p Position, left bool, abort *atomic.Bool) (m Move, wins, solved, ok bool) {
	g, err := newGeometry(p.H, p.W)
	if err != nil {
		return Move{}, false, false, false
	}
	empty := cellsOf(p)
	// One searcher a worker for the whole call, so that what they learn
	// about components serves every root move.
	workers := make([]*searcher, e.opts.Workers)
	for i := range workers {
		workers[i] = newSearcher(e, g, new(atomic.Bool), abort)
	}
	defer func() {
		for _, s := range workers {
			s.flush()
		}
	}()
	decided, result, moves := workers[0].prepare(empty, left, true, false)
	workers[0].nodes++
	if len(moves) == 0 {
		return Move{}, result, true, false
	}
	if decided && !result {
		return toMove(moves[0]), false, true, true
	}
	// A winning move must beat every reply: the replies to each root move
	// in turn are shared among the workers, and the first reply that wins
	// stops them.
	for i, d := range moves {
		report := func(beaten, replies int) {}
		if e.opts.Progress != nil {
			report = func(beaten, replies int) {
				e.opts.Progress(Progress{Left: left, Move: i + 1, Moves: len(moves), Lost: i, Beaten: beaten, Replies: replies, Nodes: e.nodes.Load()})
			}
			report(0, 0) // the move is begun
		}
		beaten := beatsAll(workers, abort, empty.AndNot(d), !left, report)
		if abort.Load() {
			return toMove(moves[0]), false, false, true
		}
		if beaten {
			return toMove(d), true, true, true
		}
		if e.opts.Progress != nil {
			e.opts.Progress(Progress{Left: left, Move: i + 1, Moves: len(moves), Lost: i + 1, Nodes: e.nodes.Load()})
		}
	}
	return toMove(moves[0]), false, true, true
}

// beatsAll reports whether the player to move in e (Left when left) loses:
// every one of his moves leaves the other a win. The answer means nothing
// once abort is set. report is told each time another reply is beaten.
func beatsAll(workers []*searcher, abort *atomic.Bool, empty bb, left bool, report func(beaten, replies int)) bool {
	var stop atomic.Bool
	for _, s := range workers {
		s.stop = &stop
	}
	root := workers[0]
	mark := len(root.stack)
	defer func() { root.stack = root.stack[:mark] }()
	decided, result, replies := root.prepare(empty, left, false, false)
	root.nodes++
	if decided {
		return !result
	}
	if r, ok := root.lookup(empty, left); ok {
		return !r
	}
	if root.winningChild(empty, left, replies) {
		return false
	}
	var next, beaten atomic.Int64
	done := make([]atomic.Bool, len(replies))
	var wg sync.WaitGroup
	for _, s := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= len(replies) {
					// None left to start: join one still being searched
					// (the workers spread inside it: winShared).
					if i = unfinished(done); i < 0 {
						return
					}
				}
				if stop.Load() || abort.Load() {
					return
				}
				if !s.win(empty.AndNot(replies[i]), !left) {
					stop.Store(true) // this reply wins: no need to look further
					return
				}
				s.flush()
				if done[i].CompareAndSwap(false, true) {
					report(int(beaten.Add(1)), len(replies))
				}
			}
		}()
	}
	wg.Wait()
	return !stop.Load()
}

// candidates is Engine.Candidates.
func candidates(e *Engine, p Position, left bool) []Move {
	g, err := newGeometry(p.H, p.W)
	if err != nil {
		return nil
	}
	s := newSearcher(e, g, new(atomic.Bool), new(atomic.Bool))
	_, _, moves := s.prepare(cellsOf(p), left, true, false)
	if len(moves) == 0 {
		return nil
	}
	out := make([]Move, len(moves))
	for i, d := range moves {
		out[i] = toMove(d)
	}
	return out
}

// toMove writes a domino's cells as a Move.
func toMove(d bb) Move {
	first := d.Low()
	return Move{First: first, Second: d.WithoutLow().Low()}
}
