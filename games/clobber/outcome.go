package clobber

import (
	"math/bits"
	"sync/atomic"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/internal/mix"
	"github.com/tablebase/tablebase/internal/stop"
)

// DefaultKnownStones is the largest group the whole-board search values
// exactly by default: groups of at most this many stones are replaced by
// their canonical form and added into one known value.
const DefaultKnownStones = 8

// OutcomeSearch decides who wins a whole Clobber board moving first, for
// each player, without computing the board's value. A position is its
// large groups, kept as stones on the board, and one canonical form, the
// sum of the values of its small groups (of at most Known stones), which
// cancel, add and simplify as values do. Groups of one colour, or whose
// stones of one colour touch none of the other's, have no move left and
// vanish. The search is a boolean negamax on "the player to move wins",
// the board's colours swapped and the known value negated at each ply so
// that Left is always to move, with a transposition table. It is not safe
// for concurrent use.
type OutcomeSearch struct {
	u     *cgt.Universe
	value func(Position) cgt.ID // the exact value of a cropped group
	// Known is the largest group valued exactly.
	Known int
	// NoBounds turns off deciding a position by its large groups alone
	// when the known value's sign settles it (for measurements).
	NoBounds bool
	// Stop, when its search is run by stop.Run, abandons a search whose
	// context ends.
	Stop stop.Check

	// The board's frame: its width and the cells off its first and last
	// columns.
	w, h              int
	notFirst, notLast uint64

	table   []entry
	mask    uint64
	cache   []cached
	nodes   int64
	counted atomic.Int64 // nodes, published now and then for Nodes
	history [64 * 4]uint32
	lists   [65]moveList // one move list a ply
}

// entry is one position of the transposition table: its large groups'
// stones and Left's among them, its known value, and info.
type entry struct {
	stones, black uint64
	known         uint32
	info          uint32 // valid | win | work << 16 | best move + 1
}

const (
	entryValid = 1 << 31
	entryWin   = 1 << 30
	workShift  = 16
)

// cached is an entry of the direct-mapped cache of group values: a
// group's cells and Left's stones among them, in the board's frame, and
// its value.
type cached struct {
	stones, black uint64
	v             cgt.ID
}

// A move is a stone's cell << 2 | its direction (right, left, down, up),
// or, with moveKnown set, the index of a Left option of the known value.
type move = uint16

const moveKnown = 1 << 15

// moveList is a ply's moves and their order scores.
type moveList struct {
	moves  []move
	scores []uint32
}

// NewOutcomeSearch returns a search in u whose groups of at most known
// stones are valued by value (a cropped group in, its canonical form out),
// with a table of 2^tableBits entries of 24 bytes and a cache of group
// values of as many entries, at most 2^20.
func NewOutcomeSearch(u *cgt.Universe, value func(Position) cgt.ID, known int, tableBits uint) *OutcomeSearch {
	s := &OutcomeSearch{u: u, value: value, Known: known}
	s.table = make([]entry, 1<<tableBits)
	s.mask = 1<<tableBits - 2
	s.cache = make([]cached, 1<<min(tableBits, 20))
	for i := range s.lists {
		s.lists[i] = moveList{moves: make([]move, 0, 160), scores: make([]uint32, 0, 160)}
	}
	return s
}

// Nodes returns the positions searched since the search was made, as
// of the last few thousand; it may be called while a search runs.
func (s *OutcomeSearch) Nodes() int64 { return s.counted.Load() }

// frame sets the board's frame to h x w cells, emptying the table when
// the width changes (positions of another width are other positions).
func (s *OutcomeSearch) frame(h, w int) {
	if w != s.w || h != s.h {
		clear(s.table)
		clear(s.cache)
		clear(s.history[:])
	}
	s.h, s.w = h, w
	var first uint64
	for r := range h {
		first |= 1 << (r * w)
	}
	full := ^uint64(0)
	if h*w < 64 {
		full = 1<<(h*w) - 1
	}
	s.notFirst = full &^ first
	s.notLast = full &^ (first << (w - 1))
}

// state is a position with Left to move: the large groups' stones, Left's
// stones among them, and the sum of the small groups' values.
type state struct {
	stones, black uint64
	known         cgt.ID
}

// negate swaps the players.
func (s *OutcomeSearch) negate(st state) state {
	return state{st.stones, st.stones &^ st.black, s.u.Neg(st.known)}
}

// start returns the state of p (in the frame of p) with Left to move.
func (s *OutcomeSearch) start(p Position) state {
	st := state{stones: p.Stones, black: p.Black, known: cgt.Zero}
	return s.settle(st, p.Stones)
}

// Outcome returns the outcome class of p.
func (s *OutcomeSearch) Outcome(p Position) cgt.Outcome {
	s.frame(p.H, p.W)
	st := s.start(p)
	left := s.wins(st, 0)
	right := s.wins(s.negate(st), 0)
	s.counted.Store(s.nodes)
	return cgt.OutcomeOf(left, right)
}

