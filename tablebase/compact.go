package tablebase

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sync/atomic"

	"github.com/cespare/xxhash/v2"
	bolt "go.etcd.io/bbolt"

	"github.com/tablebase/tablebase/internal/huffman"
	"github.com/tablebase/tablebase/internal/mphf"
)

// A compact level stores no keys: for each part of the level, a minimal
// perfect hash function maps each key of the part to a slot, and the
// values, in slot order, are coded with the part's Huffman code. A level
// is sealed into this form once all its positions are stored in blocks,
// and its blocks are then deleted.
//
// A compact level answers every key of its level, as the slot of some
// other key when the key was never stored: a game seals only levels whose
// keys it looks up exactly when they were stored (every connected region
// of n cells, every unfinished position of n stones), and its Layout says
// how. The level of a key is its first byte.
//
// Bucket compact, keys [level][kind] then 4 bytes big-endian:
//
//	'r'           the level's record: seed, parts, pages (no number)
//	'h' part      a part's header: its hash function's shape, its code
//	'm' page      the bits of every part's hash function, in one stream
//	'v' page      the coded values of a run of whole blocks of slots
//
// Every page fits one bbolt page of 4,096 bytes with its key (a larger
// value would take two), and the parts share the pages, so that bbolt
// packs the file full.

// Layout describes how a game's sealed levels are laid out.
type Layout struct {
	// Name is recorded in the file: a reader gives the layout of the same
	// name.
	Name string
	// Part splits a level into parts coded apart (keys whose values are
	// alike, for a shorter code); nil keeps each level whole.
	Part func(key []byte) uint32
	// Omit gives the value of a key the game derives without the file;
	// those keys are left out of the compact level. Nil leaves none out.
	Omit func(key []byte) (uint32, bool)
}

var bucketCompact = []byte("compact")

// pageBytes is the most bytes of a page with its checksum: a bbolt page
// of 4,096 bytes, less its header (16), one element (16) and the key (6).
const pageBytes = 4096 - 16 - 16 - 6

// minPage is the fewest bytes a page takes in the file: its checksum, its
// key and bbolt's element header.
const minPage = 8 + 6 + 16

// blockBits is about the bits of values coded in one block: a lookup
// decodes half a block on average. A value page starts with each block's
// bit offset (2 bytes: a page has fewer than 2^16 bits).
const blockBits = 1024

// levelInfo is a decoded level record.
type levelInfo struct {
	level     byte
	format    int // the file's format version
	seed      uint64
	omitted   int64
	parts     []uint32  // sorted
	partTable partTable // finds a part's place in parts, in a file being read
	bitPages  uint32
	blocks    uint64   // value blocks of all parts
	firsts    []uint64 // the first block of each value page
	checked   []atomic.Uint64
	mapped    []atomic.Pointer[mappedPage] // in a read-only file, the pages read so far
	values    []atomic.Pointer[uint32]     // in a read-only file, each block decoded and kept (keepValues)
	headers   []atomic.Pointer[partHeader] // the parts' headers read so far, as parts
}

// partHeader is a decoded part header.
type partHeader struct {
	n         uint64
	split     *mphf.Split // from format version 5
	index     atomic.Pointer[splitIndex]
	words     uint64     // the Split function's words
	shape     mphf.Shape // up to version 4
	rankBase  uint64     // up to version 4: the set bits before the part
	bitBase   uint64     // the part's first bit in the level's stream
	blockBase uint64     // the part's first value block
	perBlock  uint64     // slots in a block
	code      *huffman.Code
}

func compactKey(level, kind byte, n uint32) []byte {
	return binary.BigEndian.AppendUint32([]byte{level, kind}, n)
}

func recordKey(level byte) []byte { return []byte{level, 'r'} }

// sealedPart collects one part's positions while sealing.
type sealedPart struct {
	hashes []uint64
	values []uint32
}

