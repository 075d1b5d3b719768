package tablebase

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
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
//	count times: uvarint value, then for all but the first entry either
//	  uvarint 2*d (same prefix as the previous key, low part larger by d)
//	  or uvarint 1 followed by the whole key
//	8 bytes: xxhash64 of everything before, little-endian; in format
//	version 2 and later, of the first key and then everything before, so
//	that the checksum covers the bbolt key too
func encodeBlock(entries []Entry, keyed bool) []byte {
	buf := binary.AppendUvarint(nil, uint64(len(entries)))
	for i, e := range entries {
		buf = binary.AppendUvarint(buf, uint64(e.Value))
		if i == 0 {
			continue
		}
		prev := entries[i-1].Key
		n := len(e.Key) - 8
		if bytes.Equal(prev[:n], e.Key[:n]) {
			d := binary.BigEndian.Uint64(e.Key[n:]) - binary.BigEndian.Uint64(prev[n:])
			if d < 1<<62 {
				buf = binary.AppendUvarint(buf, 2*d)
				continue
			}
		}
		buf = binary.AppendUvarint(buf, 1)
		buf = append(buf, e.Key...)
	}
	if keyed {
		return sealKeyed(entries[0].Key, buf)
	}
	return seal(buf)
}

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

// decodeBlock reverses encodeBlock, given the block's first key.
func decodeBlock(first, data []byte, keyed bool) ([]Entry, error) {
	var key []byte
	if keyed {
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
			if code&1 == 0 {
				keys = append(keys, prev...)
				lo := binary.BigEndian.Uint64(prev[klen-8:]) + code/2
				binary.BigEndian.PutUint64(keys[start+klen-8:], lo)
			} else {
				keys = append(keys, make([]byte, klen)...)
				if _, err := r.Read(keys[start:]); err != nil {
					return nil, ErrCorrupt
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
