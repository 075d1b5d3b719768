// Package engine decides who wins whole Domineering boards (up to 128
// cells) by alpha-beta search on the sum of the board's components. A
// component small enough for the tablebase, or one where only one player
// can move, is replaced by its exact value; once every component is known
// the sum decides the position by a comparison with zero instead of a
// search. Moves inside a known component are only those whose values are
// not dominated, and counting (tally: Bullock's count of the moves a
// player can always make against the moves the other can ever make) ends
// lines early (made again on the board turned half round when one move
// short); before the first move that needs a search is searched, the
// next few are counted for one that wins at once. A shared lock-free
// transposition table (which also files a position under its unknown part
// and the value of the rest), move ordering, and both cores sharing the
// replies to each root move and spreading over the moves below them do
// the rest.
package engine

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/internal/region"
	"github.com/tablebase/tablebase/internal/ttable"
)

// Values gives the exact value of a connected component, cropped to its
// bounding box, when it is known: from a tablebase, or solved in memory.
// It must be safe for concurrent use.
type Values func(c region.Region) (cgt.ID, bool)

// Options tunes an Engine.
type Options struct {
	// KnownCells: components of at most this many cells are valued by
	// Values (0: none are; the search then uses only one-sided components
	// and counting).
	KnownCells int
	// TableBits sizes the transposition table: 2^TableBits entries of 24
	// bytes. 0 sizes it by the board (tableBits), and grows it, emptied,
	// when a larger board comes.
	TableBits uint
	// Workers is the number of goroutines at the root (0: 2).
	Workers int
	// Progress, when set, is called each time a reply to a root move is
	// found to lose, from the goroutine that searched it, and each time a
	// root move is found to lose (so it must be safe for concurrent use,
	// and quick).
	Progress func(Progress)
}

// Progress says how far a whole-board search has got: the mover (Left
// when Left is true) has tried Move (counted from 1) of his Moves at the
// root, Lost of them lose, and of the other's Replies to the one being
// tried Beaten are searched and found to lose; the engine has searched
// Nodes positions so far.
type Progress struct {
	Left              bool
	Move, Moves, Lost int
	Beaten, Replies   int
	Nodes             int64
}

// Engine answers positions. It is safe for concurrent use; its table
// keeps what it learnt from one query to the next.
type Engine struct {
	u      *cgt.Universe
	values Values
	opts   Options
	tt     atomic.Pointer[sizedTable]
	nodes  atomic.Int64
	// ints holds the integers -MaxCells/2 to MaxCells/2 (the values of
	// components where one player alone can move), so that the search
	// does not ask the universe, whose lock the cores would share.
	ints [MaxCells + 1]cgt.ID
	// searching counts, for each slot of positions (by hash), the
	// workers searching one of them (searcher.winShared).
	searching [1 << busyBits]atomic.Uint32
}

const busyBits = 16

// busy returns the count of workers searching p (or a position sharing
// its slot).
func (e *Engine) busy(p bb) *atomic.Uint32 {
	h := (p.Lo*0x9E3779B97F4A7C15 ^ p.Hi*0xC2B2AE3D27D4EB4F) >> (64 - busyBits)
	return &e.searching[h]
}

// New returns an engine computing in u, with values for small components.
func New(u *cgt.Universe, values Values, opts Options) *Engine {
	if opts.Workers <= 0 {
		opts.Workers = 2
	}
	if values == nil {
		opts.KnownCells = 0
	}
	e := &Engine{u: u, values: values, opts: opts}
	for i := range e.ints {
		e.ints[i] = u.Number(cgt.Int(int64(i - MaxCells/2)))
	}
	if opts.TableBits != 0 {
		e.tt.Store(&sizedTable{ttable.NewWide(opts.TableBits), opts.TableBits})
	}
	return e
}

// sizedTable is a transposition table and its size (log2 of its entries).
type sizedTable struct {
	*ttable.Wide
	bits uint
}

