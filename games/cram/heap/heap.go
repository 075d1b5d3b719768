package heap

import (
	"math/bits"
	"slices"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/games/internal/placement"
	"github.com/tablebase/tablebase/internal/region"
	"github.com/tablebase/tablebase/internal/stop"
)

// HeapSearch finds the nim-value of a region of an impartial placement
// game (Cram) without valuing every component it reaches: the nim-value
// of c is the least k for which c plus a nim-heap of k is a
// second-player win, and a sum that is not one is shown so by one
// winning move, often found without the nim-values of the positions it
// leads to (Lemoine and Viennot, "Nimbers are inevitable", 2010). A
// region not valued by heap AspireFrom is valued on by Beling and
// Rogalski's pruning (aspire), which does not search it again for each
// heap. A move in c leaves parts, as the rules' Reduction leaves them (cells
// dropped, links cut); the largest stays a region of the search, the
// others are replaced by their nim-values (found the same way, or by
// plain recursion when at most Small cells, smallNim), added to the
// heap. Moves are tried cheapest and nearest the centre first
// (offCentre). A region the second player wins by answering each move
// with its image under the half-turn is valued 0 without a search
// (halfTurnPaired), and one the first player wins by a move across the
// centre and then so is known not 0 (halfTurnOpening). What it finds is
// kept in tables of bounded memory (heapTable). It is not safe for
// concurrent use; searches of one region on several cores, each with its
// own Turn, try different moves of the region first, and may share what
// they find by Save and Load. Every move is tried all the same: the
// answers do not depend on the turn.
type HeapSearch struct {
	Small      int    // components of at most this many cells are valued by smallNim
	Nodes      int64  // the regions plus heaps searched
	Turn       int    // with Turns > 1: the moves at TurnDepth are tried from Turn/Turns of the way through
	Turns      int    // searches of one region on as many cores
	TurnDepth  int    // the depth whose moves Turn rotates: 1 (or 0) the region's own, 2 those of the positions they leave, ...
	AspireFrom int    // the heap from which regions are valued by Beling and Rogalski's pruning with aspiration sets (aspire), not a heap at a time: 0 from the start (NewHeapSearch: DefaultAspireFrom)
	share      *Share // what a team's searches of the region a Run is for tell each other (Team), or nil
	rules      placement.Rules
	reducer    Reduction // the rules' Reduction, or nil
	stop       *stop.Check
	memo       *heapTable // the regions of more than Small cells
	smallMemo  *heapTable // the nim-values of regions of at most Small cells
	recent     *[1 << recentBits]recentNim
	valued     int
	frames     []*frame         // the buffers of each depth of the search
	sorted     [maxMoves]option // byCost's scratch
	depth      int              // the frames in use
}

// maxMoves is the most moves a region of at most 64 cells has in a game
// of dominoes: 112, on the 8x8 square.
const maxMoves = 112

// frame holds the moves of a region of the search and its options.
type frame struct {
	moves [maxMoves]uint64
	opts  [maxMoves]option
	box   sides // the region's
}

// DefaultHeapMemo is the memory the heap search's table of large regions
// grows to unless told otherwise: 2 GiB, 134 million slots.
const DefaultHeapMemo = 2 << 30

// NewHeapSearch returns a search of an impartial game whose components
// of at most small cells are valued by plain recursion, keeping what it
// finds of the larger ones in at most memo bytes (0: DefaultHeapMemo)
// and the values of the small ones in an eighth as much. The search
// stops where check says (stop.Run on it; nil: a check of its own).
func NewHeapSearch(rules placement.Rules, small int, check *stop.Check, memo int) *HeapSearch {
	if check == nil {
		check = &stop.Check{}
	}
	if memo <= 0 {
		memo = DefaultHeapMemo
	}
	h := &HeapSearch{Small: small, AspireFrom: DefaultAspireFrom, rules: rules, stop: check, memo: newHeapTable(memo), smallMemo: newHeapTable(memo / 8), recent: new([1 << recentBits]recentNim)}
	h.reducer, _ = rules.(Reduction)
	return h
}

// Valued returns how many times the search has found the nim-value of a
// region of more than Small cells (a region its table lost and valued
// again counts twice).
func (h *HeapSearch) Valued() int { return h.valued }