// Wins reports whether left (Left when true, else Right) wins p moving
// first.
func (s *OutcomeSearch) Wins(p Position, left bool) bool {
	s.frame(p.H, p.W)
	st := s.start(p)
	if !left {
		st = s.negate(st)
	}
	win := s.wins(st, 0)
	s.counted.Store(s.nodes)
	return win
}

// BestMove returns a move of left's on p (from and to as Position.Moves
// gives them), a winning one when there is one, and whether it wins; ok
// is false when left has no move.
func (s *OutcomeSearch) BestMove(p Position, left bool) (from, to int, wins, ok bool) {
	s.frame(p.H, p.W)
	p.Moves(left, func(f, t int) {
		if wins {
			return
		}
		if !ok {
			from, to, ok = f, t, true
		}
		q := p.Play(f, t)
		st := s.start(q)
		if left {
			st = s.negate(st) // the other to move
		}
		// st has the other player as Left.
		if !s.wins(st, 1) {
			from, to, wins = f, t, true
		}
	})
	s.counted.Store(s.nodes)
	return from, to, wins, ok
}

// settle rewrites st after the cells of area (a union of whole groups of
// the board before a move, less the stone that moved) have changed: each
// group in area that has no move left is taken off, each of at most Known
// stones is taken off and its value added to the known value.
func (s *OutcomeSearch) settle(st state, area uint64) state {
	area &= st.stones
	for area != 0 {
		g := s.flood(area&-area, area)
		area &^= g
		black := st.black & g
		white := g &^ black
		if black == 0 || white == 0 || s.contacts(black, white) == 0 {
			st.stones &^= g
			st.black &^= g
			continue
		}
		if bits.OnesCount64(g) <= s.Known {
			st.known = s.u.Add(st.known, s.groupValue(g, black))
			st.stones &^= g
			st.black &^= g
		}
	}
	return st
}

// contacts returns Left's stones that touch one of Right's.
func (s *OutcomeSearch) contacts(black, white uint64) uint64 {
	w := uint(s.w)
	return black & (white>>1&s.notLast | white<<1&s.notFirst | white>>w | white<<w)
}

// flood returns the cells of within connected to seed.
func (s *OutcomeSearch) flood(seed, within uint64) uint64 {
	w := uint(s.w)
	g := seed
	for {
		n := (g | g<<1&s.notFirst | g>>1&s.notLast | g<<w | g>>w) & within
		if n == g {
			return g
		}
		g = n
	}
}

// groupValue returns the value of the group of cells g, Left's stones
// black among them: from the cache (by its cells in the board's frame),
// else from value.
func (s *OutcomeSearch) groupValue(g, black uint64) cgt.ID {
	i := mix.Uint64(g*0x9E3779B97F4A7C15^black) & uint64(len(s.cache)-1)
	c := &s.cache[i]
	if c.stones == g && c.black == black && g != 0 {
		return c.v
	}
	v := s.value(s.crop(g, black))
	*c = cached{stones: g, black: black, v: v}
	return v
}

// crop returns the group of cells g, Left's stones black among them, cut
// to its bounding box.
func (s *OutcomeSearch) crop(g, black uint64) Position {
	w := s.w
	r0, r1 := bits.TrailingZeros64(g)/w, (63-bits.LeadingZeros64(g))/w
	rowMask := uint64(1)<<w - 1
	var cols uint64
	for r := r0; r <= r1; r++ {
		cols |= g >> (r * w) & rowMask
	}
	c0 := bits.TrailingZeros64(cols)
	cw := 64 - bits.LeadingZeros64(cols) - c0
	colMask := uint64(1)<<cw - 1
	var cs, cb uint64
	for r := r0; r <= r1; r++ {
		cs |= (g >> (r*w + c0) & colMask) << ((r - r0) * cw)
		cb |= (black >> (r*w + c0) & colMask) << ((r - r0) * cw)
	}
	return Position{H: r1 - r0 + 1, W: cw, Stones: cs, Black: cb}
}

// key returns the image of st the table files it under: the least of
// its images under the four reflections of the board, by stones then
// Left's stones (each keeps the value, as a move's direction does not
// matter), with its known value.
func (s *OutcomeSearch) key(st state) state {
	best := st
	tb, tbb := s.mirrorTB(st.stones), s.mirrorTB(st.black)
	for _, img := range [3][2]uint64{{tb, tbb}, {s.rotate(st.stones), s.rotate(st.black)}, {s.rotate(tb), s.rotate(tbb)}} {
		if img[0] < best.stones || img[0] == best.stones && img[1] < best.black {
			best.stones, best.black = img[0], img[1]
		}
	}
	return best
}

// rotate turns the cells x of the board a half turn.
func (s *OutcomeSearch) rotate(x uint64) uint64 {
	return bits.Reverse64(x) >> (64 - s.h*s.w)
}

// mirrorTB reflects the cells x of the board top to bottom.
func (s *OutcomeSearch) mirrorTB(x uint64) uint64 {
	w := uint(s.w)
	rowMask := uint64(1)<<w - 1
	var y uint64
	for r := uint(0); r < uint(s.h); r++ {
		y |= (x >> (r * w) & rowMask) << ((uint(s.h) - 1 - r) * w)
	}
	return y
}

