package huffman

import (
	"errors"
	"math/bits"
)

// Writer appends bits to a byte slice, most significant bit first.
type Writer struct {
	buf  []byte
	acc  uint64 // pending bits, in the low n
	n    int
	bits int64
}

// Write appends the low n bits of v (n at most 32).
func (w *Writer) Write(v uint64, n int) {
	w.acc = w.acc<<n | v&(1<<n-1)
	w.n += n
	w.bits += int64(n)
	for w.n >= 8 {
		w.n -= 8
		w.buf = append(w.buf, byte(w.acc>>w.n))
	}
}

// Len returns the number of bits written.
func (w *Writer) Len() int64 { return w.bits }

// Bytes returns the bits written, the last byte padded with zeros.
func (w *Writer) Bytes() []byte {
	if w.n > 0 {
		return append(w.buf[:len(w.buf):len(w.buf)], byte(w.acc<<(8-w.n)))
	}
	return w.buf
}

// ErrShort is returned when a code runs past the end of its bits.
var ErrShort = errors.New("huffman: code runs past the end")

// Reader reads bits from a byte slice, most significant bit first.
type Reader struct {
	buf []byte
	pos int // in bits
}

// NewReader returns a reader of buf starting at bit pos.
func NewReader(buf []byte, pos int) *Reader { return &Reader{buf: buf, pos: pos} }

// peek returns the next n bits (n at most 57), zeros past the end.
func (r *Reader) peek(n int) uint64 {
	i := r.pos >> 3
	var v uint64
	if i+8 <= len(r.buf) {
		v = uint64(r.buf[i])<<56 | uint64(r.buf[i+1])<<48 | uint64(r.buf[i+2])<<40 | uint64(r.buf[i+3])<<32 |
			uint64(r.buf[i+4])<<24 | uint64(r.buf[i+5])<<16 | uint64(r.buf[i+6])<<8 | uint64(r.buf[i+7])
	} else {
		for k := range 8 {
			v <<= 8
			if i+k < len(r.buf) && i+k >= 0 {
				v |= uint64(r.buf[i+k])
			}
		}
	}
	return v << (r.pos & 7) >> (64 - n)
}

// skip advances n bits, reporting whether they were all there.
func (r *Reader) skip(n int) bool {
	r.pos += n
	return r.pos <= len(r.buf)*8
}

// Append appends the bits written to o.
func (w *Writer) Append(o *Writer) {
	for _, b := range o.buf {
		w.Write(uint64(b), 8)
	}
	if o.n > 0 {
		w.Write(o.acc, o.n)
	}
}

// Read reads the next n bits (n at most 32) as a number, most significant
// bit first.
func (r *Reader) Read(n int) (uint64, error) {
	if n == 0 {
		return 0, nil
	}
	v := r.peek(n)
	if !r.skip(n) {
		return 0, ErrShort
	}
	return v, nil
}

// Zeros reads zeros up to and including the next one, and returns how many
// there were.
func (r *Reader) Zeros() (int, error) {
	z := 0
	for {
		v := r.peek(32)
		if v != 0 {
			lead := bits.LeadingZeros32(uint32(v))
			if !r.skip(lead + 1) {
				return 0, ErrShort
			}
			return z + lead, nil
		}
		z += 32
		if !r.skip(32) {
			return 0, ErrShort
		}
	}
}

// Left returns the bits after the reader's position.
func (r *Reader) Left() int { return len(r.buf)*8 - r.pos }