// AtLeast returns what the search has found so far of the nim-value of a
// connected, cropped region of more than Small cells that its rules do
// not reduce (a rectangle of more than 2x2): it is at least n, since
// the region plus a heap of each smaller size is a first-player win
// (exact when the value is found: then n is the nim-value).
func (h *HeapSearch) AtLeast(c region.Region) (n int, exact bool) {
	key, _ := canon.Canonical(c)
	s := h.memo.get(key)
	switch {
	case s == nil:
		return 0, false
	case s.nim != 0:
		return int(s.nim) - 1, true
	}
	return bits.TrailingZeros32(^s.won), false
}

// Nimber returns the nim-value of a connected, cropped region.
func (h *HeapSearch) Nimber(c region.Region) int {
	var buf [32]uint64
	if r, parts := h.parts(c, buf[:0]); r.Bits != c.Bits || len(parts) > 1 {
		x := 0
		for _, cells := range parts {
			x ^= h.Nimber(r.With(cells).Crop())
		}
		return x
	}
	if bits.OnesCount64(c.Bits) <= h.Small {
		return h.smallNim(c)
	}
	key, _ := canon.Canonical(c)
	if s := h.memo.get(key); s != nil && s.nim != 0 {
		return int(s.nim) - 1
	}
	for k := range h.AspireFrom {
		if h.loses(c, key, k) {
			return k
		}
	}
	return h.aspire(c, key)
}

// DefaultAspireFrom is the heap from which Nimber values a region by the
// pruned search (aspire), which starts from the heaps ruled out so far,
// instead of a heap at a time, which searches the region again for each
// heap. Below it the search a heap at a time searches fewer nodes (3x14,
// value 3: 508,226 against 568,453); above, the pruned one (6x7, value 5:
// 134,931,192 against 177,570,591, for 0.82 of the CPU and half the
// memory).
const DefaultAspireFrom = 4

// push returns the buffers of the next depth of the search; pop gives
// them back.
func (h *HeapSearch) push() *frame {
	if h.depth == len(h.frames) {
		h.frames = append(h.frames, new(frame))
	}
	h.depth++
	return h.frames[h.depth-1]
}

// pop gives back the buffers push returned last.
func (h *HeapSearch) pop() { h.depth-- }

// loses reports whether c (a connected, cropped region of more than
// Small cells, whose canonical key is key) plus a heap of n is a
// second-player win. When it is, n is c's nim-value.
func (h *HeapSearch) loses(c region.Region, key canon.Key, n int) bool {
	if v, ok := h.found(key, n); ok {
		return v
	}
	if v, ok := h.exchanged(key, n); ok {
		return v
	}
	h.Nodes++
	h.stop.Point()
	won := false
	f := h.push()
	defer h.pop()
	list, opts := h.rules.Moves(c, true, f.moves[:0]), &f.opts
	if halfTurnPaired(c, list) {
		h.memo.put(key).nim = 1
		h.valued++
		return n == 0
	}
	if n == 0 && halfTurnOpening(c, list) {
		h.memo.put(key).won |= 1
		return false
	}
	// First the moves whose result is known, then the others searched,
	// the cheapest first.
	f.box = sidesOf(c)
	for i, d := range list {
		h.prepare(c, &f.box, d, n, &opts[i])
		if i > 0 {
			if won = h.known(&opts[i-1]); won {
				break
			}
		}
	}
	if !won && len(list) > 0 {
		won = h.known(&opts[len(list)-1])
	}
	// The team's searches of the region tell each other what they find
	// of its moves, and take them in turn, cheapest first (Share).
	var share *Share
	if h.depth == 1 {
		share = h.share.of(c)
	}
	if !won {
		byCost(opts[:len(list)], &h.sorted)
		if h.Turns > 1 && h.depth == max(h.TurnDepth, 1) && share == nil {
			rotate(opts[:len(list)], len(list)*(h.Turn%h.Turns)/h.Turns)
		}
	}
	switch {
	case won:
	case share != nil:
		won = h.sharedWins(c, &f.box, opts[:len(list)], n, share)
	default:
		for i := 0; i < len(list) && !won; i++ {
			won = h.wins(c, &f.box, &opts[i], n)
		}
	}
	// A move in the heap, to a smaller one: one wins when c's nim-value
	// is below n, asked of c at once by the pruned search (inSet).
	if !won && n > 0 {
		v, ok := h.inSet(c, key, lowest(n))
		won = ok && v < n
	}
	s := h.memo.put(key)
	switch {
	case !won && n < 255:
		s.nim = uint8(n + 1)
		h.valued++
	case won && n < 32:
		s.won |= 1 << n
	}
	if h.share != nil && exchanged(key) {
		h.share.ex.add(s)
	}
	return !won
}

