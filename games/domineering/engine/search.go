package engine

import (
	"math/bits"
	"sync/atomic"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/internal/region"
)

// searcher is one goroutine's search of one board shape.
type searcher struct {
	e       *Engine
	g       *geometry
	u       *cgt.Universe
	tt      *table
	tagBase uint32
	// stop is set when the answer is not wanted any more (a sibling
	// search found it), abort when time is up; a search stopped either way
	// stores nothing.
	stop, abort *atomic.Bool
	// nodes counts the positions searched; flushed is how many of them
	// the engine's total holds already.
	nodes, flushed int64
	// values caches the exact value of known components, and options the
	// undominated moves of each player in them.
	values  map[bb]cgt.ID
	options [2]map[bb][]bb
	// etcFrom is the number of empty cells from which the children are
	// looked up in the table before any is searched; splitFrom the number
	// from which the workers spread over the moves (winShared).
	etcFrom, splitFrom int
	// stack holds the move lists of the positions being searched, deepest
	// last.
	stack []bb
	// alt is the other table key of the position prepare looked at last,
	// if it has one (hasAlt): its unknown part and the value of the rest.
	alt    bb
	hasAlt bool
	// ln holds the lines of the position being counted or ordered (lnOf,
	// when lnSet), tl counts each player's resources, gains scores moves.
	ln    lines
	lnOf  bb
	lnSet bool
	tl    tallier
	gains gains
}

// newSearcher returns a searcher of e on g's board.
func newSearcher(e *Engine, g *geometry, stop, abort *atomic.Bool) *searcher {
	return &searcher{
		e: e, g: g, u: e.u, tt: tableOf(e, g.h*g.w), stop: stop, abort: abort,
		tagBase:   uint32(g.h-1)<<1 | uint32(g.w-1)<<8,
		etcFrom:   g.h * g.w * 5 / 6,
		splitFrom: g.h * g.w / 2,
		values:    map[bb]cgt.ID{},
		options:   [2]map[bb][]bb{{}, {}},
		tl:        newTallier(),
	}
}

// win reports whether the player to move (Left when left) wins.
func (s *searcher) win(e bb, left bool) bool { return s.winCounted(e, left, uncounted) }

// counted says how much of a position's count (countWith) is known
// already not to decide it.
type counted uint8

const (
	uncounted counted = iota
	// notLost: the count does not show the player to move losing.
	notLost
	// undecided: the count decides nothing.
	undecided
)

// winCounted is win for a position whose count is known as far as c
// says.
func (s *searcher) winCounted(e bb, left bool, c counted) bool {
	s.nodes++
	if s.nodes-s.flushed >= 1<<16 {
		s.flush() // so that Engine.Nodes follows a long search
	}
	if s.stopped() {
		return false // the answer is not wanted any more
	}
	// Counting first spares most positions the table: it decides three
	// in four of those the table does not know, and costs less than
	// looking up and storing them.
	if c != undecided {
		if d, r := s.countSides(e, 0, 0, left, true, c == uncounted); d {
			return r
		}
	}
	tag := s.tag(left)
	before := s.nodes
	key := s.g.canonical(e)
	if r, ok := lookup(s.tt, key, tag); ok {
		return r == 1
	}
	mark := len(s.stack)
	s.hasAlt = false
	decided, result, moves := s.prepare(e, left, false, true)
	alt, hasAlt := s.alt, s.hasAlt
	if !decided && e.Count() >= s.etcFrom && s.winningChild(e, left, moves) {
		decided, result = true, true
	}
	if !decided {
		if s.e.opts.Workers > 1 && e.Count() >= s.splitFrom {
			result = s.winShared(e, left, moves)
		} else {
			result = s.winScan(e, left, moves)
		}
	}
	s.stack = s.stack[:mark]
	if !s.stopped() {
		r := uint32(0)
		if result {
			r = 1
		}
		// The size of the search is what the entry is worth keeping for.
		work := uint32(bits.Len64(uint64(s.nodes - before)))
		store(s.tt, key, tag, r, work)
		if hasAlt {
			store(s.tt, alt, tag, r, work)
		}
	}
	return result
}

// scanWidth is how many moves look looks ahead.
const scanWidth = 6

// winScan is the loop over the moves of win for one worker.
func (s *searcher) winScan(e bb, left bool, moves []bb) bool {
	scanned := 0 // moves[i] with i < scanned are known notLost
	for i, d := range moves {
		win, lost, c := s.ahead(e, left, moves, i, &scanned)
		if win {
			return true
		}
		if lost {
			continue
		}
		if !s.winCounted(e.AndNot(d), !left, c) {
			return true
		}
	}
	return false
}

