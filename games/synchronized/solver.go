package synchronized

import (
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/tablebase/tablebase/internal/bits128"
	"github.com/tablebase/tablebase/internal/stop"
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
	tt    *ttable.Wide
	nodes atomic.Int64
	// plainOrder tries moves in cell order: the tests use it to check that
	// answers do not depend on the search order.
	plainOrder bool
	// noBounds searches without the move-count bounds (bounds.go): the
	// tests use it to check that the bounds change no answer.
	noBounds bool
}

// NewSolver returns a solver with a table of 2^tableBits entries.
func NewSolver(v Variant, tableBits uint) *Solver {
	return &Solver{v: v, tt: ttable.NewWide(tableBits)}
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
	g := newGeometry(s.v, int(b.H), int(b.W))
	var stopped atomic.Bool
	st := &status{report: report}
	// search answers one question; a helper (helping true) searches the
	// same question beside it and leaves what it finds in the table.
	search := func(p Player, k Guarantee, helping bool, quit <-chan struct{}) bool {
		w := &searcher{s: s, g: g, helping: helping}
		if report != nil && !helping {
			w.root, w.status = b.Cells, st
		}
		v, ok := stop.Run(&w.stop, quit, func() bool { return w.atLeast(b.Cells, p, k) })
		s.nodes.Add(w.nodes - w.counted)
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

type searcher struct {
	s       *Solver
	g       *geometry
	nodes   int64      // positions searched
	counted int64      // of which the solver's count holds so far
	visits  int64      // positions searched or settled by the bounds
	stop    stop.Check // where a search whose request ended unwinds
	// helping marks a helper: it tries the other's replies from the middle
	// of their list, so that it proves other subtrees than the main search.
	helping bool
	// status, when set, is told how far the search of the position root
	// has got.
	status *status
	root   bits128.Set
}

// atLeast reports whether p can guarantee a result of at least k (Draw or
// Win) with the empty cells e: some move of his such that, whatever the
// other plays at the same time, he can still guarantee k afterwards.
func (w *searcher) atLeast(e bits128.Set, p Player, k Guarantee) bool {
	v, g := w.s.v, w.g
	mine, theirs := g.moves(v, e, p), g.moves(v, e, p.other())
	switch {
	case mine.Empty() && theirs.Empty():
		return k <= Draw
	case mine.Empty():
		return false
	case theirs.Empty():
		return true
	}
	// The stop check counts the positions the bounds settle too: there
	// may be hundreds of them for each position searched.
	w.visits++
	if w.visits&4095 == 0 {
		w.stop.Point()
		w.s.nodes.Add(w.nodes - w.counted) // so that Nodes follows the search
		w.counted = w.nodes
	}
	if !w.s.noBounds {
		if res, ok := g.bound(v, mine, theirs, p, k); ok {
			return res
		}
	}
	w.nodes++
	key, kh, kw, transposed, symmetric := canonicalKey(e, g.h, g.w)
	cp := p
	switch {
	case symmetric && k == Win:
		// The position is its own image with the players exchanged: were
		// p sure of a win, so would the other be, against p's strategy.
		return false
	case symmetric:
		cp = Vertical // both players' questions are one
	case transposed:
		cp = p.other() // rows become columns: the players swap
	}
	tag := uint32(kh-1) | uint32(kw-1)<<6 | uint32(cp)<<12 | uint32(k)<<13
	if res, ok := w.s.tt.Get(key.Lo, key.Hi, tag); ok {
		return res == 1
	}
	before := w.nodes
	var mbuf, tbuf [MaxCells]uint8
	replies := w.ordered(p.other(), theirs, mine, tbuf[:0])
	if w.helping {
		rotateHalf(replies)
	}
	result := false
	root := w.status != nil && e == w.root
	moves := w.ordered(p, mine, theirs, mbuf[:0])
	for i, a := range moves {
		after := e.AndNot(g.pieceAt(p, int(a)))
		all := true
		for j, b := range replies {
			if root {
				w.status.at(p, i, len(moves), j, len(replies))
			}
			if !w.atLeast(after.AndNot(g.pieceAt(p.other(), int(b))), p, k) {
				// A reply that refutes one move often refutes the next:
				// it is tried first from now on.
				copy(replies[1:j+1], replies[:j])
				replies[0] = b
				all = false
				break
			}
		}
		if all {
			result = true
			break
		}
	}
	res := uint32(0)
	if result {
		res = 1
	}
	w.s.tt.Put(key.Lo, key.Hi, tag, res, uint32(bits.Len64(uint64(w.nodes-before))))
	return result
}

// ordered lists a player's moves, those that destroy most of the other's
// placements first.
func (w *searcher) ordered(p Player, moves, victims bits128.Set, buf []uint8) []uint8 {
	var scores [MaxCells]uint8
	for m := moves; !m.Empty(); m = m.WithoutLow() {
		cell := m.Low()
		scores[cell] = uint8(victims.And(w.g.meets[p][cell]).Count())
		buf = append(buf, uint8(cell))
	}
	if w.s.plainOrder {
		return buf
	}
	for i := 1; i < len(buf); i++ {
		for j := i; j > 0 && scores[buf[j]] > scores[buf[j-1]]; j-- {
			buf[j], buf[j-1] = buf[j-1], buf[j]
		}
	}
	return buf
}

// rotateHalf rotates moves by half their number (reversing both halves,
// then the whole), so that a helper starts from the middle of the list.
func rotateHalf(moves []uint8) {
	half := len(moves) / 2
	slices.Reverse(moves[:half])
	slices.Reverse(moves[half:])
	slices.Reverse(moves)
}
