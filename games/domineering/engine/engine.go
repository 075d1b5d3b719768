// Package engine decides who wins whole Domineering boards (up to 256
// cells) by alpha-beta search on the sum of the board's components. A
// component small enough for the tablebase, or one where only one player
// can move, is replaced by its exact value; once every component is known
// the sum decides the position by a comparison with zero instead of a
// search. Moves inside a known component are only those whose values are
// not dominated, a move is left out where an overlapping one of the same
// player is at least as good (told from the cells), and counting (tally:
// Bullock's count of the moves a player can always make against the moves
// the other can ever make) ends
// lines early (made again on the board turned half round when one move
// short); before the first move that needs a search is searched, the
// next few are counted for one that wins at once. A shared lock-free
// transposition table (which also files a position under its unknown part
// and the value of the rest), move ordering, and both cores sharing the
// replies to each root move and spreading over the moves below them do
// the rest. Boards of more than 128 cells are searched by copies of the
// same code on sets of three words, up to 192 cells (mid_*_gen.go), and
// of four (wide_*_gen.go).
package engine

import (
	"context"
	"sync/atomic"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/internal/bits128"
	"github.com/tablebase/tablebase/internal/bits192"
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
// keeps what it learnt from one query to the next, and its forks (Fork)
// share it.
type Engine struct {
	u      *cgt.Universe
	values Values
	opts   Options
	tabs   *tables
	nodes  atomic.Int64
	// ints holds the integers -64 to 64 (the values of components where
	// one player alone can move, on boards of up to 128 cells), so that
	// the search does not ask the universe, whose lock the cores would
	// share.
	ints [bits128.Cells + 1]cgt.ID
}

// tables are what an engine and its forks share: tt is the table of
// boards of up to 128 cells, mid that of boards of up to 192, long that
// of larger ones; searching counts, for each slot of positions (by
// hash), the workers searching one of them (searcher.winShared).
type tables struct {
	tt        atomic.Pointer[sized[ttable.Wide]]
	mid       atomic.Pointer[sized[ttable.Mid]]
	long      atomic.Pointer[sized[ttable.Long]]
	searching [1 << busyBits]atomic.Uint32
}

const busyBits = 16

// integer returns the value of the integer n.
func (e *Engine) integer(n int) cgt.ID {
	if i := len(e.ints)/2 + n; uint(i) < uint(len(e.ints)) {
		return e.ints[i]
	}
	return e.u.Number(cgt.Int(int64(n)))
}

// New returns an engine computing in u, with values for small components.
func New(u *cgt.Universe, values Values, opts Options) *Engine {
	if opts.Workers <= 0 {
		opts.Workers = 2
	}
	if values == nil {
		opts.KnownCells = 0
	}
	e := &Engine{u: u, values: values, opts: opts, tabs: new(tables)}
	for i := range e.ints {
		e.ints[i] = u.Number(cgt.Int(int64(i - len(e.ints)/2)))
	}
	return e
}

// Fork returns an engine that shares e's tables, so that what either
// learns serves both, but counts its own nodes and tells progress, when
// not nil, how far its own searches have got: several positions searched
// at once, one by each, each with its own figures.
func (e *Engine) Fork(progress func(Progress)) *Engine {
	f := &Engine{u: e.u, values: e.values, opts: e.opts, tabs: e.tabs, ints: e.ints}
	f.opts.Progress = progress
	return f
}

// sized is a transposition table and its size (log2 of its entries).
type sized[T any] struct {
	t    *T
	bits uint
}

// tableBits is the table size for a board of the given cells when none is
// set: 2^(cells/3) entries, from 2^16 to 2^25. A table much larger than
// the search needs costs more than it saves: its memory is cleared on
// first use (8x8, 2.5 million nodes: 2^21 entries take 1.5 s, 2^25 3.5 s,
// mostly the system's time to supply the memory).
func tableBits(cells int) uint { return uint(min(max(cells/3, 16), 25)) }

// grown returns the table p holds for a board of the given cells, made
// on first use with 2^fixed entries, or when fixed is 0 sized by the board
// (tableBits) and made again, emptied, for a board that wants more.
func grown[T any](p *atomic.Pointer[sized[T]], fixed uint, cells int, make func(uint) *T) *T {
	want := fixed
	if want == 0 {
		want = tableBits(cells)
	}
	for {
		t := p.Load()
		if t != nil && (fixed != 0 || t.bits >= want) {
			return t.t
		}
		if p.CompareAndSwap(t, &sized[T]{make(want), want}) {
			return p.Load().t
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
	if !fits(p.H, p.W) {
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
	switch cells := p.H * p.W; {
	case cells <= bits128.Cells:
		return bestMove(e, p, left, &abort)
	case cells <= bits192.Cells:
		return midBestMove(e, p, left, &abort)
	}
	return wideBestMove(e, p, left, &abort)
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