// Seal turns the stored positions of a level into a compact level, under
// layout l, and deletes their blocks. The values the layout omits must be
// those stored. Sealing a sealed level, or a level of a file begun in a
// format version before 3, does nothing. When ctx ends first, Seal
// returns its error (and the transaction rolls back).
func (t *Tx) Seal(ctx context.Context, level int, l Layout) error {
	if level < 0 || level > 255 {
		return fmt.Errorf("tablebase: level %d out of range", level)
	}
	if slices.Contains(t.m.Compact, level) || t.m.Format < 3 {
		return nil
	}
	if t.m.Layout != "" && t.m.Layout != l.Name {
		return fmt.Errorf("tablebase: the file's layout is %q, not %q", t.m.Layout, l.Name)
	}
	cb, err := t.tx.CreateBucketIfNotExists(bucketCompact)
	if err != nil {
		return err
	}
	cb.FillPercent = 1
	for seed := uint64(0); ; seed++ {
		parts, omitted, err := t.collect(ctx, byte(level), l, seed)
		if err != nil {
			return err
		}
		w := &levelWriter{ctx: ctx, b: cb, info: levelInfo{level: byte(level), format: t.m.Format, seed: seed, omitted: omitted}}
		err = w.write(parts)
		if errors.Is(err, mphf.ErrRepeat) {
			continue // two keys share a hash: hash them all again
		}
		if err != nil {
			return err
		}
		break
	}
	if err := t.deleteLevel(byte(level)); err != nil {
		return err
	}
	t.m.Compact = append(t.m.Compact, level)
	slices.Sort(t.m.Compact)
	t.m.Layout = l.Name
	for i := range t.f.levels {
		t.f.levels[i].Store(nil)
	}
	return nil
}

// collect reads a level's stored positions into parts.
func (t *Tx) collect(ctx context.Context, level byte, l Layout, seed uint64) (map[uint32]*sealedPart, int64, error) {
	parts := map[uint32]*sealedPart{}
	var omitted int64
	var d xxhash.Digest
	c := t.tx.Bucket(bucketPositions).Cursor()
	blocks := 0
	for k, v := c.Seek([]byte{level}); k != nil && k[0] == level; k, v = c.Next() {
		if blocks++; blocks%4096 == 0 && ctx.Err() != nil {
			return nil, 0, ctx.Err()
		}
		entries, err := decodeBlock(k, v, t.m.Format)
		if err != nil {
			return nil, 0, fmt.Errorf("block %x: %w", k, err)
		}
		for _, e := range entries {
			if l.Omit != nil {
				if v, ok := l.Omit(e.Key); ok {
					if v != e.Value {
						return nil, 0, fmt.Errorf("tablebase: layout %s derives %d for key %x, which stores %d", l.Name, v, e.Key, e.Value)
					}
					omitted++
					continue
				}
			}
			var part uint32
			if l.Part != nil {
				part = l.Part(e.Key)
			}
			p := parts[part]
			if p == nil {
				p = &sealedPart{}
				parts[part] = p
			}
			p.hashes = append(p.hashes, hashKey(&d, e.Key, seed))
			p.values = append(p.values, e.Value)
		}
	}
	return parts, omitted, nil
}

// deleteLevel deletes a level's blocks. It lists their keys first: a
// cursor that seeks the level's start again after each delete walks every
// leaf emptied so far, which is quadratic in the level's blocks.
func (t *Tx) deleteLevel(level byte) error {
	b := t.tx.Bucket(bucketPositions)
	var keys [][]byte
	c := b.Cursor()
	for k, _ := c.Seek([]byte{level}); k != nil && k[0] == level; k, _ = c.Next() {
		keys = append(keys, bytes.Clone(k))
	}
	for _, k := range keys {
		if err := b.Delete(k); err != nil {
			return err
		}
	}
	return nil
}

// levelWriter writes a level's pages: the bits of the parts' hash
// functions one after the other, and their value blocks, packed into
// pages as they come.
type levelWriter struct {
	ctx  context.Context // ends the writing between parts
	b    *bolt.Bucket
	info levelInfo

	bits     []uint64 // words not yet in a page
	words    uint64   // words written before bits
	rank     uint64   // set bits in every word added
	pageRank uint64   // set bits before bits

	offsets []byte // value blocks of the open page
	stream  huffman.Writer
}

// write builds every part, then the record.
func (w *levelWriter) write(parts map[uint32]*sealedPart) error {
	for id := range parts {
		w.info.parts = append(w.info.parts, id)
	}
	slices.Sort(w.info.parts)
	for _, id := range w.info.parts {
		if err := w.ctx.Err(); err != nil {
			return err
		}
		if err := w.part(id, parts[id]); err != nil {
			return err
		}
	}
	if err := w.flushBits(); err != nil {
		return err
	}
	if err := w.flushValues(); err != nil {
		return err
	}
	key := recordKey(w.info.level)
	return w.b.Put(key, sealKeyed(key, w.info.encode()))
}

