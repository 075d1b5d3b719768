package tablebase

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"

	"github.com/cespare/xxhash/v2"

	bolt "go.etcd.io/bbolt"
)

// Report is what Verify found in a whole file.
type Report struct {
	Meta       Meta
	Blocks     int   // position blocks
	Positions  int64 // positions in them
	GameBlocks int
	Games      int64
	Options    int64 // options of the games, both sides
	// OptionGames counts the games that are an option of some game, and
	// OptionBits is the entropy of the options (each an ID, by how often
	// the games table names it): the fewest bits a code of each option by
	// its ID alone could take.
	OptionGames int64
	OptionBits  float64
	Bytes       int64 // the file's size as bbolt counts it
	Pages       int   // pages of compact levels
	// BlockBytes, GameBytes and CompactBytes are the bytes of the
	// position blocks, the games table and the compact levels, keys
	// included and bbolt's page headers not.
	BlockBytes, GameBytes, CompactBytes int64
	// CompactKinds splits CompactBytes by kind: 'm' the hash functions'
	// bits, 'v' the values, 'h' the part headers, 'r' the level records.
	CompactKinds map[byte]int64
	// Levels counts the positions of each compact level, derived ones
	// included.
	Levels map[int]int64
	// Content hashes everything the file holds but the time its build
	// took: two files with the same Content answer every lookup alike
	// (a sharded build merged, against a one-process build, say).
	Content uint64
}

// Verify checks a whole tablebase file, as a user checks a downloaded
// table before trusting it: it walks bbolt's pages to every block (a page
// that is not what it should be is damage), seeks each block as a lookup
// does, and checks every position block (its checksum, its keys in order,
// of the file's key length, and after the block before), every games block (its checksum, IDs without
// gaps, options only to earlier games), and the counts in the metadata.
// The first damage found is returned as an error that is ErrDamaged.
// (bbolt's own Tx.Check is not used: on a file built without a freelist it
// rebuilds one in a goroutine of its own that panics on damage.)
func Verify(path string) (Report, error) {
	f, err := Open(path)
	if err != nil {
		return Report{}, err
	}
	defer f.Close()
	r := Report{Meta: f.Meta()}
	err = f.view(func(tx *bolt.Tx) error {
		r.Bytes = tx.Size()
		if err := r.positions(f, tx); err != nil {
			return err
		}
		if err := r.games(f, tx); err != nil {
			return err
		}
		if err := r.compact(f, tx); err != nil {
			return err
		}
		r.Content, err = content(tx, r.Meta)
		return err
	})
	if err != nil {
		return r, err
	}
	switch {
	case r.Positions != r.Meta.Positions:
		return r, damaged(path, "the metadata counts %d positions, the blocks hold %d", r.Meta.Positions, r.Positions)
	case r.Games != r.Meta.Games:
		return r, damaged(path, "the metadata counts %d games, the table holds %d", r.Meta.Games, r.Games)
	case r.Meta.Content != 0 && r.Meta.Content != r.Content:
		return r, damaged(path, "the metadata's content hash is %016x, the file's %016x", r.Meta.Content, r.Content)
	}
	return r, nil
}

// positions checks every position block in order.
func (r *Report) positions(f *File, tx *bolt.Tx) error {
	var last []byte
	b := tx.Bucket(bucketPositions)
	seek := b.Cursor() // finds each block as a lookup does, through bbolt's branch pages
	return b.ForEach(func(k, v []byte) error {
		if found, _ := seek.Seek(k); !bytes.Equal(found, k) {
			return damaged(f.path, "block %x is not where a lookup looks for it (found %x)", k, found)
		}
		entries, err := decodeBlock(k, v, f.Meta().Format)
		if err != nil {
			return damaged(f.path, "block %x: %v", k, err)
		}
		for _, e := range entries {
			if len(e.Key) != r.Meta.KeyLen {
				return damaged(f.path, "block %x: key %x is not %d bytes long", k, e.Key, r.Meta.KeyLen)
			}
		}
		if last != nil && bytes.Compare(last, entries[0].Key) >= 0 {
			return damaged(f.path, "block %x starts before the block before it ends (%x)", k, last)
		}
		last = entries[len(entries)-1].Key
		r.Blocks++
		r.BlockBytes += int64(len(k) + len(v))
		r.Positions += int64(len(entries))
		return nil
	})
}