// bucket returns the two entries st may be stored in.
func (s *OutcomeSearch) bucket(st state) *[2]entry {
	h := mix.Uint64(st.stones*0x9E3779B97F4A7C15 ^ st.black*0xD6E8FEB86659FD93 ^ uint64(st.known)*0xA0761D6478BD642F)
	i := h & s.mask
	return (*[2]entry)(s.table[i : i+2])
}

// wins reports whether Left, to move in st, wins. ply is the depth below
// the root.
func (s *OutcomeSearch) wins(st state, ply int) bool {
	if st.stones == 0 {
		o := s.u.Outcome(st.known)
		return o == cgt.LeftWins || o == cgt.FirstWins
	}
	s.nodes++
	if s.nodes&4095 == 0 {
		s.counted.Store(s.nodes)
		s.Stop.Point()
	}
	key := s.key(st)
	b := s.bucket(key)
	for i := range b {
		e := &b[i]
		if e.info&entryValid != 0 && e.stones == key.stones && e.black == key.black && e.known == uint32(key.known) {
			return e.info&entryWin != 0
		}
	}
	start := s.nodes
	if st.known != cgt.Zero && !s.NoBounds {
		// The large groups alone decide some sums: U+K is won by Left
		// moving first when U is and K >= 0, lost when U is and K <= 0.
		switch o := s.u.Outcome(st.known); o {
		case cgt.LeftWins, cgt.SecondWins, cgt.RightWins:
			alone := s.wins(state{st.stones, st.black, cgt.Zero}, ply)
			if alone && o != cgt.RightWins || !alone && o != cgt.LeftWins {
				s.store(b, key, alone, 0, s.nodes-start)
				return alone
			}
		}
	}
	list := &s.lists[ply]
	s.generate(st, list)
	win := false
	var winning move
	for i := 0; !win && i < len(list.moves); i++ {
		// Selection sort: the best-scored move left first.
		j := i
		for k := i + 1; k < len(list.moves); k++ {
			if list.scores[k] > list.scores[j] {
				j = k
			}
		}
		list.moves[i], list.moves[j] = list.moves[j], list.moves[i]
		list.scores[i], list.scores[j] = list.scores[j], list.scores[i]
		m := list.moves[i]
		if !s.wins(s.negate(s.play(st, m)), ply+1) {
			win, winning = true, m
		}
	}
	if win && winning&moveKnown == 0 {
		s.history[winning] += uint32(bits.OnesCount64(st.stones))
	}
	s.store(b, key, win, winning, s.nodes-start)
	return win
}

// store files the result of st in its bucket, over the entry of st or
// else the cheaper of the two.
func (s *OutcomeSearch) store(b *[2]entry, st state, win bool, best move, work int64) {
	info := uint32(entryValid) | uint32(min(bits.Len64(uint64(work)), 255))<<workShift
	if win {
		info |= entryWin | uint32(best) + 1
	}
	victim := &b[0]
	switch {
	case b[0].info&entryValid != 0 && b[0].stones == st.stones && b[0].black == st.black && b[0].known == uint32(st.known):
	case b[1].info&entryValid != 0 && b[1].stones == st.stones && b[1].black == st.black && b[1].known == uint32(st.known):
		victim = &b[1]
	case b[1].info>>workShift&255 < b[0].info>>workShift&255 || b[1].info&entryValid == 0:
		victim = &b[1]
	}
	*victim = entry{stones: st.stones, black: st.black, known: uint32(st.known), info: info}
}

// generate lists Left's moves in st with their order scores: captures on
// the board, scored by the history of cutoffs, then moves to each Left
// option of the known value.
func (s *OutcomeSearch) generate(st state, list *moveList) {
	list.moves, list.scores = list.moves[:0], list.scores[:0]
	white := st.stones &^ st.black
	w := uint(s.w)
	srcs := [4]uint64{
		st.black & (white >> 1) & s.notLast,
		st.black & (white << 1) & s.notFirst,
		st.black & (white >> w),
		st.black & (white << w),
	}
	for d, src := range srcs {
		for ; src != 0; src &= src - 1 {
			m := move(bits.TrailingZeros64(src)<<2 | d)
			list.moves = append(list.moves, m)
			list.scores = append(list.scores, s.history[m]+1)
		}
	}
	for i := range s.u.Left(st.known) {
		list.moves = append(list.moves, moveKnown|move(i))
		list.scores = append(list.scores, 0)
	}
}

// play returns st after Left's move m.
func (s *OutcomeSearch) play(st state, m move) state {
	if m&moveKnown != 0 {
		st.known = s.u.Left(st.known)[m&^moveKnown]
		return st
	}
	from := int(m >> 2)
	var to int
	switch m & 3 {
	case 0:
		to = from + 1
	case 1:
		to = from - 1
	case 2:
		to = from + s.w
	default:
		to = from - s.w
	}
	fromBit, toBit := uint64(1)<<from, uint64(1)<<to
	group := s.flood(fromBit, st.stones)
	st.stones &^= fromBit
	st.black = st.black&^fromBit | toBit
	return s.settle(st, group&^fromBit)
}