// ahead is what win's loops know of moves[i] before searching it: look's
// answer (win: the mover wins at once; lost: the move loses) unless an
// earlier look showed it notLost (i < *scanned), and what is known of the
// position after it (c). It moves *scanned on past the moves it looked
// at.
func (s *searcher) ahead(e bb, left bool, moves []bb, i int, scanned *int) (win, lost bool, c counted) {
	if i < *scanned {
		return false, false, notLost
	}
	win, lost = s.look(e, left, moves, i, scanned)
	return win, lost, undecided
}

// look counts the position after moves[i] (win: it is lost for the
// other; lost: it is won for him). When the count decides nothing for
// the first move, it looks among the next scanWidth moves for one whose
// position the count shows lost for the other, and wins at once if there
// is one: the first move ordered is most often a winning one, but when
// its proof needs a search another move's may need none. Only that half
// of each count is made, and neither half is made again when those moves
// are searched: the moves before *scanned, which it moves on, are known
// notLost, moves[i] undecided. Past the first move it looks no further:
// every move before has lost, the position is most often lost, and there
// no move's count shows a win. The lines are left those of the position
// after moves[i].
func (s *searcher) look(e bb, left bool, moves []bb, i int, scanned *int) (win, lost bool) {
	d := moves[i]
	s.linesOf(e)
	s.playLines(e, d)
	decided, won := s.countWith(e.AndNot(d), 0, 0, !left)
	s.unplayLines(e, d)
	if decided {
		s.nodes++ // a position, as win would count it
		return !won, won
	}
	end := i + 1
	if i == 0 {
		end = min(len(moves), 1+scanWidth)
	}
	for _, next := range moves[i+1 : end] {
		s.playLines(e, next)
		lost, _ := s.countSides(e.AndNot(next), 0, 0, !left, false, true)
		s.unplayLines(e, next)
		if lost {
			s.nodes++
			return true, false
		}
	}
	s.playLines(e, d)
	*scanned = end
	return false, false
}

// winShared is the loop over the moves of win where several workers may
// search the same position (after Weill's ABDADA): the first move is
// searched at once, but a later one whose position another worker is
// searching is put off until the others are done, so that the workers
// spread over the moves and the one put off is most often found in the
// table by then.
func (s *searcher) winShared(e bb, left bool, moves []bb) bool {
	var laterBuf [setCells]int
	later := laterBuf[:0]
	scanned := 0 // as in winScan
	for i, d := range moves {
		child := e.AndNot(d)
		busy := busyOf(s.e, child)
		if i > 0 && busy.Load() != 0 {
			later = append(later, i)
			continue
		}
		win, lost, c := s.ahead(e, left, moves, i, &scanned)
		if win {
			return true
		}
		if lost {
			continue
		}
		busy.Add(1)
		won := !s.winCounted(child, !left, c)
		busy.Add(^uint32(0))
		if won {
			return true
		}
	}
	for _, i := range later {
		if !s.win(e.AndNot(moves[i]), !left) {
			return true
		}
	}
	return false
}

// tag returns the table tag of a position with Left (left) or Right to
// move.
func (s *searcher) tag(left bool) uint32 {
	if left {
		return s.tagBase | 1
	}
	return s.tagBase
}

// lookup returns the table's answer for e, if it has one.
func (s *searcher) lookup(e bb, left bool) (result, ok bool) {
	k := s.g.canonical(e)
	r, ok := lookup(s.tt, k, s.tag(left))
	return r == 1, ok
}

// winningChild reports whether one of the moves leads to a position the
// table knows as lost for the other player (so e is won without search).
func (s *searcher) winningChild(e bb, left bool, moves []bb) bool {
	for _, d := range moves {
		if r, ok := s.lookup(e.AndNot(d), !left); ok && !r {
			return true
		}
	}
	return false
}

// flush adds the nodes s has counted since the last flush to its
// engine's total.
func (s *searcher) flush() {
	s.e.nodes.Add(s.nodes - s.flushed)
	s.flushed = s.nodes
}

func (s *searcher) stopped() bool { return s.stop.Load() || s.abort.Load() }

