package tablebase

import (
	"sync/atomic"

	bolt "go.etcd.io/bbolt"
)

// mappedPage is a checked page of a compact level of a read-only file,
// where bbolt maps it; a value page keeps beside it the values of the
// blocks decoded so far.
type mappedPage struct {
	data   []byte
	values []atomic.Pointer[[]uint32] // a value page's blocks, nil until decoded
}

// mapped returns a page of a level of a read-only file, read through a
// transaction of its own the first time (check is its number among the
// level's pages).
func (f *File) mapped(lv *levelInfo, kind byte, page, check uint32) (*mappedPage, error) {
	if mp := lv.mapped[check].Load(); mp != nil {
		return mp, nil
	}
	mp := &mappedPage{}
	err := f.inBucket(nil, func(cb *bolt.Bucket) error {
		var err error
		mp.data, err = f.page(cb, lv, kind, page, check)
		return err
	})
	if err != nil {
		return nil, err
	}
	if kind == 'v' {
		last := lv.blocks
		if int(page)+1 < len(lv.firsts) {
			last = lv.firsts[page+1]
		}
		// A page holds 2 bytes for each of its blocks (value checks it).
		mp.values = make([]atomic.Pointer[[]uint32], min(last-lv.firsts[page], uint64(len(mp.data))/2))
	}
	lv.mapped[check].Store(mp)
	return mp, nil
}

// keepValues keeps a decoded block's values in *p. The values of all
// blocks kept are bounded by the file's cache budget: past it, every
// block kept is dropped.
func (f *File) keepValues(p *atomic.Pointer[[]uint32], vals []uint32) {
	size := int64(4*len(vals) + 32)
	if f.decoded.Add(size) > int64(f.cacheBytes) {
		f.mu.Lock()
		for _, lv := range f.levels {
			for i := range lv.mapped {
				if mp := lv.mapped[i].Load(); mp != nil {
					for j := range mp.values {
						mp.values[j].Store(nil)
					}
				}
			}
		}
		f.mu.Unlock()
		f.decoded.Store(size)
	}
	p.Store(&vals)
}
