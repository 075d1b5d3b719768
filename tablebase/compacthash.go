package tablebase

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	bolt "go.etcd.io/bbolt"

	"github.com/tablebase/tablebase/internal/mphf"
)

// A compact level's hash functions: from format version 5 each part has a
// Split function (mphf.BuildSplit, under 1.9 bits a key); versions 3 and 4
// have a cascade (mphf.Build, e bits a key), whose pages also carry the
// set bits before them. A build resumed in a file writes the file's
// version.

// splitVersion is the first format version with Split functions.
const splitVersion = 5

// splitPageWords is the size of a page of hash function bits from
// format version 5, in 64-bit words.
const splitPageWords = (pageBytes - 8) / 8

// bitPageWords is the size of a page of hash function bits, in 64-bit
// words: with the checksum (and up to version 4 the set bits before the
// page) the words fill a page.
func bitPageWords(format int) int {
	if format >= splitVersion {
		return splitPageWords
	}
	return (pageBytes - 16) / 8
}

// hashPart builds a part's hash function and returns its bits and the
// part's values in slot order; it sets the function in h.
func (w *levelWriter) hashPart(p *sealedPart, h *partHeader) ([]uint64, []uint32, error) {
	values := make([]uint32, len(p.values))
	if w.info.format < splitVersion {
		shape, words, err := mphf.Build(slices.Clone(p.hashes))
		if err != nil {
			return nil, nil, err
		}
		index := mphf.NewMemory(words)
		for i, hash := range p.hashes {
			slot, ok, err := shape.Slot(hash, index)
			if err != nil || !ok {
				return nil, nil, fmt.Errorf("tablebase: hash function lost a key (%v)", err)
			}
			values[slot] = p.values[i]
		}
		h.shape = shape
		return words, values, nil
	}
	split, words, err := mphf.BuildSplit(slices.Clone(p.hashes))
	if err != nil {
		return nil, nil, err
	}
	// Place the values on all cores, checking that each slot is taken once.
	workers := runtime.GOMAXPROCS(0)
	errs := make([]error, workers)
	taken := make([]atomic.Uint64, (len(values)+63)/64)
	var wg sync.WaitGroup
	for k := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			lo, hi := len(p.hashes)*k/workers, len(p.hashes)*(k+1)/workers
			for i := lo; i < hi; i++ {
				slot, err := split.Slot(p.hashes[i], mphf.Words(words))
				if err != nil {
					errs[k] = fmt.Errorf("tablebase: hash function lost a key (%v)", err)
					return
				}
				if bit := uint64(1) << (slot % 64); taken[slot/64].Or(bit)&bit != 0 {
					errs[k] = fmt.Errorf("tablebase: hash function gave two keys slot %d", slot)
					return
				}
				values[slot] = p.values[i]
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, nil, err
	}
	h.split, h.words = split, uint64(len(words))
	return words, values, nil
}

// encodeHash appends a part header's hash function fields.
func (h *partHeader) encodeHash(b []byte, format int) []byte {
	if format < splitVersion {
		b = binary.AppendUvarint(b, uint64(len(h.shape.Sizes)))
		for _, s := range h.shape.Sizes {
			b = binary.AppendUvarint(b, s/64)
		}
		b = binary.AppendUvarint(b, uint64(len(h.shape.Leftovers)))
		for _, x := range h.shape.Leftovers {
			b = binary.LittleEndian.AppendUint64(b, x)
		}
		b = binary.AppendUvarint(b, h.bitBase/64)
		return binary.AppendUvarint(b, h.rankBase)
	}
	s := h.split
	b = binary.AppendUvarint(b, s.Buckets)
	b = append(b, s.OffsetBits, s.SizeBits)
	// The Rice parameters grow with the node size: store runs.
	var runs [][2]int
	for i, k := range s.Params {
		if i == 0 || k != s.Params[i-1] {
			runs = append(runs, [2]int{int(k), 0})
		}
		runs[len(runs)-1][1]++
	}
	b = binary.AppendUvarint(b, uint64(len(runs)))
	for _, r := range runs {
		b = append(b, byte(r[0]))
		b = binary.AppendUvarint(b, uint64(r[1]))
	}
	b = binary.AppendUvarint(b, h.words)
	return binary.AppendUvarint(b, h.bitBase/64)
}