// prepare decides e without search when it can (decided, with result)
// and otherwise lists the mover's moves to search, best first, on top of
// the stack. With all, the list is also made when e is decided (for
// BestMove); counted says that e is known not to be decided by counting
// alone (countWith with nothing known).
func (s *searcher) prepare(e bb, left, all, counted bool) (decided, result bool, moves []bb) {
	g := s.g
	vert, horiz := g.vertical(e), g.horizontal(e)
	mine, theirs := vert, horiz
	if !left {
		mine, theirs = horiz, vert
	}
	allMoves := func(result bool) (bool, bool, []bb) {
		if !all {
			return true, result, nil
		}
		return true, result, s.ordered(nil, e, mine, left)
	}
	if mine.Empty() {
		return true, false, nil
	}
	if theirs.Empty() {
		return allMoves(true)
	}
	if !counted {
		if d, r := s.countWith(e, 0, 0, left); d {
			return allMoves(r)
		}
	}

	// Split into components: known ones add to sum, the others are
	// searched.
	sum := cgt.Zero
	var unknownBuf, knownBuf, numberBuf [32]bb
	unknown, known, numberMoves := unknownBuf[:0], knownBuf[:0], numberBuf[:0]
	var seen []cgt.ID
	for rest := e; !rest.Empty(); {
		comp := g.component(rest, cell(rest.Low()))
		rest = rest.AndNot(comp)
		cv, ch := vert.And(comp), horiz.And(comp)
		switch {
		case cv.Empty() && ch.Empty():
		case ch.Empty():
			sum = s.u.Add(sum, s.e.integer(g.columnPairs(comp)))
			if left {
				numberMoves = append(numberMoves, cell(cv.Low()).Or(cell(cv.Low()+g.w)))
			}
		case cv.Empty():
			sum = s.u.Add(sum, s.e.integer(-g.rowPairs(comp)))
			if !left {
				numberMoves = append(numberMoves, cell(ch.Low()).Or(cell(ch.Low()+1)))
			}
		default:
			v, ok := s.value(comp)
			if !ok {
				unknown = append(unknown, comp)
				continue
			}
			sum = s.u.Add(sum, v)
			if containsID(seen, v) {
				continue // a move here is as good as one in its twin
			}
			seen = append(seen, v)
			known = append(known, comp)
		}
	}
	if len(unknown) == 0 {
		o := s.u.Outcome(sum)
		return allMoves(o == cgt.FirstWins || (left && o == cgt.LeftWins) || (!left && o == cgt.RightWins))
	}
	if sum != cgt.Zero || len(known)+len(numberMoves) > 0 {
		var cells bb
		for _, comp := range unknown {
			cells = cells.Or(comp)
		}
		lo, hi := s.bounds(sum)
		if d, r := s.countWith(cells, lo, hi, left); d {
			return allMoves(r)
		}
		// The outcome depends only on the unknown part (wherever it lies
		// on the board) and the value of the rest: positions that differ
		// in their known parts but not in its value share a table entry,
		// keyed by both.
		// The value goes past the board's cells, where it fits.
		if s.alt, s.hasAlt = s.g.withSum(s.g.shape(cells), sum); s.hasAlt {
			if r, ok := lookup(s.tt, s.alt, s.tag(left)); ok {
				return allMoves(r == 1)
			}
		}
	}
	// The mover's undominated moves in the known components (known[i]
	// is worth seen[i]); those in numbers go last, with the moves in
	// components where only he can move.
	var knownMoves []bb
	for i, comp := range known {
		moves := s.undominated(comp, left)
		if _, isNum := s.u.IsNumber(seen[i]); isNum {
			numberMoves = append(numberMoves, moves...)
		} else {
			knownMoves = append(knownMoves, moves...)
		}
	}
	// A safe move (on cells the other can never cover) need not be
	// played while the mover has another (Bullock, 2002): it stays
	// available and changes nothing for the other.
	safe := g.moverSafe(e, vert, horiz, left)
	unsafe := mine.AndNot(g.safeStarts(mine, safe, left))
	if unsafe.Empty() {
		unsafe = mine
	}
	// Nor need a move another is at least as good as.
	unsafe = unsafe.AndNot(g.dominatedStarts(e, mine, safe, left))
	start := len(s.stack)
	var starts bb
	for _, comp := range unknown {
		starts = starts.Or(comp)
	}
	starts = unsafe.And(starts)
	for _, d := range knownMoves {
		starts = starts.Or(cell(d.Low()))
	}
	s.stack = s.ordered(s.stack, e, starts, left)
	s.stack = append(s.stack, numberMoves...)
	return false, false, s.stack[start:]
}

func containsID(ids []cgt.ID, v cgt.ID) bool {
	for _, x := range ids {
		if x == v {
			return true
		}
	}
	return false
}