// games checks every block of the games table in order.
func (r *Report) games(f *File, tx *bolt.Tx) error {
	next := uint32(0)
	var named []int64 // by ID, how often the table names it as an option
	defer func() { r.OptionGames, r.OptionBits = entropy(named, r.Options) }()
	return tx.Bucket(bucketGames).ForEach(func(k, v []byte) error {
		if len(k) != 4 || !bytes.Equal(k, gameKey(next)) {
			return damaged(f.path, "games block %x where block %d should be", k, next)
		}
		games, err := decodeGames(next, v, r.Meta.Format)
		if err != nil {
			return damaged(f.path, "games block %d: %v", next, err)
		}
		r.GameBlocks++
		r.GameBytes += int64(len(k) + len(v))
		r.Games += int64(len(games))
		named = append(named, make([]int64, len(games))...)
		for _, g := range games {
			r.Options += int64(len(g.Left) + len(g.Right))
			for _, o := range g.Left {
				named[o]++
			}
			for _, o := range g.Right {
				named[o]++
			}
		}
		next += uint32(len(games))
		return nil
	})
}

// entropy returns how many of counts are not zero and the entropy in bits
// of total events spread by counts.
func entropy(counts []int64, total int64) (nonzero int64, bits float64) {
	for _, c := range counts {
		if c > 0 {
			nonzero++
			bits -= float64(c) * math.Log2(float64(c)/float64(total))
		}
	}
	return nonzero, bits
}

// compact checks every page of every compact level and counts its
// positions.
func (r *Report) compact(f *File, tx *bolt.Tx) error {
	cb := tx.Bucket(bucketCompact)
	if len(r.Meta.Compact) > 0 && cb == nil {
		return damaged(f.path, "compact levels, and no compact bucket")
	}
	for _, level := range r.Meta.Compact {
		if level < 0 || level > 255 {
			return damaged(f.path, "compact level %d", level)
		}
		lv, err := f.level(cb, byte(level))
		if err != nil {
			return err
		}
		if r.Levels == nil {
			r.Levels = map[int]int64{}
		}
		r.Levels[level] = lv.omitted
		for _, part := range lv.parts {
			h, err := f.part(cb, lv, part)
			if err != nil {
				return err
			}
			r.Levels[level] += int64(h.n)
		}
		r.Positions += r.Levels[level]
		for p := range lv.bitPages {
			if _, err := f.page(cb, lv, 'm', p, p); err != nil {
				return err
			}
		}
		for p := range len(lv.firsts) {
			if _, err := f.page(cb, lv, 'v', uint32(p), lv.bitPages+uint32(p)); err != nil {
				return err
			}
		}
		r.Pages += int(lv.bitPages) + len(lv.firsts)
	}
	if cb == nil {
		return nil
	}
	r.CompactKinds = map[byte]int64{}
	return cb.ForEach(func(k, v []byte) error {
		r.CompactBytes += int64(len(k) + len(v))
		if len(k) >= 2 {
			r.CompactKinds[k[1]] += int64(len(k) + len(v))
		}
		return nil
	})
}

// String summarises the report in one line.
func (r Report) String() string {
	return fmt.Sprintf("%s, format %d: %d positions in %d blocks (%d bytes) and %d compact levels (%d pages, %d bytes), %d games with %d options in %d blocks (%d bytes), %d bytes, content %016x",
		r.Meta.Game, r.Meta.Format, r.Positions, r.Blocks, r.BlockBytes, len(r.Meta.Compact), r.Pages, r.CompactBytes,
		r.Games, r.Options, r.GameBlocks, r.GameBytes, r.Bytes, r.Content)
}

// Content returns the hash of everything the file holds but its build
// time, the "content" tb verify prints: two files with the same content
// answer every query alike. It reads the whole file once, on the first
// call; later calls return the same hash.
func (f *File) Content() (uint64, error) {
	f.contentOnce.Do(func() {
		if m := f.Meta(); m.Content != 0 {
			f.content = m.Content
			return
		}
		f.contentErr = f.view(func(tx *bolt.Tx) error {
			var err error
			f.content, err = content(tx, f.Meta())
			return err
		})
	})
	return f.content, f.contentErr
}

// content hashes every key and value of every bucket, in order, with the
// metadata's build time left out.
func content(tx *bolt.Tx, m Meta) (uint64, error) {
	m.BuildSeconds, m.Content = 0, 0
	meta, err := json.Marshal(m)
	if err != nil {
		return 0, err
	}
	d := xxhash.New()
	d.Write(meta)
	put := func(b []byte) {
		d.Write(binary.AppendUvarint(nil, uint64(len(b))))
		d.Write(b)
	}
	err = tx.ForEach(func(name []byte, b *bolt.Bucket) error {
		if bytes.Equal(name, bucketMeta) {
			return nil
		}
		put(name)
		return b.ForEach(func(k, v []byte) error {
			put(k)
			put(v)
			return nil
		})
	})
	return d.Sum64(), err
}