// exchanged returns what another search of the team has found of the
// region of key plus a heap of n, as found does, joining what the
// team's exchange holds of the region to the search's own table.
func (h *HeapSearch) exchanged(key canon.Key, n int) (lost, ok bool) {
	if h.share == nil || !exchanged(key) {
		return false, false
	}
	x, held := h.share.ex.get(key)
	if !held {
		return false, false
	}
	if lost, ok = x.result(n); ok {
		s := h.memo.put(key)
		if x.nim != 0 {
			s.nim = x.nim
		}
		s.won |= x.won
	}
	return lost, ok
}

// wins reports whether the option o of c (whose sides are box) with a
// heap of n, prepared, leaves a second-player win, searching it.
func (h *HeapSearch) wins(c region.Region, box *sides, o *option, n int) bool {
	if !o.ok {
		o.large, o.heap, _, _ = h.after(c, box, o.move, n, true)
		o.key, _ = canon.Canonical(o.large)
	}
	if o.large.Bits == 0 {
		return o.heap == 0
	}
	return h.loses(o.large, o.key, o.heap)
}

// sharedWins reports whether one of the options of c (whose sides are
// box) with a heap of n, prepared and in order, leaves a second-player
// win, c being the region of the team's share: it searches first each
// option no search of the team has taken (claim; all of them when the
// team's searches turn the moves of a depth below c's), then those
// another has taken and not yet refuted, and skips those one has
// refuted; it stops once a search of the team has found a winning
// option, leaving the option it is searching then.
func (h *HeapSearch) sharedWins(c region.Region, box *sides, opts []option, n int, share *Share) bool {
	won := false
	for pass := range 2 {
		for i := 0; i < len(opts) && !won; i++ {
			o := &opts[i]
			if won = share.wins(n); won || share.isRefuted(o.move, n) || pass == 0 && h.TurnDepth <= 1 && !share.claim(o.move, n) {
				continue
			}
			w, ok := stop.Run(h.stop, share.heapDone(n), func() bool { return h.wins(c, box, o, n) })
			if !ok {
				h.stop.Point() // the team stopped, or another won: then won is true next
				continue
			}
			if won = w; !won {
				share.refute(o.move, n)
			}
		}
	}
	if won {
		share.win(n)
	}
	return won
}

// found returns whether the search has found c (by its key) plus a heap
// of n a second-player win, and ok when it has found the answer at all.
func (h *HeapSearch) found(key canon.Key, n int) (lost, ok bool) {
	return h.memo.get(key).result(n)
}

// after returns the region of the search and the heap after move d in c
// (whose sides are box) with a heap of n: the move's largest part of
// more than Small cells (none when it leaves none), the others'
// nim-values added to the heap. When it leaves two such parts and value
// is false, it values neither and ok is false. Its cost is the sum of
// the squares of the cells of the parts of more than Small cells, a
// guess at how long the search will take after it (Beling's order of
// moves: smaller parts first).
func (h *HeapSearch) after(c region.Region, box *sides, d uint64, n int, value bool) (large region.Region, heap, cost int, ok bool) {
	var buf [32]uint64
	rest, parts := h.parts(c.With(c.Bits&^d), buf[:0])
	heap, ok = n, true
	for _, cells := range parts {
		size := bits.OnesCount64(cells)
		if size > h.Small {
			cost += size * size
		}
		if !ok {
			continue
		}
		p := box.crop(rest, cells)
		if size <= h.Small {
			heap ^= h.smallNim(p)
			continue
		}
		if large.Bits == 0 {
			large = p
			continue
		}
		if !value {
			ok = false
			continue
		}
		// Two large parts: the smaller is valued, the larger stays.
		if size > bits.OnesCount64(large.Bits) {
			large, p = p, large
		}
		heap ^= h.Nimber(p)
	}
	return large, heap, cost, ok
}