// countWith decides e plus a known game by counting (tally): the player
// to move wins if the moves he is sure of outnumber those the other can
// still make, and loses if the other's sure moves (moving second) are at
// least as many as his possible ones.
//
// The known game G, with lo <= G <= hi (integers), is worth at least lo
// free moves to Left (-lo to Right when lo < 0) and at most hi.
// Monotonicity makes the bounds enough: if Left wins e + lo moving first
// he wins e + G, and if he loses e + hi he loses e + G.
func (s *searcher) countWith(e bb, lo, hi int, left bool) (decided, result bool) {
	return s.countSides(e, lo, hi, left, true, true)
}

// countSides is countWith, trying only whether the player to move wins
// (wins) or loses (loses) or both.
func (s *searcher) countSides(e bb, lo, hi int, left, wins, loses bool) (decided, result bool) {
	g := s.g
	l, ok := s.linesOf(e)
	if !ok {
		return false, false
	}
	// Each player's lines, and the free moves each is sure of in the
	// known game: Left lo, Right -hi.
	mine, theirs, moverFree, otherFree := l.cols[:g.w], l.rows[:g.h], lo, -hi
	if !left {
		mine, theirs, moverFree, otherFree = theirs, mine, -hi, lo
	}
	mineWord, theirWord := l.colBytes, l.rowBytes
	if !left {
		mineWord, theirWord = theirWord, mineWord
	}
	mineLen, theirLen := g.h, g.w
	if !left {
		mineLen, theirLen = theirLen, mineLen
	}
	// Each half counts one player's resources against the dominoes the
	// other can fit; a count one short of deciding is made again on the
	// board turned half round (turned), where the packing, which goes
	// from the first cell of each line, finds other resources.
	count := func(lines []uint64, word uint64, length int, turned bool) tally {
		switch {
		case turned && l.bytes:
			return s.tl.tallyBytes(turnBytes(word, len(lines), length))
		case turned:
			return s.tl.tally(s.tl.turn(lines, length))
		case l.bytes:
			return s.tl.tallyBytes(word)
		}
		return s.tl.tally(lines)
	}
	fit := func(lines []uint64, word uint64) int {
		if l.bytes {
			return bytePairs(word)
		}
		n := 0
		for _, x := range lines {
			n += linePairs(x)
		}
		return n
	}
	if wins {
		theirFit := fit(theirs, theirWord)
		d, ok := count(mine, mineWord, mineLen, false).lead(true, theirFit)
		if ok && d+moverFree == 0 {
			d, ok = count(mine, mineWord, mineLen, true).lead(true, theirFit)
		}
		if ok && d+moverFree > 0 {
			return true, true
		}
	}
	if loses {
		myFit := fit(mine, mineWord)
		d, _ := count(theirs, theirWord, theirLen, false).lead(false, myFit)
		if d+otherFree == -1 {
			d, _ = count(theirs, theirWord, theirLen, true).lead(false, myFit)
		}
		if d+otherFree >= 0 {
			return true, false
		}
	}
	return false, false
}

// linesOf returns the lines of e (lines.fill), filled again only when
// they are not e's already.
func (s *searcher) linesOf(e bb) (*lines, bool) {
	if s.lnSet && s.lnOf == e {
		return &s.ln, true
	}
	s.lnSet = s.g.fillLines(&s.ln, e)
	s.lnOf = e
	return &s.ln, s.lnSet
}

// playLines turns the lines, when they are e's, into those of e after
// the move d; unplayLines turns them back.
func (s *searcher) playLines(e, d bb) {
	if s.lnSet && s.lnOf == e {
		s.g.flipLines(&s.ln, d)
		s.lnOf = e.AndNot(d)
	}
}

func (s *searcher) unplayLines(e, d bb) {
	if s.lnSet && s.lnOf == e.AndNot(d) {
		s.g.flipLines(&s.ln, d)
		s.lnOf = e
	}
}

// bounds returns integers lo <= G <= hi: the floor and ceiling of a
// number, and for another game one below its right stop and one above its
// left stop (a game is greater than every number below its right stop).
func (s *searcher) bounds(G cgt.ID) (lo, hi int) {
	if x, ok := s.u.IsNumber(G); ok {
		return int(x.Floor().Num), int(x.Ceil().Num)
	}
	ls, rs := s.u.Stops(G)
	return int(rs.Ceil().Num) - 1, int(ls.Floor().Num) + 1
}

