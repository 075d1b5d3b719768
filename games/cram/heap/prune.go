package heap

import (
	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/internal/region"
)

// aspire returns the nim-value of c (a connected, cropped region of more
// than Small cells that its rules do not reduce, whose canonical key is
// key) by aspiration sets (Beling and Rogalski): for each candidate r
// from 0 up, not already ruled out, it asks each move whose value it
// does not know only whether its value is r (inSet with {r}); a move
// that answers with its value, r or not, is not asked again. The first
// r no move has is the nim-value. Each r ruled out is kept in the
// table, as the heap with which c is a first-player win.
func (h *HeapSearch) aspire(c region.Region, key canon.Key) int {
	h.Nodes++
	h.stop.Point()
	f := h.push()
	defer h.pop()
	list := h.rules.Moves(c, true, f.moves[:0])
	if halfTurnPaired(c, list) {
		return h.valuedAs(key, 0)
	}
	var ruled nimSet // the values shown not c's, or of one of its moves
	if s := h.memo.get(key); s != nil {
		ruled.Lo = uint64(s.won)
	}
	if !ruled.has(0) && halfTurnOpening(c, list) {
		ruled = ruled.with(0)
		h.memo.put(key).won |= 1
	}
	maybe := lowest(len(list) + 1)
	open, _ := h.options(c, f, list, &maybe, lowest(128), &ruled)
	for r := 0; ; r++ {
		if !ruled.has(r) {
			excluded := false
			for i := 0; i < len(open) && !excluded; {
				v, ok := h.optionIn(c, f, &open[i], single(r))
				if !ok {
					i++
					continue
				}
				ruled, excluded = ruled.with(v), v == r
				open = append(open[:i], open[i+1:]...)
			}
			if !excluded {
				return h.valuedAs(key, r)
			}
		}
		if r < 32 {
			h.memo.put(key).won |= 1 << r
		}
	}
}

// inSet returns the nim-value of c (a connected, cropped region of more
// than Small cells that its rules do not reduce, whose canonical key is
// key) when it is in want, with ok; ok false says that it is not in
// want. It may return the value with ok when it is not in want. This is
// Beling and Rogalski's pruning: the value is among the candidates maybe,
// {0, ..., moves} at first, and each move takes one out, its own value
// if a candidate, else the largest; a move is asked only whether its
// value is among the candidates but the largest, up to the largest of
// want (another is as good as the largest), and the search stops once
// no candidate is in want. A value found is kept in the table, and so
// is a want ruled out (the heaps with which c is a first-player win).
func (h *HeapSearch) inSet(c region.Region, key canon.Key, want nimSet) (int, bool) {
	if s := h.memo.get(key); s != nil {
		if s.nim != 0 {
			return int(s.nim) - 1, true
		}
		want.Lo &^= uint64(s.won)
	}
	if want.empty() {
		return 0, false
	}
	h.Nodes++
	h.stop.Point()
	f := h.push()
	defer h.pop()
	list := h.rules.Moves(c, true, f.moves[:0])
	if halfTurnPaired(c, list) {
		return h.valuedAs(key, 0), true
	}
	if want.has(0) && halfTurnOpening(c, list) {
		h.memo.put(key).won |= 1
		if want.Lo &^= 1; want.empty() {
			return 0, false
		}
	}
	maybe := lowest(len(list) + 1)
	var seen nimSet
	open, out := h.options(c, f, list, &maybe, want, &seen)
	if out {
		return h.ruledOut(key, want)
	}
	upTo, exact := want.through(), true
	for i := range open {
		if maybe.and(want).empty() {
			return h.ruledOut(key, want)
		}
		rest := maybe.withoutLargest()
		if v, ok := h.optionIn(c, f, &open[i], rest.and(upTo)); ok {
			maybe = maybe.drop(v, rest)
		} else {
			maybe, exact = rest, false
		}
	}
	if !exact && maybe.and(upTo).empty() {
		return h.ruledOut(key, want)
	}
	return h.valuedAs(key, maybe.least()), true
}

// options prepares the options of c's moves list in f, takes the value
// of each the search knows out of maybe (drop) and into seen, and
// returns the others, cheapest first (rotated by the search's turn at
// its depth). out reports that no candidate of maybe is left in want:
// then it stops there, and the options it returns are not all.
func (h *HeapSearch) options(c region.Region, f *frame, list []uint64, maybe *nimSet, want nimSet, seen *nimSet) (open []option, out bool) {
	f.box = sidesOf(c)
	n := 0
	// Each option is looked up one move after it is prepared, for its
	// slot to reach the cache meanwhile.
	for i := 0; i <= len(list); i++ {
		if i < len(list) {
			h.prepare(c, &f.box, list[i], 0, &f.opts[i])
		}
		if i == 0 {
			continue
		}
		o := &f.opts[i-1]
		v, ok := h.value(o)
		if !ok {
			f.opts[n] = *o
			n++
			continue
		}
		*maybe, *seen = maybe.drop(v, maybe.withoutLargest()), seen.with(v)
		if maybe.and(want).empty() {
			return f.opts[:n], true
		}
	}
	open = f.opts[:n]
	byCost(open, &h.sorted)
	if h.Turns > 1 && h.depth == max(h.TurnDepth, 1) {
		rotate(open, n*(h.Turn%h.Turns)/h.Turns)
	}
	return open, false
}

// value returns the value of the position option o (prepared) leaves,
// and ok when the search knows it without searching.
func (h *HeapSearch) value(o *option) (int, bool) {
	switch {
	case !o.ok:
		return 0, false
	case o.large.Bits == 0:
		return o.heap, true
	}
	if s := h.memo.get(o.key); s != nil && s.nim != 0 {
		return int(s.nim) - 1 ^ o.heap, true
	}
	return 0, false
}

// optionIn returns the value of the position option o of c leaves (its
// large part's nim-value XOR its heap) when it is in want, with ok, as
// inSet does; it values the smaller of two large parts first, unless
// want is empty.
func (h *HeapSearch) optionIn(c region.Region, f *frame, o *option, want nimSet) (int, bool) {
	if !o.ok {
		if want.empty() {
			return 0, false
		}
		o.large, o.heap, _, _ = h.after(c, &f.box, o.move, 0, true)
		if o.large.Bits != 0 {
			o.key, _ = canon.Canonical(o.large)
		}
		o.ok = true
	}
	if o.large.Bits == 0 {
		return o.heap, true
	}
	v, ok := h.inSet(o.large, o.key, want.xor(o.heap))
	return v ^ o.heap, ok
}

// valuedAs keeps n as the nim-value of the region of key, and returns
// it.
func (h *HeapSearch) valuedAs(key canon.Key, n int) int {
	h.memo.put(key).nim = uint8(n + 1)
	h.valued++
	return n
}

// ruledOut keeps that the nim-value of the region of key is not in want
// (for the heaps below 32), and returns inSet's answer that it is not.
func (h *HeapSearch) ruledOut(key canon.Key, want nimSet) (int, bool) {
	h.memo.put(key).won |= uint32(want.Lo)
	return 0, false
}
