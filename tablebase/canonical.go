package tablebase

import (
	"fmt"
	"os"

	bolt "go.etcd.io/bbolt"
)

// canonicalPageSize is the canonical form's bbolt page size, whatever
// the machine's.
const canonicalPageSize = 4096

// canonicalTxBytes is the most bytes of keys and values one transaction
// of the canonical copy writes (tests make it small).
var canonicalTxBytes = 64 << 20

// Canonicalize rewrites the file at path in its canonical form, through a
// copy renamed over it, and returns its new size. The copy is a fresh
// bbolt file of 4,096-byte pages without a stored freelist, written by a
// fixed sequence of transactions: the buckets in name order, each in
// transactions of its own holding its keys in order, at most 64 MB of
// keys and values a transaction, every page packed full; it is then cut
// to the pages in use (bbolt never shortens a file). Two files holding
// the same keys and values thus become the same bytes, whatever
// transactions, interruptions and free pages made them, and a canonical
// file rewritten stays as it is. A build resumed in the file grows it
// again as it needs.
func Canonicalize(path string) (int64, error) {
	if err := checkStructure(path); err != nil {
		return 0, err
	}
	src, err := openReadOnly(path)
	if err != nil {
		return 0, err
	}
	defer src.Close()
	tmp := path + ".canonical"
	_ = os.Remove(tmp)
	dst, err := bolt.Open(tmp, 0o644, &bolt.Options{
		PageSize:       canonicalPageSize,
		NoFreelistSync: true,
		FreelistType:   bolt.FreelistArrayType,
		NoSync:         true, // the file is synced once, whole
	})
	if err != nil {
		return 0, fmt.Errorf("canonical copy of %s: %w", path, err)
	}
	err = safely(path, func() error {
		return src.View(func(tx *bolt.Tx) error {
			return tx.ForEach(func(name []byte, b *bolt.Bucket) error { return copyBucket(dst, name, b) })
		})
	})
	var used int64
	if err == nil {
		err = dst.View(func(tx *bolt.Tx) error { used = tx.Size(); return nil })
	}
	if cerr := dst.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = cutAndSync(tmp, used)
	}
	if err != nil {
		os.Remove(tmp)
		return 0, fmt.Errorf("canonical copy of %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return 0, err
	}
	return used, nil
}

// copyBucket writes the keys and values of src, in order, into a new
// bucket name of dst, in transactions that touch that bucket alone (bbolt
// writes the buckets a transaction touches in no fixed order).
func copyBucket(dst *bolt.DB, name []byte, src *bolt.Bucket) error {
	tx, err := dst.Begin(true)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }()
	out, err := tx.CreateBucket(name)
	if err != nil {
		return err
	}
	if err := out.SetSequence(src.Sequence()); err != nil {
		return err
	}
	out.FillPercent = 1
	size := 0
	c := src.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		if v == nil {
			return fmt.Errorf("bucket %q holds a bucket, %q", name, k)
		}
		if size > 0 && size+len(k)+len(v) > canonicalTxBytes {
			if err := tx.Commit(); err != nil {
				return err
			}
			if tx, err = dst.Begin(true); err != nil {
				return err
			}
			out = tx.Bucket(name)
			out.FillPercent = 1
			size = 0
		}
		if err := out.Put(k, v); err != nil {
			return err
		}
		size += len(k) + len(v)
	}
	return tx.Commit()
}

// cutAndSync cuts the file at path to size bytes and syncs it to disk.
func cutAndSync(path string, size int64) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	err = f.Truncate(size)
	if serr := f.Sync(); err == nil {
		err = serr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
