package tablebase

import (
	"sync/atomic"

	bolt "go.etcd.io/bbolt"
)

// mappedPage is a checked page of a compact level of a read-only file,
// where bbolt maps it.
type mappedPage struct {
	data []byte
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
	lv.mapped[check].Store(mp)
	return mp, nil
}

// keepValues keeps a decoded block in *p: kept[0] is the number of its
// values, which follow it (value reads them through a pointer to kept[0],
// one load from the block's place to its values). The values of all
// blocks kept are bounded by the file's cache budget: past it, every
// block kept is dropped.
func (f *File) keepValues(p *atomic.Pointer[uint32], vals []uint32) {
	size := int64(4*len(vals) + 32)
	if f.decoded.Add(size) > int64(f.cacheBytes) {
		f.mu.Lock()
		for i := range f.levels {
			if lv := f.levels[i].Load(); lv != nil {
				for j := range lv.values {
					lv.values[j].Store(nil)
				}
			}
		}
		f.mu.Unlock()
		f.decoded.Store(size)
	}
	p.Store(&vals[0])
}
