package tablebase

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"sync/atomic"
	"unsafe"

	"github.com/cespare/xxhash/v2"
	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"

	"github.com/tablebase/tablebase/internal/huffman"
)

// UseLayout gives the file the layout its compact levels were sealed
// with; lookups into compact levels need it. A layout of another name is
// refused.
func (f *File) UseLayout(l Layout) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.meta.Layout != "" && f.meta.Layout != l.Name {
		return fmt.Errorf("%s is laid out as %q, not %q", f.path, f.meta.Layout, l.Name)
	}
	f.layout.Store(&l)
	return nil
}

// Layout returns the layout given by UseLayout, or nil.
func (f *File) Layout() *Layout { return f.layout.Load() }

// sealed reports whether key's level is compact, and the layout to read
// it with.
func (f *File) sealed(key []byte) (*Layout, bool, error) {
	if len(key) == 0 || f.sealedLevels[key[0]/64].Load()&(1<<(key[0]%64)) == 0 {
		return nil, false, nil
	}
	l := f.layout.Load()
	if l == nil {
		return nil, true, fmt.Errorf("%s: level %d is compact, laid out as %q, and the reader gave no layout", f.path, key[0], f.Meta().Layout)
	}
	return l, true, nil
}

// compactLookup answers a key of a compact level. A read-only file reads
// its pages where bbolt maps them, without a transaction a lookup: bbolt
// maps the file again only in a write transaction, which a read-only
// handle cannot begin, and no other process can write the file while this
// one holds its shared lock; Close waits for the lookups under way. The
// pages are checked the first time they are read, and a fault while
// reading them (a file cut short by a program that ignores the lock) is
// ErrDamaged.
func (f *File) compactLookup(l *Layout, key []byte) (v uint32, found bool, err error) {
	if !f.db.IsReadOnly() {
		err = f.view(func(tx *bolt.Tx) error {
			cb := tx.Bucket(bucketCompact)
			if cb == nil {
				return damaged(f.path, "level %d is compact, and there is no compact bucket", key[0])
			}
			var err error
			v, found, err = f.lookupIn(cb, l, key)
			return err
		})
		return v, found, err
	}
	f.reading.RLock()
	defer f.reading.RUnlock()
	if f.closed {
		return 0, false, bolterrors.ErrDatabaseNotOpen
	}
	err = safely(f.path, func() error {
		var err error
		v, found, err = f.lookupIn(nil, l, key)
		return err
	})
	return v, found, err
}

// lookupIn answers a key of a compact level from cb, or from the pages
// of a read-only file when cb is nil.
func (f *File) lookupIn(cb *bolt.Bucket, l *Layout, key []byte) (uint32, bool, error) {
	if l.Omit != nil {
		if v, ok := l.Omit(key); ok {
			return v, true, nil
		}
	}
	var part uint32
	if l.Part != nil {
		part = l.Part(key)
	}
	lv, err := f.level(cb, key[0])
	if err != nil {
		return 0, false, err
	}
	h, err := f.part(cb, lv, part)
	if h == nil || err != nil {
		return 0, false, err
	}
	var d xxhash.Digest
	slot, ok, err := f.slot(cb, lv, h, hashKey(&d, key, lv.seed))
	if err != nil || !ok {
		return 0, false, err
	}
	if slot >= h.n {
		return 0, false, damaged(f.path, "level %d part %d: slot %d of %d", lv.level, part, slot, h.n)
	}
	v, err := f.value(cb, lv, h, slot)
	if errors.Is(err, ErrDamaged) { // a page's own error names the file
		return 0, false, err
	}
	if err != nil {
		return 0, false, damaged(f.path, "level %d part %d: %v", lv.level, part, err)
	}
	return v, true, nil
}

// inBucket runs fn with the bucket compact: cb, or when cb is nil that
// of a read transaction of its own, whose values stay valid after it in a
// read-only file.
func (f *File) inBucket(cb *bolt.Bucket, fn func(cb *bolt.Bucket) error) error {
	if cb != nil {
		return fn(cb)
	}
	return f.db.View(func(tx *bolt.Tx) error {
		cb := tx.Bucket(bucketCompact)
		if cb == nil {
			return damaged(f.path, "compact levels, and there is no compact bucket")
		}
		return fn(cb)
	})
}

