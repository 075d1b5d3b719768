package tablebase

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"slices"

	"github.com/cespare/xxhash/v2"
)

// Entry is one stored position: its key and its value (a games-table ID
// for the CGT games, a packed answer for others).
type Entry struct {
	Key   []byte
	Value uint32
}

// BlockSize is the number of entries packed into one block.
const BlockSize = 256

// ErrCorrupt reports a block whose checksum or structure is wrong.
var ErrCorrupt = errors.New("tablebase: corrupt block")

// Keys have a fixed length per file, at least 8 bytes; the last 8 are read
// as a big-endian number ("low part") and the rest as a prefix. A block
// holds up to BlockSize entries in increasing key order, encoded after its
// first key (which is the bbolt key) as:
//
//	uvarint count
//	count times: uvarint value, then for all but the first entry the
//	  shortest of
//	  uvarint 2*d (same prefix as the previous key, low part larger by d),
//	  uvarint 2*n+1 and n bytes (from format version 3, keys of at most
//	    32 bytes: the previous key with n bits flipped, each byte a bit's
//	    index, 0 the high bit of the first byte, in increasing order),
//	  or uvarint 1 followed by the whole key
//	8 bytes: xxhash64 of everything before, little-endian; in format
//	version 2 and later, of the first key and then everything before, so
//	that the checksum covers the bbolt key too
//
// Flipped bits suit keys that are sets of cells: positions a move apart
// differ in a few bits, however far apart they are as numbers.
func encodeBlock(entries []Entry, format int) []byte {
	buf := binary.AppendUvarint(nil, uint64(len(entries)))
	var flips []byte
	for i, e := range entries {
		buf = binary.AppendUvarint(buf, uint64(e.Value))
		if i == 0 {
			continue
		}
		prev := entries[i-1].Key
		best := 1 + len(e.Key) // the whole key
		var delta uint64
		n := len(e.Key) - 8
		if bytes.Equal(prev[:n], e.Key[:n]) {
			if d := binary.BigEndian.Uint64(e.Key[n:]) - binary.BigEndian.Uint64(prev[n:]); d < 1<<62 {
				delta = 2 * d
				best = uvarintLen(delta)
			}
		}
		flips = flips[:0]
		if format >= 3 && len(e.Key) <= 32 {
			flips = flipped(flips, prev, e.Key, best)
		}
		switch {
		case len(flips) > 0 && uvarintLen(uint64(2*len(flips)+1))+len(flips) < best:
			buf = binary.AppendUvarint(buf, uint64(2*len(flips)+1))
			buf = append(buf, flips...)
		case delta != 0:
			buf = binary.AppendUvarint(buf, delta)
		default:
			buf = binary.AppendUvarint(buf, 1)
			buf = append(buf, e.Key...)
		}
	}
	if format >= 2 {
		return sealKeyed(entries[0].Key, buf)
	}
	return seal(buf)
}

// flipped appends the indices of the bits in which a and b differ, or
// nothing when there are more than limit.
func flipped(dst, a, b []byte, limit int) []byte {
	for i := range a {
		for x := a[i] ^ b[i]; x != 0; x &= x - 1 {
			if len(dst) >= limit {
				return dst[:0]
			}
			dst = append(dst, byte(i*8+7-bits.Len8(x&-x)+1))
		}
	}
	// Bits of one byte come from its low bit up: put them in order.
	slices.Sort(dst)
	return dst
}

func uvarintLen(x uint64) int { return len(binary.AppendUvarint(nil, x)) }

// sealKeyed appends the xxhash64 of key and then buf, little-endian.
func sealKeyed(key, buf []byte) []byte {
	return binary.LittleEndian.AppendUint64(buf, keyedSum(key, buf))
}

// keyedSum is the xxhash64 of key followed by body.
func keyedSum(key, body []byte) uint64 {
	d := xxhash.New()
	d.Write(key)
	d.Write(body)
	return d.Sum64()
}

// seal appends the xxhash64 of buf, little-endian: every block ends so.
func seal(buf []byte) []byte {
	return binary.LittleEndian.AppendUint64(buf, xxhash.Sum64(buf))
}

// unseal checks a block's checksum (of key and then the block, when key
// is not nil) and reads its leading count, which must be between 1 and
// limit; it returns a reader positioned after the count.
func unseal(key, data []byte, limit int) (*bytes.Reader, int, error) {
	if len(data) < 9 {
		return nil, 0, ErrCorrupt
	}
	body := data[:len(data)-8]
	sum := xxhash.Sum64(body)
	if key != nil {
		sum = keyedSum(key, body)
	}
	if sum != binary.LittleEndian.Uint64(data[len(data)-8:]) {
		return nil, 0, ErrCorrupt
	}
	r := bytes.NewReader(body)
	count, err := binary.ReadUvarint(r)
	if err != nil || count == 0 || count > uint64(limit) {
		return nil, 0, ErrCorrupt
	}
	return r, int(count), nil
}

// decodeBlock reverses encodeBlock, given the block's first key and the
// file's format version.
func decodeBlock(first, data []byte, format int) ([]Entry, error) {
	var key []byte
	if format >= 2 {
		key = first
	}
	r, count, err := unseal(key, data, BlockSize)
	if err != nil {
		return nil, err
	}
	klen := len(first)
	keys := make([]byte, 0, count*klen)
	entries := make([]Entry, count)
	for i := range entries {
		v, err := binary.ReadUvarint(r)
		if err != nil || v > 1<<32-1 {
			return nil, ErrCorrupt
		}
		entries[i].Value = uint32(v)
		start := len(keys)
		if i == 0 {
			keys = append(keys, first...)
		} else {
			code, err := binary.ReadUvarint(r)
			if err != nil {
				return nil, ErrCorrupt
			}
			prev := keys[start-klen : start]
			switch {
			case code&1 == 0:
				keys = append(keys, prev...)
				lo := binary.BigEndian.Uint64(prev[klen-8:]) + code/2
				binary.BigEndian.PutUint64(keys[start+klen-8:], lo)
			case code == 1:
				keys = append(keys, make([]byte, klen)...)
				if _, err := r.Read(keys[start:]); err != nil {
					return nil, ErrCorrupt
				}
			default:
				if format < 3 || code/2 > uint64(klen*8) {
					return nil, ErrCorrupt
				}
				keys = append(keys, prev...)
				last := -1
				for range code / 2 {
					b, err := r.ReadByte()
					if err != nil || int(b) <= last || int(b) >= klen*8 {
						return nil, ErrCorrupt
					}
					keys[start+int(b)/8] ^= 0x80 >> (b % 8)
					last = int(b)
				}
			}
		}
		entries[i].Key = keys[start : start+klen : start+klen]
	}
	if r.Len() != 0 {
		return nil, ErrCorrupt
	}
	return entries, nil
}

// find returns the value of key in a decoded block.
func find(entries []Entry, key []byte) (uint32, bool) {
	i, ok := slices.BinarySearchFunc(entries, key, func(e Entry, k []byte) int { return bytes.Compare(e.Key, k) })
	if !ok {
		return 0, false
	}
	return entries[i].Value, true
}

func checkSorted(entries []Entry) error {
	for i := 1; i < len(entries); i++ {
		if bytes.Compare(entries[i-1].Key, entries[i].Key) >= 0 {
			return fmt.Errorf("tablebase: entries out of order at %x", entries[i].Key)
		}
	}
	return nil
}