// tableBits is the table size for a board of the given cells when none is
// set: 2^(cells/3) entries, from 2^16 to 2^25. A table much larger than
// the search needs costs more than it saves: its memory is cleared on
// first use (8x8, 2.5 million nodes: 2^21 entries take 1.5 s, 2^25 3.5 s,
// mostly the system's time to supply the memory).
func tableBits(cells int) uint { return uint(min(max(cells/3, 16), 25)) }

// table returns the transposition table for a board of the given cells,
// making or growing it first when its size is the engine's to choose.
func (e *Engine) table(cells int) *ttable.Wide {
	want := tableBits(cells)
	for {
		t := e.tt.Load()
		if t != nil && (e.opts.TableBits != 0 || t.bits >= want) {
			return t.Wide
		}
		if e.tt.CompareAndSwap(t, &sizedTable{ttable.NewWide(want), want}) {
			return e.tt.Load().Wide
		}
	}
}

// Nodes returns the number of positions searched so far (during a long
// search it lags by at most 2^16 a worker).
func (e *Engine) Nodes() int64 { return e.nodes.Load() }

// Move is a domino: the two cells it covers, as row-major indices.
type Move struct{ First, Second int }

// Outcome returns the outcome class of p: L (Left, the vertical player,
// wins whoever starts), R, N (the first player wins) or P.
func (e *Engine) Outcome(p Position) cgt.Outcome {
	o, _ := e.OutcomeWithin(context.Background(), p)
	return o
}

// OutcomeWithin is Outcome with a deadline; solved is false when ctx ended
// first.
func (e *Engine) OutcomeWithin(ctx context.Context, p Position) (o cgt.Outcome, solved bool) {
	_, l, solved, _ := e.BestMoveWithin(ctx, p, true)
	// A board equal to its transpose gives Right first what Left first has.
	r := l
	if t := p.transpose(); t != p && solved {
		_, r, solved, _ = e.BestMoveWithin(ctx, p, false)
	}
	if !solved {
		return 0, false
	}
	return cgt.OutcomeOf(l, r), true
}

// Wins reports whether the player to move wins p: Left (vertical) when
// left is true, else Right.
func (e *Engine) Wins(p Position, left bool) bool {
	_, wins, _ := e.BestMove(p, left)
	return wins
}

// BestMove returns a winning move for the player to move, or, when he has
// none, the move the search orders first; ok is false when he has no move.
func (e *Engine) BestMove(p Position, left bool) (m Move, wins, ok bool) {
	m, wins, _, ok = e.BestMoveWithin(context.Background(), p, left)
	return m, wins, ok
}

// BestMoveWithin is BestMove with a deadline: when ctx ends before the
// search does, it returns the move the search orders first with solved
// false (and wins false: not known).
func (e *Engine) BestMoveWithin(ctx context.Context, p Position, left bool) (m Move, wins, solved, ok bool) {
	g, err := newGeometry(p.H, p.W)
	if err != nil {
		return Move{}, false, false, false
	}
	var abort atomic.Bool
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-ctx.Done():
			abort.Store(true)
		case <-done:
		}
	}()
	// One searcher a worker for the whole call, so that what they learn
	// about components serves every root move.
	workers := make([]*searcher, e.opts.Workers)
	for i := range workers {
		workers[i] = e.searcher(g, new(atomic.Bool), &abort)
	}
	defer func() {
		for _, s := range workers {
			s.flush()
		}
	}()
	decided, result, moves := workers[0].prepare(p.empty, left, true, false)
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
		beaten := beatsAll(workers, &abort, p.empty.AndNot(d), !left, report)
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

// unfinished returns the first reply not done, or -1.
func unfinished(done []atomic.Bool) int {
	for i := range done {
		if !done[i].Load() {
			return i
		}
	}
	return -1
}

// toMove writes a domino's cells as a Move.
func toMove(d bb) Move {
	first := d.Low()
	return Move{First: first, Second: d.WithoutLow().Low()}
}