// decodeHash reads a part header's hash function fields (after n), and
// checks that its bits lie in the level's stream.
func (h *partHeader) decodeHash(u *uvarints, l *levelInfo) error {
	streamBits := uint64(l.bitPages) * uint64(bitPageWords(l.format)) * 64
	if l.format < splitVersion {
		arrays := u.next(64)
		var bitsTotal uint64
		for range arrays {
			s := u.next(1<<36) * 64
			h.shape.Sizes = append(h.shape.Sizes, s)
			bitsTotal += s
		}
		leftovers := u.next(min(h.n, 1<<16))
		for range leftovers {
			var x [8]byte
			if _, err := u.r.Read(x[:]); err != nil {
				return err
			}
			h.shape.Leftovers = append(h.shape.Leftovers, binary.LittleEndian.Uint64(x[:]))
		}
		h.bitBase = u.next(streamBits/64) * 64
		h.rankBase = u.next(streamBits)
		h.shape.Placed = h.n - leftovers
		if u.err == nil && (!slices.IsSorted(h.shape.Leftovers) || h.bitBase+bitsTotal > streamBits) {
			return fmt.Errorf("a hash function that does not fit its level")
		}
		return u.err
	}
	buckets := u.next(h.n)
	var widths [2]byte
	if _, err := u.r.Read(widths[:]); err != nil {
		return err
	}
	var params []uint8
	for range u.next(256) {
		k, err := u.r.ReadByte()
		if err != nil {
			return err
		}
		for range u.next(1 << 16) {
			params = append(params, k)
		}
	}
	h.words = u.next(streamBits / 64)
	h.bitBase = u.next(streamBits/64) * 64
	if u.err != nil {
		return u.err
	}
	if h.bitBase+h.words*64 > streamBits {
		return fmt.Errorf("a hash function that does not fit its level")
	}
	if h.n > h.words*64 { // a Split function takes more than a bit a key
		return fmt.Errorf("a hash function of %d words for %d keys", h.words, h.n)
	}
	var err error
	h.split, err = mphf.NewSplit(h.n, buckets, widths[0], widths[1], params)
	return err
}

// slot returns the slot of a key's hash in its part, and whether the key
// can be in the part.
func (f *File) slot(cb *bolt.Bucket, lv *levelInfo, h *partHeader, hash uint64) (uint64, bool, error) {
	if lv.format < splitVersion {
		return h.shape.Slot(hash, partBits{f, cb, lv, h})
	}
	ix := h.index.Load()
	if ix == nil {
		var err error
		if ix, err = f.readIndex(cb, lv, h); err != nil {
			return 0, false, err
		}
		h.index.Store(ix)
	}
	st := ix.stream
	if ix.words == nil {
		st = &partStream{f: f, cb: cb, lv: lv, h: h}
	}
	var slot uint64
	var err error
	if ix.x != nil {
		slot, err = ix.x.Slot(hash, st)
	} else {
		slot, err = h.split.Slot(hash, st)
	}
	if errors.Is(err, mphf.ErrDamaged) {
		err = damaged(f.path, "level %d: %v", lv.level, err)
	}
	return slot, err == nil, err
}

// splitIndex is what a part's lookups keep of its Split function once
// read: its mphf.Index (nil when the part is too large for one), and in
// a read-only file its words, copied out of the pages.
type splitIndex struct {
	x      *mphf.Index // &index, or nil
	words  mphf.Words
	stream mphf.Stream // words as a Stream, made once: a lookup that made it would allocate
	index  mphf.Index  // x's copy beside the words, a read fewer for a lookup
}

