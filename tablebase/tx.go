package tablebase

import (
	"bytes"
	"fmt"
	"os"

	"github.com/RoaringBitmap/roaring"
	bolt "go.etcd.io/bbolt"
)

// Tx is a write transaction: everything it does lands together or not at
// all, so a build killed at any moment resumes from its last commit.
type Tx struct {
	f  *File
	tx *bolt.Tx
	m  Meta
}

// Update runs fn in a write transaction and commits if it returns nil.
func (f *File) Update(fn func(*Tx) error) error {
	if f.db.IsReadOnly() {
		return errReadOnly
	}
	f.mu.Lock()
	m := f.meta
	f.mu.Unlock()
	t := &Tx{f: f, m: m}
	err := f.db.Update(func(tx *bolt.Tx) error {
		t.tx = tx
		if err := fn(t); err != nil {
			return err
		}
		return putMeta(tx, &t.m)
	})
	if err == nil {
		f.mu.Lock()
		f.meta = t.m
		f.markSealed()
		f.mu.Unlock()
	}
	return err
}

// Meta returns the metadata as this transaction will commit it.
func (t *Tx) Meta() *Meta { return &t.m }

// PutEntries stores entries, which must be in increasing key order and
// not stored already, in blocks. Up to format version 3 no stored block
// may hold keys within their range.
func (t *Tx) PutEntries(entries []Entry) error {
	if err := checkSorted(entries); err != nil {
		return err
	}
	b := t.tx.Bucket(bucketPositions)
	b.FillPercent = 1 // blocks arrive in key order: pack pages full
	for _, e := range entries {
		if len(e.Key) != t.m.KeyLen {
			return fmt.Errorf("tablebase: key %x has length %d, want %d", e.Key, len(e.Key), t.m.KeyLen)
		}
	}
	added := len(entries)
	if t.m.Format >= 4 {
		var err error
		if entries, err = t.joinPrevious(b, entries); err != nil {
			return err
		}
	}
	// The blocks written below follow each other, so one check of the
	// whole range against the stored blocks covers them all.
	if len(entries) > 0 {
		if err := checkNoOverlap(b, entries[0].Key, entries[len(entries)-1].Key, t.m.Format); err != nil {
			return err
		}
	}
	for rest := entries; len(rest) > 0; {
		data, n := nextBlock(rest, t.m.Format)
		if err := b.Put(bytes.Clone(rest[0].Key), data); err != nil {
			return err
		}
		rest = rest[n:]
	}
	t.m.Positions += int64(added)
	return nil
}

// joinPrevious takes the block just before entries out of the bucket and
// returns its entries and entries in key order, when that block is of the
// same level (first key byte) and has room left or keys after entries[0]:
// so that a build committing a chunk at a time leaves no half-empty block
// at the end of each chunk, whatever order the chunks come in.
func (t *Tx) joinPrevious(b *bolt.Bucket, entries []Entry) ([]Entry, error) {
	c := b.Cursor()
	var k, v []byte
	if k, _ = c.Seek(entries[0].Key); k == nil {
		k, v = c.Last()
	} else {
		k, v = c.Prev()
	}
	if k == nil || k[0] != entries[0].Key[0] {
		return entries, nil
	}
	first := bytes.Clone(k)
	prev, err := decodeBlock(first, v, t.m.Format)
	if err != nil {
		return nil, fmt.Errorf("block %x: %w", first, err)
	}
	if len(v) >= blockBytes(len(k))-64 && bytes.Compare(prev[len(prev)-1].Key, entries[0].Key) < 0 {
		return entries, nil // full, and entries come after it
	}
	joined := make([]Entry, 0, len(prev)+len(entries))
	for i, j := 0, 0; i < len(prev) || j < len(entries); {
		switch {
		case j == len(entries) || i < len(prev) && bytes.Compare(prev[i].Key, entries[j].Key) < 0:
			joined = append(joined, prev[i])
			i++
		case i == len(prev) || bytes.Compare(entries[j].Key, prev[i].Key) < 0:
			joined = append(joined, entries[j])
			j++
		default:
			return nil, fmt.Errorf("tablebase: key %x is stored already", entries[j].Key)
		}
	}
	if err := b.Delete(first); err != nil {
		return nil, err
	}
	t.f.mu.Lock()
	if d, ok := t.f.blocks[string(first)]; ok {
		t.f.cached -= d.size()
		delete(t.f.blocks, string(first))
	}
	t.f.mu.Unlock()
	return joined, nil
}