// part builds one part's hash function and code, streams its bits and
// values, and stores its header.
func (w *levelWriter) part(id uint32, p *sealedPart) error {
	h := &partHeader{n: uint64(len(p.values)), bitBase: (w.words + uint64(len(w.bits))) * 64, rankBase: w.rank}
	words, values, err := w.hashPart(p, h)
	if err != nil {
		return err
	}
	freq := map[uint32]uint64{}
	for _, v := range values {
		freq[v]++
	}
	code, err := huffman.Build(freq)
	if err != nil {
		return err
	}
	var total uint64
	for s, n := range freq {
		total += n * uint64(code.Bits(s))
	}
	h.code, h.blockBase = code, w.info.blocks
	h.perBlock = pow2AtMost(blockBits / max(float64(total)/float64(len(values)), 1))
	for _, x := range words {
		if err := w.addWord(x); err != nil {
			return err
		}
	}
	for lo := uint64(0); lo < h.n; lo += h.perBlock {
		var one huffman.Writer
		for s := lo; s < min(lo+h.perBlock, h.n); s++ {
			if err := code.Encode(&one, values[s]); err != nil {
				return err
			}
		}
		if err := w.addBlock(&one); err != nil {
			return err
		}
	}
	key := compactKey(w.info.level, 'h', id)
	return w.b.Put(key, sealKeyed(key, h.encode(w.info.format)))
}

// addWord appends a word of hash function bits.
func (w *levelWriter) addWord(x uint64) error {
	w.bits = append(w.bits, x)
	w.rank += uint64(bits.OnesCount64(x))
	if len(w.bits) == bitPageWords(w.info.format) {
		return w.flushBits()
	}
	return nil
}

// flushBits stores the words pending as a page: up to format version 4
// the set bits before the page, then the words.
func (w *levelWriter) flushBits() error {
	if len(w.bits) == 0 {
		return nil
	}
	var buf []byte
	if w.info.format < splitVersion {
		buf = binary.LittleEndian.AppendUint64(buf, w.pageRank)
	}
	for _, x := range w.bits {
		buf = binary.LittleEndian.AppendUint64(buf, x)
	}
	w.pageRank = w.rank
	key := compactKey(w.info.level, 'm', w.info.bitPages)
	w.info.bitPages++
	w.words += uint64(len(w.bits))
	w.bits = w.bits[:0]
	return w.b.Put(key, sealKeyed(key, buf))
}

// addBlock appends a block of coded values, opening a page when the open
// one has no room left.
func (w *levelWriter) addBlock(one *huffman.Writer) error {
	if len(w.offsets) > 0 && len(w.offsets)+2+int(w.stream.Len()+one.Len()+7)/8+8 > pageBytes {
		if err := w.flushValues(); err != nil {
			return err
		}
	}
	if len(w.offsets) == 0 {
		w.info.firsts = append(w.info.firsts, w.info.blocks)
	}
	w.offsets = binary.LittleEndian.AppendUint16(w.offsets, uint16(w.stream.Len()))
	w.stream.Append(one)
	w.info.blocks++
	return nil
}

// flushValues stores the open value page: each block's bit offset, then
// the codes.
func (w *levelWriter) flushValues() error {
	if len(w.offsets) == 0 {
		return nil
	}
	key := compactKey(w.info.level, 'v', uint32(len(w.info.firsts)-1))
	err := w.b.Put(key, sealKeyed(key, append(w.offsets, w.stream.Bytes()...)))
	w.offsets, w.stream = nil, huffman.Writer{}
	return err
}

func pow2AtMost(x float64) uint64 {
	n := uint64(1)
	for float64(n*2) <= x && n < 1<<20 {
		n *= 2
	}
	return n
}

// encode writes the record (without its checksum).
func (l *levelInfo) encode() []byte {
	b := binary.AppendUvarint(nil, l.seed)
	b = binary.AppendUvarint(b, uint64(l.omitted))
	b = binary.AppendUvarint(b, uint64(len(l.parts)))
	prev := uint32(0)
	for _, p := range l.parts {
		b = binary.AppendUvarint(b, uint64(p-prev))
		prev = p
	}
	b = binary.AppendUvarint(b, uint64(l.bitPages))
	b = binary.AppendUvarint(b, l.blocks)
	b = binary.AppendUvarint(b, uint64(len(l.firsts)))
	last := uint64(0)
	for _, f := range l.firsts {
		b = binary.AppendUvarint(b, f-last)
		last = f
	}
	return b
}

// uvarints reads uvarints from a byte slice, each within a limit; the
// first failure sticks.
type uvarints struct {
	r   *bytes.Reader
	err error
}