// option is a move of the search and what it leaves: its large part
// (by its canonical key) and heap, when ok, and its cost (as after says,
// times 2^16, plus offCentre).
type option struct {
	move  uint64
	large region.Region
	key   canon.Key
	heap  int
	cost  int
	ok    bool // large and heap are known: the move leaves one large part at most
}

// prepare fills in o for move d in c (whose sides are box) with a heap
// of n: what it leaves when it leaves one large part at most, and its
// cost. It asks for the table's slots of the large part, for known to
// find them in the cache.
func (h *HeapSearch) prepare(c region.Region, box *sides, d uint64, n int, o *option) {
	o.move = d
	o.large, o.heap, o.cost, o.ok = h.after(c, box, d, n, false)
	o.cost = o.cost<<16 + offCentre(c, d)
	if o.ok && o.large.Bits != 0 {
		o.key, _ = canon.Canonical(o.large)
		h.memo.prefetch(o.key)
	}
}

// known reports whether the option o, prepared, is known to leave a
// second-player win without a search.
func (h *HeapSearch) known(o *option) bool {
	lost, _ := h.outcome(o)
	return lost
}

// outcome returns whether the option o, prepared, leaves a second-player
// win, and ok when the search knows it without searching: the option
// leaves one large part at most, whose result with its heap the search
// has found.
func (h *HeapSearch) outcome(o *option) (lost, ok bool) {
	switch {
	case !o.ok:
		return false, false
	case o.large.Bits == 0:
		return o.heap == 0, true
	}
	return h.found(o.key, o.heap)
}

// offCentre returns the square of the distance, in half cells, from the
// centre of the box of c to that of move d, from its first cell to its
// last: among moves of the same cost, the search tries those nearest the
// centre first (as igs, Beling's solver, orders its moves), which
// searches a third as many nodes on 5x7 and 4x9 and half as many on
// 3x15. It is less than 2^16.
func offCentre(c region.Region, d uint64) int {
	w := int(c.W)
	lo, hi := bits.TrailingZeros64(d), 63-bits.LeadingZeros64(d)
	row := lo/w + hi/w - (int(c.H) - 1)
	col := lo%w + hi%w - (w - 1)
	return row*row + col*col
}

// byCost sorts options by their costs, cheapest first, options of the
// same cost in the order they came, by way of scratch: it sorts each
// option's cost and place in one word (an insertion sort: a region has
// tens of moves), then moves each option once.
func byCost(opts []option, scratch *[maxMoves]option) {
	var keys [maxMoves]uint64
	for i := range opts {
		keys[i] = uint64(opts[i].cost)<<7 | uint64(i) // maxMoves < 2^7
	}
	ks := keys[:len(opts)]
	for i := 1; i < len(ks); i++ {
		for j := i; j > 0 && ks[j] < ks[j-1]; j-- {
			ks[j], ks[j-1] = ks[j-1], ks[j]
		}
	}
	copy(scratch[:], opts)
	for i, k := range ks {
		opts[i] = scratch[k&(1<<7-1)]
	}
}

// rotate moves the first k options to the end, keeping the order of
// each group.
func rotate(opts []option, k int) {
	slices.Reverse(opts[:k])
	slices.Reverse(opts[k:])
	slices.Reverse(opts)
}

// sides holds the cells of the first and last rows and columns of a
// region's frame: a part of the region with a cell in each has the
// region's bounding box.
type sides struct{ top, bottom, left, right uint64 }

// sidesOf returns the sides of c's frame.
func sidesOf(c region.Region) sides {
	left, right := c.ColumnMasks()
	row := uint64(1)<<c.W - 1
	return sides{top: row, bottom: row << (uint(c.H-1) * uint(c.W)), left: left, right: right}
}

// crop returns the part cells of r, a region in the frame whose sides
// are s, cut down to its bounding box: r's own frame when the part has a
// cell on each side.
func (s *sides) crop(r region.Region, cells uint64) region.Region {
	if cells&s.top != 0 && cells&s.bottom != 0 && cells&s.left != 0 && cells&s.right != 0 {
		return r.With(cells)
	}
	return r.With(cells).Crop()
}
