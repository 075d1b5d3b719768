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

// BlockSize is the number of entries in a block up to format version 3.
const BlockSize = 256

// maxBlockEntries bounds a block's count from format version 4, where
// blocks are cut by size (blockBytes): every entry but the first takes at
// least 2 bytes, so a block holds fewer.
const maxBlockEntries = 4096

// blockBytes is the most bytes of a block, checksum included, from format
// version 4, for keys of keyLen bytes: a bbolt page of 4,096 bytes less
// its header (16), one element (16) and the key, so that each block fills
// one page and bbolt packs the pages full.
func blockBytes(keyLen int) int { return 4096 - 16 - 16 - keyLen }

// blockLimit is the most entries a block of the format holds.
func blockLimit(format int) int {
	if format >= 4 {
		return maxBlockEntries
	}
	return BlockSize
}

// ErrCorrupt reports a block whose checksum or structure is wrong.
var ErrCorrupt = errors.New("tablebase: corrupt block")

// nextBlock encodes the block that starts entries and returns it with the
// number of entries it holds.
//
// Keys have a fixed length per file, at least 8 bytes; the last 8 are read
// as a big-endian number ("low part") and the rest as a prefix. A block
// holds entries in increasing key order (BlockSize of them up to format
// version 3; from version 4 as many as fit in blockBytes), encoded after
// its first key (which is the bbolt key) as:
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
func nextBlock(entries []Entry, format int) ([]byte, int) {
	limit, size := min(len(entries), blockLimit(format)), 0
	if format >= 4 {
		size = blockBytes(len(entries[0].Key))
	}
	var body, flips []byte
	n := 0
	for ; n < limit; n++ {
		mark := len(body)
		body = appendEntry(body, entries, n, format, &flips)
		if size > 0 && n > 0 && uvarintLen(uint64(n+1))+len(body)+8 > size {
			body = body[:mark]
			break
		}
	}
	buf := binary.AppendUvarint(make([]byte, 0, len(body)+16), uint64(n))
	buf = append(buf, body...)
	if format >= 2 {
		return sealKeyed(entries[0].Key, buf), n
	}
	return seal(buf), n
}

// appendEntry appends entry i of a block: its value and, after the first,
// its key as coded from the one before. flips is scratch space.
func appendEntry(buf []byte, entries []Entry, i, format int, flips *[]byte) []byte {
	e := entries[i]
	buf = binary.AppendUvarint(buf, uint64(e.Value))
	if i == 0 {
		return buf
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
	f := (*flips)[:0]
	if format >= 3 && len(e.Key) <= 32 {
		f = flipped(f, prev, e.Key, best)
	}
	*flips = f
	switch {
	case len(f) > 0 && uvarintLen(uint64(2*len(f)+1))+len(f) < best:
		buf = binary.AppendUvarint(buf, uint64(2*len(f)+1))
		return append(buf, f...)
	case delta != 0:
		return binary.AppendUvarint(buf, delta)
	default:
		buf = binary.AppendUvarint(buf, 1)
		return append(buf, e.Key...)
	}
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
// limit; it returns the bytes after the count.
func unseal(key, data []byte, limit int) ([]byte, int, error) {
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
	count, n := binary.Uvarint(body)
	if n <= 0 || count == 0 || count > uint64(limit) {
		return nil, 0, ErrCorrupt
	}
	return body[n:], int(count), nil
}

// decoded is a decoded position block: its keys one after the other, klen
// bytes each, and their values. It holds no pointer per entry, so that a
// cache of many blocks costs the garbage collector nothing to scan.
type decoded struct {
	keys   []byte
	values []uint32
	klen   int
}

// size is the memory of the keys and values, as the block cache counts it.
func (d decoded) size() int { return len(d.keys) + 4*len(d.values) }

// key returns the i-th key.
func (d decoded) key(i int) []byte { return d.keys[i*d.klen : (i+1)*d.klen : (i+1)*d.klen] }

// find returns the value of key.
func (d decoded) find(key []byte) (uint32, bool) {
	lo, hi := 0, len(d.values)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if bytes.Compare(d.key(m), key) < 0 {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(d.values) && bytes.Equal(d.key(lo), key) {
		return d.values[lo], true
	}
	return 0, false
}

// entries returns the block's entries, their keys sharing d's memory.
func (d decoded) entries() []Entry {
	out := make([]Entry, len(d.values))
	for i := range out {
		out[i] = Entry{Key: d.key(i), Value: d.values[i]}
	}
	return out
}

// decodeBlock reverses nextBlock, given the block's first key and the
// file's format version.
func decodeBlock(first, data []byte, format int) ([]Entry, error) {
	d, err := decodeBlockKeys(first, data, format)
	if err != nil {
		return nil, err
	}
	return d.entries(), nil
}

// decodeBlockKeys decodes a block, checking its checksum, its count, every
// value and code, and that no bytes are left over.
func decodeBlockKeys(first, data []byte, format int) (decoded, error) {
	var key []byte
	if format >= 2 {
		key = first
	}
	r, count, err := unseal(key, data, blockLimit(format))
	if err != nil {
		return decoded{}, err
	}
	klen := len(first)
	d := decoded{keys: make([]byte, count*klen), values: make([]uint32, count), klen: klen}
	next := func() (uint64, bool) {
		v, n := binary.Uvarint(r)
		if n <= 0 {
			return 0, false
		}
		r = r[n:]
		return v, true
	}
	for i := range count {
		v, ok := next()
		if !ok || v > 1<<32-1 {
			return decoded{}, ErrCorrupt
		}
		d.values[i] = uint32(v)
		k := d.keys[i*klen : (i+1)*klen]
		if i == 0 {
			copy(k, first)
			continue
		}
		code, ok := next()
		if !ok {
			return decoded{}, ErrCorrupt
		}
		prev := d.keys[(i-1)*klen : i*klen]
		switch {
		case code&1 == 0:
			copy(k, prev)
			lo := binary.BigEndian.Uint64(prev[klen-8:]) + code/2
			binary.BigEndian.PutUint64(k[klen-8:], lo)
		case code == 1:
			if len(r) < klen {
				return decoded{}, ErrCorrupt
			}
			copy(k, r)
			r = r[klen:]
		default:
			n := code / 2
			if format < 3 || n > uint64(klen*8) || n > uint64(len(r)) {
				return decoded{}, ErrCorrupt
			}
			copy(k, prev)
			last := -1
			for _, b := range r[:n] {
				if int(b) <= last || int(b) >= klen*8 {
					return decoded{}, ErrCorrupt
				}
				k[b/8] ^= 0x80 >> (b % 8)
				last = int(b)
			}
			r = r[n:]
		}
	}
	if len(r) != 0 {
		return decoded{}, ErrCorrupt
	}
	return d, nil
}

func checkSorted(entries []Entry) error {
	for i := 1; i < len(entries); i++ {
		if bytes.Compare(entries[i-1].Key, entries[i].Key) >= 0 {
			return fmt.Errorf("tablebase: entries out of order at %x", entries[i].Key)
		}
	}
	return nil
}