// readIndex reads a part's Split function into a splitIndex.
func (f *File) readIndex(cb *bolt.Bucket, lv *levelInfo, h *partHeader) (*splitIndex, error) {
	st := &partStream{f: f, cb: cb, lv: lv, h: h}
	x, err := h.split.Index(st)
	if err == nil && cb == nil {
		if h.words > uint64(lv.bitPages)*splitPageWords {
			return nil, damaged(f.path, "level %d: a part of %d words in %d pages", lv.level, h.words, lv.bitPages)
		}
		ix := &splitIndex{words: make(mphf.Words, h.words)}
		if x != nil {
			ix.index = *x
			ix.x = &ix.index
		}
		for i := range ix.words {
			if ix.words[i], err = st.Bits(64 * uint64(i)); err != nil {
				break
			}
		}
		if err == nil {
			ix.stream = ix.words
			return ix, nil
		}
	}
	if errors.Is(err, mphf.ErrDamaged) {
		err = damaged(f.path, "level %d: %v", lv.level, err)
	}
	if err != nil {
		return nil, err
	}
	return &splitIndex{x: x}, nil
}

// partBits reads a part's cascade bits from its level's pages.
type partBits struct {
	f  *File
	cb *bolt.Bucket
	lv *levelInfo
	h  *partHeader
}

// Get implements mphf.Bits: bit i of the part, and the part's set bits
// before it.
func (p partBits) Get(i uint64) (bool, uint64, error) {
	bitsPerPage := uint64(bitPageWords(p.lv.format)) * 64
	i += p.h.bitBase
	page := i / bitsPerPage
	if page >= uint64(p.lv.bitPages) {
		return false, 0, damaged(p.f.path, "level %d: bit %d is past the last page", p.lv.level, i)
	}
	data, err := p.f.page(p.cb, p.lv, 'm', uint32(page), uint32(page))
	if err != nil {
		return false, 0, err
	}
	w := (i % bitsPerPage) / 64
	if uint64(len(data)) < 8*(w+2) {
		return false, 0, damaged(p.f.path, "level %d: bit page %d is short", p.lv.level, page)
	}
	rank := binary.LittleEndian.Uint64(data)
	for j := range w {
		rank += uint64(bits.OnesCount64(binary.LittleEndian.Uint64(data[8+8*j:])))
	}
	word := binary.LittleEndian.Uint64(data[8+8*w:])
	bit := uint64(1) << (i % 64)
	rank += uint64(bits.OnesCount64(word & (bit - 1)))
	if rank < p.h.rankBase {
		return false, 0, damaged(p.f.path, "level %d: bit page %d ranks before its part", p.lv.level, page)
	}
	return word&bit != 0, rank - p.h.rankBase, nil
}

// partStream reads a part's Split function from its level's pages,
// keeping the page it read last.
type partStream struct {
	f    *File
	cb   *bolt.Bucket
	lv   *levelInfo
	h    *partHeader
	page uint64
	data []byte // nil before the first page
}

// word returns word j of the level's stream; words past the end of the
// last page read as 0.
func (p *partStream) word(j uint64) (uint64, error) {
	const per = splitPageWords
	page := j / per
	if page >= uint64(p.lv.bitPages) {
		return 0, nil
	}
	if p.data == nil || page != p.page {
		data, err := p.f.page(p.cb, p.lv, 'm', uint32(page), uint32(page))
		if err != nil {
			return 0, err
		}
		p.page, p.data = page, data
	}
	i := j % per
	if uint64(len(p.data)) < 8*(i+1) {
		if page+1 == uint64(p.lv.bitPages) {
			return 0, nil
		}
		return 0, damaged(p.f.path, "level %d: bit page %d is short", p.lv.level, page)
	}
	return binary.LittleEndian.Uint64(p.data[8*i:]), nil
}

// Bits implements mphf.Stream: the 64 bits from bit i of the part on.
func (p *partStream) Bits(i uint64) (uint64, error) {
	i += p.h.bitBase
	lo, err := p.word(i / 64)
	if err != nil || i%64 == 0 {
		return lo, err
	}
	hi, err := p.word(i/64 + 1)
	return lo>>(i%64) | hi<<(64-i%64), err
}
