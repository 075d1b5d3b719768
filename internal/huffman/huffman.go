// Package huffman codes a stream of uint32 symbols with a canonical,
// length-limited Huffman code: the compact tablebase's values.
//
// A code is described by its symbols in canonical order (by code length,
// then by symbol) and the number of codes of each length; codes are written
// most significant bit first.
package huffman

import (
	"container/heap"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
)

// MaxLen is the longest code.
const MaxLen = 30

// Code is a canonical Huffman code.
type Code struct {
	// Symbols in canonical order: by code length, then by value.
	Symbols []uint32
	// Counts[l] is the number of codes of length l (Counts[0] is 0).
	Counts [MaxLen + 1]int

	codes map[uint32]entry // symbol -> code, for encoding
	// Decoding: first code of each length and its index in Symbols.
	first, index [MaxLen + 2]uint32
	table        []uint16 // codes up to fast bits, by their bits: index<<5 | length, 0 for longer codes
	fast         int
	maxLen       int
}

type entry struct {
	code uint32
	len  uint8
}

// Build returns an optimal code with codes of at most MaxLen bits for the
// symbols of freq (each count at least 1).
func Build(freq map[uint32]uint64) (*Code, error) {
	syms := make([]uint32, 0, len(freq))
	for s := range freq {
		syms = append(syms, s)
	}
	slices.Sort(syms)
	lens := lengths(syms, freq)
	c := &Code{}
	for _, l := range lens {
		c.Counts[l]++
	}
	order := make([]int, len(syms))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return int(lens[a]) - int(lens[b]) })
	for _, i := range order {
		c.Symbols = append(c.Symbols, syms[i])
	}
	return c, c.init()
}

// lengths returns the code length of each symbol: Huffman's, with the
// frequencies flattened until no code is longer than MaxLen. A single
// symbol gets a 1-bit code.
func lengths(syms []uint32, freq map[uint32]uint64) []uint8 {
	lens := make([]uint8, len(syms))
	if len(syms) == 1 {
		lens[0] = 1
		return lens
	}
	w := make([]uint64, len(syms))
	for i, s := range syms {
		w[i] = freq[s]
	}
	for {
		if huffmanLengths(w, lens) <= MaxLen {
			return lens
		}
		for i := range w {
			w[i] = w[i]/2 + 1
		}
	}
}

// huffmanLengths fills lens with Huffman's code lengths for weights w and
// returns the longest.
func huffmanLengths(w []uint64, lens []uint8) int {
	n := len(w)
	parent := make([]int, 2*n-1)
	h := &nodeHeap{}
	for i, x := range w {
		*h = append(*h, node{x, i})
	}
	heap.Init(h)
	next := n
	for h.Len() > 1 {
		a, b := heap.Pop(h).(node), heap.Pop(h).(node)
		parent[a.id], parent[b.id] = next, next
		heap.Push(h, node{a.w + b.w, next})
		next++
	}
	depth := make([]int, 2*n-1)
	longest := 0
	for id := 2*n - 3; id >= 0; id-- {
		depth[id] = depth[parent[id]] + 1
		if id < n {
			lens[id] = uint8(min(depth[id], 255))
			longest = max(longest, depth[id])
		}
	}
	return longest
}

type node struct {
	w  uint64
	id int
}

type nodeHeap []node

