package domineering3d

import (
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/internal/bits128"
	"github.com/tablebase/tablebase/internal/stop"
	"github.com/tablebase/tablebase/internal/ttable"
)

// Solver finds who can force a win in positions of one box. It is safe
// for concurrent use: searches share one transposition table.
type Solver struct {
	box    Box
	group  *canon.BoxGroup
	stride [3]uint        // cell distance along each player's axis
	starts [3]bits128.Set // cells where each player's domino may start
	// touch[q][r][c] holds the starts of r's dominoes that meet q's
	// domino starting at c (touch[q][q][c] holds that domino's cells).
	touch   [3][3][MaxCells]bits128.Set
	tt      *ttable.Wide
	nodes   atomic.Int64
	workers int
	// tableFrom is the least number of empty cells at which positions go
	// through the table; smaller subtrees are cheaper to search again.
	tableFrom int
	// noCounts searches without the move counts (bounds.go): the tests
	// use it to check that the counts change no answer.
	noCounts bool
}

// NewSolver returns a solver for the box with a transposition table of
// 2^tableBits entries (24 bytes each; fewer on a small box, as
// ttable.FitBits says) and the given number of goroutines for Outcomes
// and CanWinWithin (0: one).
func NewSolver(b Box, tableBits uint, workers int) *Solver {
	s := &Solver{box: b, group: canon.NewBoxGroup(b.A, b.B, b.C), tt: ttable.NewWide(ttable.FitBits(tableBits, b.A*b.B*b.C)), workers: max(workers, 1), tableFrom: 8}
	s.stride = [3]uint{uint(b.B * b.C), uint(b.C), 1}
	for cell := range b.Cells() {
		x := [3]int{cell / (b.B * b.C), cell / b.C % b.B, cell % b.C}
		for p, n := range [3]int{b.A, b.B, b.C} {
			if x[p] < n-1 {
				s.starts[p] = s.starts[p].Or(bits128.Cell(cell))
			}
		}
	}
	for q := range 3 {
		for m := s.starts[q]; !m.Empty(); m = m.WithoutLow() {
			c := m.Low()
			piece := bits128.Cell(c).Or(bits128.Cell(c + int(s.stride[q])))
			for r := range 3 {
				s.touch[q][r][c] = piece.Or(piece.ShrAny(s.stride[r])).And(s.starts[r])
			}
			s.touch[q][q][c] = piece
		}
	}
	return s
}

// Nodes returns the number of positions searched so far.
func (s *Solver) Nodes() int64 { return s.nodes.Load() }

// Moves returns the cells where player p can start a domino.
func (s *Solver) Moves(empty bits128.Set, p Player) bits128.Set {
	return empty.And(empty.ShrAny(s.stride[p])).And(s.starts[p])
}

// Play returns the empty cells after p places a domino starting at cell.
func (s *Solver) Play(empty bits128.Set, p Player, cell int) bits128.Set {
	return empty.AndNot(bits128.Cell(cell).Or(bits128.Cell(cell + int(s.stride[p]))))
}

// Turn is a game in progress: the empty cells, the player to move, the
// direction of play and the players still in the game (bit p for p).
type Turn struct {
	Empty   bits128.Set
	Mover   Player
	Reverse bool
	Alive   uint8
}

// Start returns the turn at the start of a game under o.
func Start(empty bits128.Set, o Order) Turn {
	return Turn{Empty: empty, Mover: o.First, Reverse: o.Reverse, Alive: 7}
}

// Settle removes the players who cannot move when their turn comes, as
// the rules say, and returns the winner once only one is left.
func (s *Solver) Settle(st Turn) (Turn, Player, bool) {
	for {
		if bits.OnesCount8(st.Alive) == 1 {
			return st, Player(bits.TrailingZeros8(st.Alive)), true
		}
		if !s.Moves(st.Empty, st.Mover).Empty() {
			if st.Alive != 7 {
				st.Reverse = false // with two players the direction is moot
			}
			return st, 0, false
		}
		st.Alive &^= 1 << st.Mover
		st.Mover = nextAlive(st.Mover, st.Reverse, st.Alive)
	}
}

