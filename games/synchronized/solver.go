package synchronized

import (
	"slices"
	"sync"
	"sync/atomic"

	"github.com/tablebase/tablebase/internal/bits128"
	"github.com/tablebase/tablebase/internal/bits192"
	"github.com/tablebase/tablebase/internal/ttable"
)

// Guarantee is the best result a player can be sure of.
type Guarantee uint8

// The three results, in increasing order.
const (
	Loss Guarantee = iota
	Draw
	Win
)

// String writes "loss", "draw" or "win".
func (g Guarantee) String() string { return [...]string{"loss", "draw", "win"}[g] }

// Result is what each player can guarantee.
type Result struct {
	Vertical, Horizontal Guarantee
}

// Class returns the outcome class: V or H (that player guarantees a win),
// D (both a draw), VD or HD (only that player a draw), VHD (neither).
func (r Result) Class() string {
	switch {
	case r.Vertical == Win:
		return "V"
	case r.Horizontal == Win:
		return "H"
	case r.Vertical == Draw && r.Horizontal == Draw:
		return "D"
	case r.Vertical == Draw:
		return "VD"
	case r.Horizontal == Draw:
		return "HD"
	}
	return "VHD"
}

// Pack stores a result in 4 bits: Vertical's guarantee plus 4 times
// Horizontal's.
func (r Result) Pack() uint32 { return uint32(r.Vertical) | uint32(r.Horizontal)<<2 }

// Unpack reverses Pack.
func Unpack(v uint32) Result {
	return Result{Vertical: Guarantee(v & 3), Horizontal: Guarantee(v >> 2 & 3)}
}

// Swapped returns the result with the players' roles exchanged, as for the
// transposed board.
func (r Result) Swapped() Result { return Result{r.Horizontal, r.Vertical} }

// Solver computes results. It is safe for concurrent use; its searches
// share a transposition table.
type Solver struct {
	v     Variant
	nodes atomic.Int64
	// tt is the table of boards of up to 128 cells; mid and long, made
	// when a larger board is first searched, those of boards of up to 192
	// cells and of the others.
	tt        sizedTable
	mid       *ttable.Mid
	midOnce   sync.Once
	long      *ttable.Long
	longOnce  sync.Once
	tableBits uint
	// plainOrder tries moves in cell order: the tests use it to check that
	// answers do not depend on the search order.
	plainOrder bool
	// noBounds searches without the move-count bounds (bounds.go): the
	// tests use it to check that the bounds change no answer.
	noBounds bool
	// words, when not 0, searches every board on sets of that many words
	// (2, 3 or 4: the fast path, mid_*_gen.go or wide_*_gen.go) whatever
	// its size: the tests use it to check the codes against one another.
	words int
}

// NewSolver returns a solver with a table of 2^tableBits entries.
func NewSolver(v Variant, tableBits uint) *Solver {
	s := &Solver{v: v, tableBits: tableBits}
	s.tt.make(tableBits)
	return s
}

// newSizedSolver returns a solver whose table for boards of up to 128
// cells is made at its first search, sized for the board (at most
// 2^tableBits entries, ttable.FitBits), and made again, larger and
// empty, when a larger board comes: a querier asked about small boards
// then takes little memory and little time of the system's.
func newSizedSolver(v Variant, tableBits uint) *Solver {
	return &Solver{v: v, tableBits: tableBits}
}

// answer is searchQuestion on the code for b's size: the fast path for
// boards of up to 128 cells, the mid one for boards of up to 192, the
// wide one for larger boards.
func (s *Solver) answer(b Board, p Player, k Guarantee, cell int, helping bool, st *status, quit <-chan struct{}) (yes, ok bool) {
	words := s.words
	if words == 0 {
		words = (int(b.H)*int(b.W) + 63) / 64
	}
	switch {
	case words <= bits128.Cells/64:
		return searchQuestion(s, b, p, k, cell, helping, st, quit)
	case words <= bits192.Cells/64:
		return midSearchQuestion(s, b, p, k, cell, helping, st, quit)
	}
	return wideSearchQuestion(s, b, p, k, cell, helping, st, quit)
}

// Nodes returns the number of positions searched so far, searches under
// way included.
func (s *Solver) Nodes() int64 { return s.nodes.Load() }

// Solve returns what each player can guarantee on b, asking the two
// "win" questions and then the two "draw" questions two at a time.
func (s *Solver) Solve(b Board) Result {
	res, _ := s.SolveWithin(nil, b)
	return res
}

// SolveWithin is Solve giving up (ok false) when done is closed.
func (s *Solver) SolveWithin(done <-chan struct{}, b Board) (res Result, ok bool) {
	return s.solve(done, b, nil)
}

// solve is SolveWithin, telling report (when not nil) where the questions
// under way are, as they go.
func (s *Solver) solve(done <-chan struct{}, b Board, report func(string)) (res Result, ok bool) {
	var stopped atomic.Bool
	st := &status{report: report}
	// search answers one question; a helper (helping true) searches the
	// same question beside it and leaves what it finds in the table.
	search := func(p Player, k Guarantee, helping bool, quit <-chan struct{}) bool {
		var told *status
		if report != nil && !helping {
			told = st
		}
		v, ok := s.answer(b, p, k, -1, helping, told, quit)
		if !ok && !helping {
			stopped.Store(true)
		}
		if ok && !helping {
			st.answered(p, v)
		}
		return v
	}
	// ask answers two questions side by side, one on each core; the core
	// that finishes first helps with the other question until it is done.
	ask := func(p [2]Player, k Guarantee) (answers [2]bool) {
		var finished [2]chan struct{}
		for i := range finished {
			finished[i] = make(chan struct{})
		}
		var wg sync.WaitGroup
		for i := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				answers[i] = search(p[i], k, false, done)
				close(finished[i])
				quit := make(chan struct{})
				go func() {
					defer close(quit)
					select {
					case <-done:
					case <-finished[1-i]:
					}
				}()
				select {
				case <-quit:
				default:
					search(p[1-i], k, true, quit)
				}
				<-quit
			}()
		}
		wg.Wait()
		return answers
	}
	players := [2]Player{Vertical, Horizontal}
	st.ask(Win)
	win := ask(players, Win)
	switch {
	case stopped.Load():
		return Result{}, false
	case win[Vertical]:
		return Result{Win, Loss}, true
	case win[Horizontal]:
		return Result{Loss, Win}, true
	}
	st.ask(Draw)
	draw := ask(players, Draw)
	res = Result{Loss, Loss}
	if draw[Vertical] {
		res.Vertical = Draw
	}
	if draw[Horizontal] {
		res.Horizontal = Draw
	}
	return res, !stopped.Load()
}

// rotateHalf rotates moves by half their number (reversing both halves,
// then the whole), so that a helper starts from the middle of the list.
func rotateHalf(moves []uint8) {
	half := len(moves) / 2
	slices.Reverse(moves[:half])
	slices.Reverse(moves[half:])
	slices.Reverse(moves)
}