func (h nodeHeap) Len() int { return len(h) }
func (h nodeHeap) Less(i, j int) bool {
	if h[i].w != h[j].w {
		return h[i].w < h[j].w
	}
	return h[i].id < h[j].id
}
func (h nodeHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *nodeHeap) Push(x any)   { *h = append(*h, x.(node)) }
func (h *nodeHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// ErrBadCode is returned for a code whose lengths are not a complete
// prefix code (a damaged table).
var ErrBadCode = errors.New("huffman: bad code")

// New returns the code with the given symbols in canonical order and
// counts of code lengths, checking that they describe a prefix code.
func New(symbols []uint32, counts [MaxLen + 1]int) (*Code, error) {
	c := &Code{Symbols: symbols, Counts: counts}
	return c, c.init()
}

// fastBits is the most bits decoded by one table lookup.
const fastBits = 11

// init checks the code and builds the decoding tables.
func (c *Code) init() error {
	total, space := 0, uint64(1)<<MaxLen // the code space left, in units of 2^-MaxLen
	for l := 1; l <= MaxLen; l++ {
		n := c.Counts[l]
		if n < 0 || uint64(n)<<(MaxLen-l) > space {
			return fmt.Errorf("%w: %d codes of length %d overfill the code space", ErrBadCode, n, l)
		}
		space -= uint64(n) << (MaxLen - l)
		total += n
		if n > 0 {
			c.maxLen = l
		}
	}
	if c.Counts[0] != 0 || total != len(c.Symbols) || total == 0 {
		return fmt.Errorf("%w: %d symbols for %d codes", ErrBadCode, len(c.Symbols), total)
	}
	if space != 0 && total > 1 {
		return fmt.Errorf("%w: the code space is not full", ErrBadCode)
	}
	code, idx := uint32(0), uint32(0)
	for l := 1; l <= MaxLen+1; l++ {
		c.first[l], c.index[l] = code, idx
		if l <= MaxLen {
			code = (code + uint32(c.Counts[l])) << 1
			idx += uint32(c.Counts[l])
		}
	}
	c.fast = min(c.maxLen, fastBits)
	c.table = make([]uint16, 1<<c.fast)
	c.codes = nil
	for l := 1; l <= c.fast; l++ {
		for k := range c.Counts[l] {
			i := c.index[l] + uint32(k) // below 2^fastBits: no more codes are this short
			lo := (c.first[l] + uint32(k)) << (c.fast - l)
			for j := range uint32(1) << (c.fast - l) {
				c.table[lo+j] = uint16(i<<5 | uint32(l))
			}
		}
	}
	return nil
}

// Encode writes sym's code to w; a symbol outside the code is an error.
func (c *Code) Encode(w *Writer, sym uint32) error {
	if c.codes == nil {
		c.codes = make(map[uint32]entry, len(c.Symbols))
		code, i := uint32(0), 0
		for l := 1; l <= MaxLen; l++ {
			for range c.Counts[l] {
				c.codes[c.Symbols[i]] = entry{code, uint8(l)}
				code++
				i++
			}
			code <<= 1
		}
	}
	e, ok := c.codes[sym]
	if !ok {
		return fmt.Errorf("huffman: symbol %d has no code", sym)
	}
	w.Write(uint64(e.code), int(e.len))
	return nil
}

// Bits returns the length of sym's code (0 if it has none).
func (c *Code) Bits(sym uint32) int {
	if c.codes == nil {
		_ = c.Encode(&Writer{}, c.Symbols[0])
	}
	return int(c.codes[sym].len)
}

// Decode reads one symbol from r.
func (c *Code) Decode(r *Reader) (uint32, error) {
	if c.maxLen == 0 {
		return 0, ErrBadCode
	}
	peek := r.peek(MaxLen)
	if e := c.table[peek>>(MaxLen-c.fast)]; e != 0 {
		l := int(e & 31)
		if !r.skip(l) {
			return 0, ErrShort
		}
		return c.Symbols[e>>5], nil
	}
	for l := c.fast + 1; l <= c.maxLen; l++ { // the table holds every shorter code
		code := uint32(peek >> (MaxLen - l))
		if n := uint32(c.Counts[l]); code-c.first[l] < n && code >= c.first[l] {
			if !r.skip(l) {
				return 0, ErrShort
			}
			return c.Symbols[c.index[l]+code-c.first[l]], nil
		}
	}
	return 0, fmt.Errorf("%w: no code matches", ErrBadCode)
}

// Skip reads n symbols and drops them.
func (c *Code) Skip(r *Reader, n int) error { return c.read(r, n, nil) }

// DecodeAll reads len(dst) symbols into dst.
func (c *Code) DecodeAll(r *Reader, dst []uint32) error { return c.read(r, len(dst), dst) }

// read reads n symbols, into dst unless it is nil.
func (c *Code) read(r *Reader, n int, dst []uint32) error {
	for done := 0; done < n; done++ {
		if done = c.short(r, done, n, dst); done == n {
			break
		}
		s, err := c.Decode(r)
		if err != nil {
			return err
		}
		if dst != nil {
			dst[done] = s
		}
	}
	return nil
}

// short reads symbols done to n-1 (into dst unless it is nil) as long as
// their codes are in the decoding table and the next 8 bytes are in r,
// and returns how many symbols are read; it reads each 8 bytes once for
// the codes they hold.
func (c *Code) short(r *Reader, done, n int, dst []uint32) int {
	if c.fast == 0 {
		return done
	}
	table, shift, pos := c.table, 64-c.fast, r.pos
	for done < n && pos >= 0 && pos>>3+8 <= len(r.buf) {
		v := binary.BigEndian.Uint64(r.buf[pos>>3:]) << (pos & 7)
		avail := 64 - pos&7
		for ; done < n; done++ {
			// A code of l <= avail bits is read whole, though the table
			// index may run into the zeros shifted in.
			e := table[v>>shift]
			l := int(e & 31)
			if e == 0 || l > avail {
				break
			}
			if dst != nil {
				dst[done] = c.Symbols[e>>5]
			}
			v <<= l
			avail -= l
			pos += l
		}
		if avail >= c.fast && done < n {
			break // a code longer than the table's
		}
	}
	r.pos = pos
	return done
}