// question is what a table entry answers: the full outcome, or whether
// one player can force a win.
type question uint32

const fullOutcome question = 0

func canWin(p Player) question { return question(1 + p) }

// canonical maps a settled state to its symmetry class and returns the
// table key, the tag (mover, players alive, direction and question, all
// in the class's labels) and the map used.
func (s *Solver) canonical(st Turn, q question) (bits128.Set, uint32, *canon.BoxMap) {
	key, m := s.group.Canonical(st.Empty)
	var alive uint32
	for p := range 3 {
		if st.Alive>>p&1 != 0 {
			alive |= 1 << m.Player[p]
		}
	}
	tag := uint32(m.Player[st.Mover]) | alive<<2
	if st.Reverse != (m.Reverses && st.Alive == 7) {
		tag |= 1 << 5
	}
	if q != fullOutcome {
		q = canWin(Player(m.Player[q-1]))
	}
	return key, tag | uint32(q)<<6, m
}

// searcher is one goroutine's view of a search.
type searcher struct {
	s       *Solver
	nodes   int64
	counted int64      // of which the solver's count holds so far
	stop    stop.Check // where a search whose request ended unwinds
	// turn numbers the searcher among the solver's workers answering one
	// question: it tries the moves of the one asked from turn/workers of
	// the way through their list, so that it proves other subtrees than
	// the others (turn 0: the order as given).
	turn int
}

// tick counts a position searched; every 4,096 it passes the count on to
// the solver, so that Nodes follows a long search, and checks for a stop.
func (w *searcher) tick() {
	w.nodes++
	if w.nodes&4095 == 0 {
		w.flush()
		w.stop.Point()
	}
}

// flush adds the positions searched since the last flush to the solver's
// count.
func (w *searcher) flush() {
	w.s.nodes.Add(w.nodes - w.counted)
	w.counted = w.nodes
}

func (w *searcher) child(st Turn, cell int) Turn {
	return Turn{
		Empty:   w.s.Play(st.Empty, st.Mover, cell),
		Mover:   nextAlive(st.Mover, st.Reverse, st.Alive),
		Reverse: st.Reverse,
		Alive:   st.Alive,
	}
}

// win reports whether p can force a win from st against any play of the
// other players: an AND-OR search, p choosing, the others refuting.
func (w *searcher) win(st Turn, p Player) bool {
	st, winner, over := w.s.Settle(st)
	if over {
		return winner == p
	}
	if st.Alive>>p&1 == 0 {
		return false
	}
	w.tick()
	if settled, wins := w.s.verdict(st, p); settled && !w.s.noCounts {
		return wins
	}
	useTable := st.Empty.Count() >= w.s.tableFrom
	var key bits128.Set
	var tag uint32
	if useTable {
		key, tag, _ = w.s.canonical(st, canWin(p))
		if r, ok := w.s.tt.Get(key.Lo, key.Hi, tag); ok {
			return r == 1
		}
	}
	before := w.nodes
	result := st.Mover != p // OR for p, AND for the others
	var buf [MaxCells]uint8
	cells := w.s.ordered(st.Empty, st.Mover, p, buf[:0])
	if w.turn != 0 && st.Mover == p {
		rotate(cells, len(cells)*w.turn/w.s.workers)
	}
	for _, cell := range cells {
		if w.win(w.child(st, int(cell)), p) != result {
			result = !result
			break
		}
	}
	if useTable {
		r := uint32(0)
		if result {
			r = 1
		}
		w.s.tt.Put(key.Lo, key.Hi, tag, r, work(w.nodes-before))
	}
	return result
}