func (u *uvarints) next(limit uint64) uint64 {
	if u.err != nil {
		return 0
	}
	x, err := binary.ReadUvarint(u.r)
	if err == nil && x > limit {
		err = fmt.Errorf("field %d over %d", x, limit)
	}
	u.err = err
	if err != nil {
		return 0
	}
	return x
}

// done reports the first failure, or bytes left over.
func (u *uvarints) done() error {
	if u.err == nil && u.r.Len() != 0 {
		u.err = fmt.Errorf("%d bytes left over", u.r.Len())
	}
	return u.err
}

// decodeLevel reads a level record.
func decodeLevel(level byte, format int, raw []byte) (*levelInfo, error) {
	u := &uvarints{r: bytes.NewReader(raw)}
	l := &levelInfo{level: level, format: format}
	l.seed = u.next(math.MaxUint64)
	l.omitted = int64(u.next(1 << 50))
	nparts := u.next(uint64(len(raw)))
	var part uint64
	for i := range nparts {
		d := u.next(math.MaxUint32)
		if i > 0 && d == 0 {
			return nil, fmt.Errorf("parts out of order")
		}
		part += d
		if part > math.MaxUint32 {
			return nil, fmt.Errorf("part %d out of range", part)
		}
		l.parts = append(l.parts, uint32(part))
	}
	l.bitPages = uint32(u.next(math.MaxUint32))
	l.blocks = u.next(1 << 40)
	npages := u.next(min(l.blocks, uint64(len(raw))))
	var first uint64
	for i := range npages {
		d := u.next(l.blocks)
		if (i == 0) != (d == 0) && u.err == nil || first+d >= l.blocks {
			return nil, fmt.Errorf("bad page directory")
		}
		first += d
		l.firsts = append(l.firsts, first)
	}
	if err := u.done(); err != nil {
		return nil, err
	}
	if l.blocks > 0 && len(l.firsts) == 0 {
		return nil, fmt.Errorf("%d blocks and no value pages", l.blocks)
	}
	l.checked = make([]atomic.Uint64, (uint64(l.bitPages)+npages+63)/64)
	l.headers = make([]atomic.Pointer[partHeader], len(l.parts))
	l.partTable = newPartTable(l.parts)
	return l, nil
}

// encode writes a part header (without its checksum).
func (h *partHeader) encode(format int) []byte {
	b := binary.AppendUvarint(nil, h.n)
	b = h.encodeHash(b, format)
	b = binary.AppendUvarint(b, h.blockBase)
	b = binary.AppendUvarint(b, h.perBlock)
	for l := 1; l <= huffman.MaxLen; l++ {
		b = binary.AppendUvarint(b, uint64(h.code.Counts[l]))
	}
	// Symbols of one length are in increasing order: store the gaps.
	i := 0
	for l := 1; l <= huffman.MaxLen; l++ {
		prev := uint32(0)
		for range h.code.Counts[l] {
			s := h.code.Symbols[i]
			b = binary.AppendUvarint(b, uint64(s-prev))
			prev = s
			i++
		}
	}
	return b
}

// decodePart reads a part header, checking what a lookup relies on
// against its level.
func decodePart(l *levelInfo, raw []byte) (*partHeader, error) {
	u := &uvarints{r: bytes.NewReader(raw)}
	h := &partHeader{}
	h.n = u.next(1 << 40)
	if err := h.decodeHash(u, l); err != nil {
		return nil, err
	}
	h.blockBase = u.next(l.blocks)
	h.perBlock = u.next(1 << 20)
	var counts [huffman.MaxLen + 1]int
	var symbols uint64
	for n := 1; n <= huffman.MaxLen; n++ {
		c := u.next(h.n)
		counts[n] = int(c)
		symbols += c
	}
	if u.err != nil {
		return nil, u.err
	}
	if symbols > h.n || symbols == 0 || h.perBlock == 0 || h.blockBase+(h.n+h.perBlock-1)/h.perBlock > l.blocks {
		return nil, fmt.Errorf("a part of %d positions that does not fit its level", h.n)
	}
	syms := make([]uint32, 0, symbols)
	for n := 1; n <= huffman.MaxLen; n++ {
		var s uint64
		for k := range counts[n] {
			d := u.next(math.MaxUint32)
			if k > 0 && d == 0 {
				return nil, fmt.Errorf("symbols out of order")
			}
			s += d
			if s > math.MaxUint32 {
				return nil, fmt.Errorf("symbol %d out of range", s)
			}
			syms = append(syms, uint32(s))
		}
	}
	if err := u.done(); err != nil {
		return nil, err
	}
	var err error
	h.code, err = huffman.New(syms, counts)
	return h, err
}