// value decodes the value in a part's slot. With cb nil (a read-only
// file) the block's values are decoded whole and kept (keepValues).
func (f *File) value(cb *bolt.Bucket, lv *levelInfo, h *partHeader, slot uint64) (uint32, error) {
	block, j := h.blockBase+slot/h.perBlock, slot%h.perBlock
	// The block's values, each coded in a bit at least.
	n := min(h.perBlock, h.n-(block-h.blockBase)*h.perBlock)
	if cb == nil && block < uint64(len(lv.values)) {
		if kept := lv.values[block].Load(); kept != nil && j < uint64(*kept) {
			return unsafe.Slice(kept, *kept+1)[1+j], nil
		}
	}
	page, _ := slices.BinarySearch(lv.firsts, block+1) // the page after block's
	page--
	if page < 0 {
		return 0, fmt.Errorf("block %d is in no page", block)
	}
	check := lv.bitPages + uint32(page)
	var mp *mappedPage
	var data []byte
	var err error
	if cb == nil {
		if mp, err = f.mapped(lv, 'v', uint32(page), check); err == nil {
			data = mp.data
		}
	} else {
		data, err = f.page(cb, lv, 'v', uint32(page), check)
	}
	if err != nil {
		return 0, err
	}
	last := lv.blocks
	if page+1 < len(lv.firsts) {
		last = lv.firsts[page+1]
	}
	blocks, i := last-lv.firsts[page], block-lv.firsts[page]
	if uint64(len(data)) < 2*blocks {
		return 0, fmt.Errorf("value page %d is short", page)
	}
	off := uint64(binary.LittleEndian.Uint16(data[2*i:]))
	stream := data[2*blocks:]
	if off > uint64(len(stream))*8 {
		return 0, fmt.Errorf("value page %d: bad offset", page)
	}
	r := huffman.NewReader(stream, int(off))
	if mp == nil {
		if err := h.code.Skip(r, int(j)); err != nil {
			return 0, fmt.Errorf("value page %d: %w", page, err)
		}
		return h.code.Decode(r)
	}
	if n > uint64(len(stream))*8-off {
		return 0, fmt.Errorf("value page %d: block %d overruns it", page, i)
	}
	kept := make([]uint32, 1+n)
	kept[0] = uint32(n)
	vals := kept[1:]
	if err := h.code.DecodeAll(r, vals); err != nil {
		return 0, fmt.Errorf("value page %d: %w", page, err)
	}
	if block < uint64(len(lv.values)) {
		f.keepValues(&lv.values[block], kept)
	}
	return vals[j], nil
}

// level returns a compact level's record, through the cache.
func (f *File) level(cb *bolt.Bucket, level byte) (*levelInfo, error) {
	if lv := f.levels[level].Load(); lv != nil {
		return lv, nil
	}
	format := f.Meta().Format
	var lv *levelInfo
	err := f.inBucket(cb, func(cb *bolt.Bucket) error {
		key := recordKey(level)
		body, err := unsealKeyed(key, cb.Get(key))
		if err == nil {
			lv, err = decodeLevel(level, format, body)
		}
		if err != nil {
			return damaged(f.path, "level %d record: %v", level, err)
		}
		// Each page is a value of at least minPage bytes in the file, and
		// a value page holds 2 bytes for each of its blocks.
		pages := uint64(lv.bitPages) + uint64(len(lv.firsts))
		if size := uint64(cb.Tx().Size()); pages > size/minPage || lv.blocks > size/2 {
			return damaged(f.path, "level %d record: %d pages, %d blocks", level, pages, lv.blocks)
		}
		if f.db.IsReadOnly() {
			lv.mapped = make([]atomic.Pointer[mappedPage], pages)
			lv.values = make([]atomic.Pointer[uint32], lv.blocks)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if !f.levels[level].CompareAndSwap(nil, lv) {
		lv = f.levels[level].Load()
	}
	return lv, nil
}

// part returns a part's header, through the level's cache; nil if the
// level has no such part.
func (f *File) part(cb *bolt.Bucket, lv *levelInfo, part uint32) (*partHeader, error) {
	i, ok := lv.partTable.find(part)
	if !ok {
		return nil, nil
	}
	if h := lv.headers[i].Load(); h != nil {
		return h, nil
	}
	var h *partHeader
	err := f.inBucket(cb, func(cb *bolt.Bucket) error {
		key := compactKey(lv.level, 'h', part)
		body, err := unsealKeyed(key, cb.Get(key))
		if err == nil {
			h, err = decodePart(lv, body)
		}
		if err != nil {
			return damaged(f.path, "level %d part %d header: %v", lv.level, part, err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if !lv.headers[i].CompareAndSwap(nil, h) {
		h = lv.headers[i].Load()
	}
	return h, nil
}

// page returns a checked page of a level: its checksum is verified the
// first time it is read (check is its number among the level's pages).
func (f *File) page(cb *bolt.Bucket, lv *levelInfo, kind byte, page, check uint32) ([]byte, error) {
	if cb == nil {
		mp, err := f.mapped(lv, kind, page, check)
		if err != nil {
			return nil, err
		}
		return mp.data, nil
	}
	key := compactKey(lv.level, kind, page)
	raw := cb.Get(key)
	if len(raw) < 8 {
		return nil, damaged(f.path, "level %d: %c page %d is missing", lv.level, kind, page)
	}
	word, bit := &lv.checked[check/64], uint64(1)<<(check%64)
	if word.Load()&bit == 0 {
		if _, err := unsealKeyed(key, raw); err != nil {
			return nil, damaged(f.path, "level %d: %c page %d: %v", lv.level, kind, page, err)
		}
		word.Or(bit)
	}
	return raw[:len(raw)-8], nil
}

// unsealKeyed checks the checksum of a value sealed with sealKeyed and
// returns the value without it.
func unsealKeyed(key, raw []byte) ([]byte, error) {
	if len(raw) < 8 {
		return nil, ErrCorrupt
	}
	body := raw[:len(raw)-8]
	if keyedSum(key, body) != binary.LittleEndian.Uint64(raw[len(raw)-8:]) {
		return nil, fmt.Errorf("%w: checksum mismatch", ErrCorrupt)
	}
	return body, nil
}