// ordered appends the dominoes starting at starts (the mover's), best
// first (after Bullock's Obsequi): those that leave the mover most moves
// and the other fewest, counting what each could place apart (packed in
// his direction) and the safe moves of each; among those alike, by where
// they lie (geometry.rankedStarts).
func (s *searcher) ordered(dst []bb, e, starts bb, left bool) []bb {
	g := s.g
	step, side := uint(1), 0
	if left {
		step, side = g.stride, 1
	}
	// Each move's key: its score above, its cell below (the lower cell
	// the larger, so that moves alike keep cell order).
	var keys [setCells]uint64
	n := 0
	l, byLine := s.linesOf(e)
	if byLine {
		own, across := l.rows[:g.h], l.cols[:g.w]
		ownBytes, acrossBytes := l.rowBytes, l.colBytes
		if left {
			own, across = across, own
			ownBytes, acrossBytes = acrossBytes, ownBytes
		}
		s.gains.reset(own, across, l.bytes, ownBytes, acrossBytes)
	}
	for b := starts; !b.Empty(); b = b.WithoutLow() {
		x := b.Low()
		var score int32
		switch {
		case byLine && left:
			score = int32(s.gains.gain(x%g.w, x/g.w))
		case byLine:
			score = int32(s.gains.gain(x/g.w, x%g.w))
		case left:
			score = s.balance(e.AndNot(cell(x).Or(cell(x).Shl(step))))
		default:
			score = -s.balance(e.AndNot(cell(x).Or(cell(x).Shl(step))))
		}
		score = score*setCells + g.rank[side][x]
		key := uint64(uint32(score+1<<30))<<32 | uint64(setCells-1-x)
		// Insertion, highest key first.
		i := n
		for ; i > 0 && keys[i-1] < key; i-- {
			keys[i] = keys[i-1]
		}
		keys[i] = key
		n++
	}
	for _, key := range keys[:n] {
		x := setCells - 1 - int(key&0xffffffff)
		dst = append(dst, cell(x).Or(cell(x).Shl(step)))
	}
	return dst
}

// balance returns how many more dominoes Left than Right can place apart
// in e, each in his direction, plus how many more safe moves he has (for
// boards too long for gain, which counts the change a move makes).
func (s *searcher) balance(e bb) int32 {
	g := s.g
	vert, horiz := g.vertical(e), g.horizontal(e)
	leftSafe, rightSafe := g.safeCells(e, vert, horiz)
	return int32(g.columnPairs(e) - g.rowPairs(e) + g.columnPairs(leftSafe) - g.rowPairs(rightSafe))
}

// value returns the exact value of a connected component with both
// players' moves, if it is small enough to be known.
func (s *searcher) value(comp bb) (cgt.ID, bool) {
	if comp.Count() > s.e.opts.KnownCells {
		return 0, false
	}
	if v, ok := s.values[comp]; ok {
		return v, true
	}
	r := s.g.regionOf(comp)
	if int(r.H)*int(r.W) > region.MaxCells {
		return 0, false
	}
	v, ok := s.e.values(r)
	if ok {
		s.values[comp] = v
	}
	return v, ok
}

// sumValue returns the value of a set of cells whose components are all
// known (the cells left in a known component after a move).
func (s *searcher) sumValue(e bb) (cgt.ID, bool) {
	sum := cgt.Zero
	for rest := e; !rest.Empty(); {
		comp := s.g.component(rest, cell(rest.Low()))
		rest = rest.AndNot(comp)
		v, ok := s.value(comp)
		if !ok {
			return 0, false
		}
		sum = s.u.Add(sum, v)
	}
	return sum, true
}

// undominated returns the mover's moves in a known component whose
// values no other move of his beats (one move for each value): a move to
// a smaller value for Left (larger for Right) can be left out, since
// whatever it wins, the better one wins too.
func (s *searcher) undominated(comp bb, left bool) []bb {
	side := 0
	if left {
		side = 1
	}
	if m, ok := s.options[side][comp]; ok {
		return m
	}
	g := s.g
	starts, step := g.horizontal(comp), uint(1)
	if left {
		starts, step = g.vertical(comp), g.stride
	}
	var moves []bb
	var vals []cgt.ID
	all := true
	for b := starts; !b.Empty(); b = b.WithoutLow() {
		x := b.Low()
		d := cell(x).Or(cell(x).Shl(step))
		v, ok := s.sumValue(comp.AndNot(d))
		if !ok {
			all = false
		}
		moves, vals = append(moves, d), append(vals, v)
	}
	if all {
		var keep []bb
		for i, v := range vals {
			dominated := false
			for j, w := range vals {
				better := s.u.Le(v, w)
				if !left {
					better = s.u.Le(w, v)
				}
				if j != i && better && (v != w || j < i) {
					dominated = true
					break
				}
			}
			if !dominated {
				keep = append(keep, moves[i])
			}
		}
		moves = keep
	}
	s.options[side][comp] = moves
	return moves
}