// AppendGames adds games to the games table; first must be the table's
// current length.
func (t *Tx) AppendGames(first uint32, games []Game) error {
	if int64(first) != t.m.Games && !(t.m.Games == 0 && first == 1) {
		return fmt.Errorf("tablebase: appending game %d to a table of %d", first, t.m.Games)
	}
	if t.m.Games == 0 {
		// ID 0 is the game 0 = {|}, stored like any other.
		games = append([]Game{{}}, games...)
		first = 0
	}
	b := t.tx.Bucket(bucketGames)
	b.FillPercent = 1
	for len(games) > 0 {
		size := gameBlockLen(t.m.Format)
		blockFirst := first / size * size
		var block []Game
		if blockFirst < first {
			data := b.Get(gameKey(blockFirst))
			var err error
			if block, err = decodeGames(blockFirst, data, t.m.Format); err != nil {
				return fmt.Errorf("games block %d: %w", blockFirst, err)
			}
		}
		n := min(len(games), int(size)-len(block))
		block = append(block, games[:n]...)
		if err := b.Put(gameKey(blockFirst), encodeGames(blockFirst, block, t.m.Format)); err != nil {
			return err
		}
		t.f.mu.Lock()
		delete(t.f.games, blockFirst)
		t.f.mu.Unlock()
		games, first = games[n:], first+uint32(n)
		t.m.Games = int64(first)
	}
	return nil
}

func progressKey(level int) []byte { return fmt.Appendf(nil, "level/%02d", level) }

// Done returns the set of chunks of a level marked done.
func (t *Tx) Done(level int) (*roaring.Bitmap, error) {
	return readDone(t.tx, level)
}

func readDone(tx *bolt.Tx, level int) (*roaring.Bitmap, error) {
	bm := roaring.New()
	if data := tx.Bucket(bucketProgress).Get(progressKey(level)); data != nil {
		if err := bm.UnmarshalBinary(data); err != nil {
			return nil, fmt.Errorf("progress of level %d: %w", level, err)
		}
	}
	return bm, nil
}

// MarkDone records that a chunk of a level is stored.
func (t *Tx) MarkDone(level int, chunk uint32) error {
	bm, err := t.Done(level)
	if err != nil {
		return err
	}
	bm.Add(chunk)
	bm.RunOptimize()
	data, err := bm.ToBytes()
	if err != nil {
		return err
	}
	return t.tx.Bucket(bucketProgress).Put(progressKey(level), data)
}

// Done returns the set of chunks of a level marked done.
func (f *File) Done(level int) (*roaring.Bitmap, error) {
	var bm *roaring.Bitmap
	err := f.view(func(tx *bolt.Tx) error {
		var err error
		bm, err = readDone(tx, level)
		return err
	})
	return bm, err
}

// checkNoOverlap makes sure no stored block has keys in [first, last].
func checkNoOverlap(b *bolt.Bucket, first, last []byte, format int) error {
	c := b.Cursor()
	k, _ := c.Seek(first)
	if k != nil && bytes.Compare(k, last) <= 0 {
		return fmt.Errorf("tablebase: block starting %x overlaps a stored one", first)
	}
	var v []byte
	if k == nil {
		k, v = c.Last()
	} else {
		k, v = c.Prev()
	}
	if k == nil {
		return nil
	}
	entries, err := decodeBlock(k, v, format)
	if err != nil {
		return fmt.Errorf("block %x: %w", k, err)
	}
	if bytes.Compare(entries[len(entries)-1].Key, first) >= 0 {
		return fmt.Errorf("tablebase: block starting %x overlaps the one starting %x", first, k)
	}
	return nil
}

// Progress returns the chunks marked done in every level that has any.
func (f *File) Progress() (map[int]*roaring.Bitmap, error) {
	out := map[int]*roaring.Bitmap{}
	err := f.view(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketProgress)
		if b == nil {
			return nil
		}
		return b.ForEach(func(k, v []byte) error {
			var level int
			if _, err := fmt.Sscanf(string(k), "level/%d", &level); err != nil {
				return damaged(f.path, "progress key %q", k)
			}
			bm := roaring.New()
			if err := bm.UnmarshalBinary(v); err != nil {
				return damaged(f.path, "progress of level %d: %v", level, err)
			}
			out[level] = bm
			return nil
		})
	})
	return out, err
}

// CopyTo writes a consistent copy of the file, as last committed, to path
// (through a temporary file and a rename, so that path is either the old
// file or the whole copy).
func (f *File) CopyTo(path string) error {
	tmp := path + ".tmp"
	err := f.view(func(tx *bolt.Tx) error { return tx.CopyFile(tmp, 0o644) })
	if err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, path)
}