// ordered lists the mover's moves, those that take the most placements
// from the others first: for the questioned player p, his opponents'; for
// an opponent, p's. It is the order that finds wins and refutations soon.
// buf is empty: the list is written from its start.
func (s *Solver) ordered(empty bits128.Set, mover, p Player, buf []uint8) []uint8 {
	var victims [3]bits128.Set
	for q := range Player(3) {
		if q != mover && (mover == p || q == p) {
			victims[q] = s.Moves(empty, q)
		}
	}
	// A move's score is the number of the victims' placements its domino
	// meets (the solver's touch table lists them). A domino covers two
	// cells, each the first or second cell of at most one placement of a
	// victim: the scores are at most 4 a victim, so below 9, and a
	// counting sort orders the moves by score, highest first, each score's
	// in cell order.
	var scores [MaxCells]uint8
	var count [9]uint8
	for mv := s.Moves(empty, mover); !mv.Empty(); mv = mv.WithoutLow() {
		cell := mv.Low()
		score := 0
		for q := range 3 {
			if v := victims[q]; !v.Empty() {
				score += v.And(s.touch[mover][q][cell]).Count()
			}
		}
		scores[len(buf)], count[score] = uint8(score), count[score]+1
		buf = append(buf, uint8(cell))
	}
	var at [9]uint8 // where the moves of each score go
	for sc, n := len(count)-1, uint8(0); sc >= 0; sc-- {
		at[sc], n = n, n+count[sc]
	}
	var cells [MaxCells]uint8
	copy(cells[:], buf)
	for i, c := range cells[:len(buf)] {
		buf[at[scores[i]]] = c
		at[scores[i]]++
	}
	return buf
}

// full returns who can force a win from st, or Q. The mover wins if some
// move wins for him; otherwise another player wins only if every move
// leaves a position he wins. So the outcome follows one line of first
// moves and answers yes-no questions about the others.
func (w *searcher) full(st Turn) Player {
	st, winner, over := w.s.Settle(st)
	if over {
		return winner
	}
	w.tick()
	key, tag, m := w.s.canonical(st, fullOutcome)
	if r, ok := w.s.tt.Get(key.Lo, key.Hi, tag); ok {
		return unmap(Player(r), m)
	}
	before := w.nodes
	result := w.fullSearch(st)
	r := uint32(Q)
	if result != Q {
		r = uint32(m.Player[result])
	}
	w.s.tt.Put(key.Lo, key.Hi, tag, r, work(w.nodes-before))
	return result
}

// work is the table's measure of a search's cost: the bit length of its
// node count.
func work(nodes int64) uint32 { return uint32(bits.Len64(uint64(nodes))) }

func (w *searcher) fullSearch(st Turn) Player {
	if w.win(st, st.Mover) {
		return st.Mover
	}
	moves := w.s.Moves(st.Empty, st.Mover)
	first := w.full(w.child(st, moves.Low()))
	if first == Q {
		return Q
	}
	for mv := moves.WithoutLow(); !mv.Empty(); mv = mv.WithoutLow() {
		if !w.win(w.child(st, mv.Low()), first) {
			return Q
		}
	}
	return first
}

// unmap translates a player of a symmetry class back through m.
func unmap(p Player, m *canon.BoxMap) Player {
	if p == Q {
		return Q
	}
	for q := range 3 {
		if Player(m.Player[q]) == p {
			return Player(q)
		}
	}
	return Q
}

// Outcome returns who can force a win with all three players in the game,
// the given order's first player to move.
func (s *Solver) Outcome(empty bits128.Set, o Order) Player {
	r, _ := s.outcomeWithin(nil, empty, o)
	return r
}

// outcomeWithin is Outcome giving up (ok false) when done is closed.
func (s *Solver) outcomeWithin(done <-chan struct{}, empty bits128.Set, o Order) (Player, bool) {
	w := &searcher{s: s}
	r, ok := stop.Run(&w.stop, done, func() Player { return w.full(Start(empty, o)) })
	w.flush()
	return r, ok
}

// CanWinWithin reports whether p can force a win from t against any play
// of the other two, giving up (ok false) when done is closed. The
// solver's workers all search the question, each trying the moves of the
// one asked from another place in their list and leaving what it proves
// in the shared table; the first to finish answers. Where he cannot win
// (the common answer: the other two play against him), every move of his
// is searched, so the workers share that work (on two cores, a task of
// 20 to 40 s takes half the time).
func (s *Solver) CanWinWithin(done <-chan struct{}, t Turn, p Player) (wins, ok bool) {
	if s.workers == 1 {
		return s.canWin(done, t, p, 0)
	}
	answers := make(chan bool, s.workers)
	quit := make(chan struct{})
	var wg sync.WaitGroup
	for turn := range s.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if wins, ok := s.canWin(quit, t, p, turn); ok {
				answers <- wins
			}
		}()
	}
	select {
	case wins = <-answers:
		ok = true
	case <-done:
	}
	close(quit)
	wg.Wait()
	return wins, ok
}

// canWin is CanWinWithin on one goroutine, as worker turn of the
// solver's.
func (s *Solver) canWin(done <-chan struct{}, t Turn, p Player, turn int) (wins, ok bool) {
	w := &searcher{s: s, turn: turn}
	wins, ok = stop.Run(&w.stop, done, func() bool { return w.win(t, p) })
	w.flush()
	return wins, ok
}

// rotate moves the first n cells to the end, keeping each part's order.
func rotate(cells []uint8, n int) {
	slices.Reverse(cells[:n])
	slices.Reverse(cells[n:])
	slices.Reverse(cells)
}

// Outcomes returns the outcome of a position for each of the six turn
// orders (in the order of Orders), searching on the solver's goroutines.
func (s *Solver) Outcomes(empty bits128.Set) [6]Player {
	out, _ := s.OutcomesWithin(nil, empty)
	return out
}

// OutcomesWithin is Outcomes giving up (ok false) when done is closed.
func (s *Solver) OutcomesWithin(done <-chan struct{}, empty bits128.Set) (out [6]Player, ok bool) {
	var stopped atomic.Bool
	var wg sync.WaitGroup
	jobs := make(chan int, 6)
	for i := range 6 {
		jobs <- i
	}
	close(jobs)
	for range s.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				var ok bool
				if out[i], ok = s.outcomeWithin(done, empty, Orders[i]); !ok {
					stopped.Store(true)
				}
			}
		}()
	}
	wg.Wait()
	return out, !stopped.Load()
}

// Group returns the symmetries of the solver's box.
func (s *Solver) Group() *canon.BoxGroup { return s.group }

// Box returns the solver's box.
func (s *Solver) Box() Box { return s.box }

// Pack stores six outcomes (in the order of Orders) in 12 bits.
func Pack(out [6]Player) uint32 {
	var v uint32
	for i, p := range out {
		v |= uint32(p) << (2 * i)
	}
	return v
}

// Unpack reverses Pack.
func Unpack(v uint32) [6]Player {
	var out [6]Player
	for i := range out {
		out[i] = Player(v >> (2 * i) & 3)
	}
	return out
}

// Through translates the outcomes of a board into those of its preimage
// under m: for the preimage's order o, the image's order has its players
// moved by m (and reversed when m reverses); the winner comes back by m.
func Through(image [6]Player, m *canon.BoxMap) [6]Player {
	var out [6]Player
	for i, o := range Orders {
		mo := Order{First: Player(m.Player[o.First]), Reverse: o.Reverse != m.Reverses}
		for j, x := range Orders {
			if x == mo {
				out[i] = unmap(image[j], m)
			}
		}
	}
	return out
}

// After returns the turn after the mover places a domino starting at cell.
func (s *Solver) After(t Turn, cell int) Turn {
	return (&searcher{s: s}).child(t, cell)
}

// Winner returns who can force a win from t, or Q.
func (s *Solver) Winner(t Turn) Player {
	w := &searcher{s: s}
	r := w.full(t)
	w.flush()
	return r
}
