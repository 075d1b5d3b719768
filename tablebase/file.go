// Package tablebase is the file format and the store of values: a bbolt
// file holding versioned metadata, positions packed into checksummed blocks
// of sorted keys, a table of canonical forms that positions refer to by ID,
// and the progress of a resumable build.
//
// Buckets:
//
//	meta       "meta" -> Meta as JSON
//	positions  first key of a block -> block (see nextBlock)
//	games      first game ID, 4 bytes big-endian -> block of games
//	progress   "level/NN" -> roaring bitmap of the chunks done
package tablebase

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"io/fs"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
)

// FormatVersion is the version of the layout written by this package
// into a new file. Version 5 gives the parts of compact levels Split hash
// functions (version 4 files have cascades); version 4 cuts position
// blocks by size (each fills a page) rather than at 256 entries; version
// 3 files (which do not),
// version 2 files (which have no compact levels) and version 1 files
// (whose position blocks' checksums do not cover their first key) are
// still read, and a build resumes in the version it began in.
const FormatVersion = 5

var (
	bucketMeta      = []byte("meta")
	bucketPositions = []byte("positions")
	bucketGames     = []byte("games")
	bucketProgress  = []byte("progress")
	keyMeta         = []byte("meta")
	keyMetaSum      = []byte("sum") // xxhash64 of the metadata, from format version 3
)

// Meta describes a tablebase: which game, which build, and its size.
type Meta struct {
	Format       int               `json:"format"`
	Game         string            `json:"game"`
	Params       map[string]string `json:"params"`
	KeyLen       int               `json:"key_len"`
	Positions    int64             `json:"positions"`
	Games        int64             `json:"games"`
	Complete     bool              `json:"complete"`
	BuildSeconds float64           `json:"build_seconds"`     // summed over the runs of a build not yet complete; 0 once it is
	Compact      []int             `json:"compact,omitempty"` // the levels sealed into compact form
	Layout       string            `json:"layout,omitempty"`  // the layout they were sealed with
	// Content is the file's content hash (see File.Content), stored when
	// the build completes so that readers need not read the whole file
	// for it; 0 while the build is not complete, and in files written
	// before it was stored.
	Content uint64 `json:"content,omitempty"`
}

// SameBuild reports whether m and o describe the same game and parameters.
func (m Meta) SameBuild(o Meta) bool {
	if m.Game != o.Game || m.KeyLen != o.KeyLen || len(m.Params) != len(o.Params) {
		return false
	}
	for k, v := range m.Params {
		if o.Params[k] != v {
			return false
		}
	}
	return true
}

// GrownBy reports whether the build want covers the build m and more:
// the same game, key length and parameters, but that the parameters named
// in grow (whole numbers whose larger value extends a build by more
// levels of the same positions, such as max-cells) may be larger in want.
// A build is grown by itself.
func (m Meta) GrownBy(want Meta, grow ...string) bool {
	if m.Game != want.Game || m.KeyLen != want.KeyLen || len(m.Params) != len(want.Params) {
		return false
	}
	for k, v := range m.Params {
		w, ok := want.Params[k]
		switch {
		case !ok:
			return false
		case w == v:
		case !slices.Contains(grow, k):
			return false
		default:
			a, errA := strconv.Atoi(v)
			b, errB := strconv.Atoi(w)
			if errA != nil || errB != nil || b < a {
				return false
			}
		}
	}
	return true
}

// File is an open tablebase. Lookups are safe for concurrent use.
type File struct {
	db   *bolt.DB
	path string

	mu         sync.Mutex
	meta       Meta
	blocks     map[string]decoded // decoded position blocks, by first key
	cached     int                // the bytes of the blocks' keys and values
	cacheBytes int                // the most bytes cached before the cache is emptied
	games      map[uint32][]Game  // decoded game blocks, by first ID

	// What a lookup reads without taking mu: the compact levels (a bit
	// each, set from meta.Compact by markSealed), how they are laid out,
	// and their decoded records.
	sealedLevels [4]atomic.Uint64
	layout       atomic.Pointer[Layout]
	levels       [256]atomic.Pointer[levelInfo]

	reading sync.RWMutex // held by lookups reading pages without a transaction, and by Close
	closed  bool         // set by Close
	decoded atomic.Int64 // the bytes of the compact value blocks kept (keepValues)

	contentOnce sync.Once // computes content on the first call of Content
	content     uint64
	contentErr  error
}

// Open opens an existing tablebase read-only and checks what a reader
// depends on: its size against the pages bbolt counts, its page tree (each
// page met once, from one header read per page), the metadata, the format
// version. Values are checked where they are read, against their
// checksums. A damaged file gives an error that is ErrDamaged.
func Open(path string) (*File, error) { return OpenWith(path, nil) }

// Options tune a file opened for reading; nil or zero fields mean the
// defaults.
type Options struct {
	// CacheBytes bounds the memory of the decoded position blocks kept,
	// and apart that of the decoded blocks of compact values (0: 40 MiB
	// each).
	CacheBytes int
}

// OpenWith opens an existing tablebase read-only, as Open does, with
// options.
func OpenWith(path string, o *Options) (*File, error) {
	st, err := os.Stat(path)
	if err == nil && st.IsDir() {
		err = syscall.EISDIR
	}
	if err != nil {
		return nil, fileError(path, err)
	}
	if st.Size() == 0 {
		return nil, damaged(path, "empty file")
	}
	db, err := openReadOnly(path)
	if err != nil {
		return nil, err
	}
	f := newFile(db, path)
	if o != nil && o.CacheBytes > 0 {
		f.cacheBytes = o.CacheBytes
	}
	err = safely(path, func() error {
		return db.View(func(tx *bolt.Tx) error {
			if err := checkPages(path, st.Size(), tx); err != nil {
				return err
			}
			b := tx.Bucket(bucketMeta)
			if b == nil || b.Get(keyMeta) == nil {
				return damaged(path, "no metadata (a bbolt file, but not a tablebase, or damaged)")
			}
			raw := b.Get(keyMeta)
			if sum := b.Get(keyMetaSum); sum != nil {
				if _, err := unsealKeyed(keyMeta, append(slices.Clip(raw), sum...)); err != nil {
					return damaged(path, "metadata: %v", err)
				}
			}
			if err := json.Unmarshal(raw, &f.meta); err != nil {
				return damaged(path, "bad metadata: %v", err)
			}
			if f.meta.Format >= 3 && b.Get(keyMetaSum) == nil || f.meta.Format < 3 && len(f.meta.Compact) > 0 {
				return damaged(path, "metadata of format version %d without its checksum, or with compact levels", f.meta.Format)
			}
			if tx.Bucket(bucketPositions) == nil || tx.Bucket(bucketGames) == nil {
				return damaged(path, "a bucket is missing")
			}
			return nil
		})
	})
	if err != nil {
		db.Close()
		return nil, err
	}
	if f.meta.Format < 1 || f.meta.Format > FormatVersion {
		db.Close()
		return nil, fmt.Errorf("%s has format version %d; this program reads versions 1 to %d", path, f.meta.Format, FormatVersion)
	}
	if !plainName(f.meta.Game) || !plainName(f.meta.Layout) && f.meta.Layout != "" {
		db.Close()
		return nil, damaged(path, "bad metadata: game %q, layout %q", f.meta.Game, f.meta.Layout)
	}
	if f.meta.KeyLen < 8 || f.meta.Positions < 0 || f.meta.Games < 0 {
		db.Close()
		return nil, damaged(path, "bad metadata: key length %d, %d positions, %d games", f.meta.KeyLen, f.meta.Positions, f.meta.Games)
	}
	f.markSealed()
	return f, nil
}

// plainName reports whether a name in the metadata is what programs
// write there: printable ASCII, not empty. Anything else is damage.
func plainName(s string) bool {
	for i := range len(s) {
		if s[i] < ' ' || s[i] > '~' {
			return false
		}
	}
	return s != ""
}

// openTimeout is how long opening waits for another process's lock.
const openTimeout = 5 * time.Second

// openError explains why bbolt could not open path.
func openError(path string, err error) error {
	switch {
	case errors.Is(err, ErrDamaged):
		return err
	case errors.Is(err, bolterrors.ErrTimeout):
		return fmt.Errorf("open tablebase %s: in use by another process (a build writing it?); waited %v", path, openTimeout)
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, fs.ErrPermission):
		return fileError(path, err)
	}
	return damaged(path, "%v", err) // bbolt refuses its structure
}

// fileError says why the file at path cannot be read, as "open tablebase
// PATH: REASON", where err is the reason or an *fs.PathError that gives it.
func fileError(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return &fs.PathError{Op: "open tablebase", Path: path, Err: err}
}

// Create opens path for writing a build described by want, creating it if
// needed. An existing file must hold the same build; its progress is kept.
// Keys are at least 8 bytes (want.KeyLen).
//
// grow names the parameters by which want may extend the file's build
// (Meta.GrownBy): a file of a smaller one is grown, its levels kept. It
// becomes a build of want's parameters, not complete, which the build
// then carries on as it resumes any. A file whose build would shrink
// (want is grown by it) is refused.
func Create(path string, want Meta, grow ...string) (*File, error) {
	if want.KeyLen < 8 {
		return nil, fmt.Errorf("%s: keys of %d bytes: a tablebase's keys are at least 8 bytes", path, want.KeyLen)
	}
	if err := createWhole(path); err != nil {
		return nil, fmt.Errorf("for writing: %w", err)
	}
	if err := checkStructure(path); err != nil {
		return nil, fmt.Errorf("for writing: %w", err)
	}
	db, err := bolt.Open(path, 0o644, &bolt.Options{Timeout: openTimeout, NoFreelistSync: true})
	if err != nil {
		return nil, fmt.Errorf("for writing: %w", openError(path, err))
	}
	f := newFile(db, path)
	err = db.Update(func(tx *bolt.Tx) error {
		for _, name := range [][]byte{bucketMeta, bucketPositions, bucketGames, bucketProgress, bucketCompact} {
			if _, err := tx.CreateBucketIfNotExists(name); err != nil {
				return err
			}
		}
		raw := tx.Bucket(bucketMeta).Get(keyMeta)
		if raw == nil {
			want.Format = FormatVersion
			f.meta = want
			return putMeta(tx, &f.meta)
		}
		if err := json.Unmarshal(raw, &f.meta); err != nil {
			return fmt.Errorf("%s: bad metadata: %w", path, err)
		}
		if f.meta.Format < 1 || f.meta.Format > FormatVersion {
			return fmt.Errorf("%s has format version %d; this program writes versions 1 to %d", path, f.meta.Format, FormatVersion)
		}
		switch {
		case f.meta.SameBuild(want):
			return nil
		case f.meta.GrownBy(want, grow...):
			f.meta.Params = maps.Clone(want.Params)
			f.meta.Complete = false
			return putMeta(tx, &f.meta)
		case want.GrownBy(f.meta, grow...):
			then := "it answers every position of the smaller build as it is"
			if !f.meta.Complete {
				then = "resume it as " + f.meta.Describe(want)
			}
			return fmt.Errorf("%s holds the build %s, larger than %s: a file is grown, never shrunk; %s, or build into another file",
				path, f.meta.Describe(want), want.Describe(f.meta), then)
		}
		return fmt.Errorf("%s holds the build %s; refusing to build %s into it",
			path, f.meta.Describe(want), want.Describe(f.meta))
	})
	if err != nil {
		db.Close()
		return nil, err
	}
	f.markSealed()
	return f, nil
}

// markSealed sets the bits of the compact levels from f.meta; the caller
// holds f.mu or has not yet shared f.
func (f *File) markSealed() {
	var set [4]uint64
	for _, level := range f.meta.Compact {
		if level >= 0 && level < 256 {
			set[level/64] |= 1 << (level % 64)
		}
	}
	for i, w := range set {
		f.sealedLevels[i].Store(w)
	}
}

// buildDetails are the parameters a build records that are not options
// of tb build; a build's description names them only where they differ
// from the other build's.
var buildDetails = map[string]bool{"chunk": true, "values": true}

// Describe describes the build of m as tb build's command line writes it
// ("domineering --max-cells 10"), beside the build other: the parameters
// that are not options of tb build (chunk, values) show only where the
// two differ.
func (m Meta) Describe(other Meta) string {
	var options, details strings.Builder
	options.WriteString(m.Game)
	for _, k := range slices.Sorted(maps.Keys(m.Params)) {
		v := m.Params[k]
		switch {
		case !buildDetails[k]:
			fmt.Fprintf(&options, " --%s %s", k, v)
		case other.Params[k] != v:
			fmt.Fprintf(&details, " (%s %s)", k, v)
		}
	}
	return options.String() + details.String()
}

func newFile(db *bolt.DB, path string) *File {
	return &File{db: db, path: path, cacheBytes: defaultCacheBytes, blocks: map[string]decoded{}, games: map[uint32][]Game{}}
}

// putMeta writes the metadata m, with its checksum, and with the content
// hash when the build is complete; a complete build keeps no build time,
// which would make the same build's files differ.
func putMeta(tx *bolt.Tx, m *Meta) error {
	m.Content = 0
	if m.Complete {
		m.BuildSeconds = 0
		h, err := content(tx, *m)
		if err != nil {
			return err
		}
		m.Content = h
	}
	raw, err := json.Marshal(m)
	if err != nil {
		return err
	}
	b := tx.Bucket(bucketMeta)
	if err := b.Put(keyMeta, raw); err != nil {
		return err
	}
	sealed := sealKeyed(keyMeta, raw)
	return b.Put(keyMetaSum, sealed[len(raw):])
}

// Close closes the file, once the lookups under way end.
func (f *File) Close() error {
	f.reading.Lock()
	defer f.reading.Unlock()
	f.closed = true
	return f.db.Close()
}

// Path returns the file's path.
func (f *File) Path() string { return f.path }

// Meta returns the file's metadata as last committed.
func (f *File) Meta() Meta {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.meta
}

// defaultCacheBytes bounds the memory of the decoded blocks kept, unless
// Options say otherwise.
const defaultCacheBytes = 40 << 20

// Lookup returns the value stored for key.
func (f *File) Lookup(key []byte) (uint32, bool, error) {
	if l, ok, err := f.sealed(key); err != nil || ok {
		if err != nil {
			return 0, false, err
		}
		return f.compactLookup(l, key)
	}
	var d decoded
	err := f.view(func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketPositions).Cursor()
		k, v := c.Seek(key)
		switch {
		case k == nil:
			k, v = c.Last()
		case !bytes.Equal(k, key):
			k, v = c.Prev()
		}
		if k == nil {
			return nil
		}
		var err error
		d, err = f.block(k, v)
		return err
	})
	if err != nil || d.values == nil {
		return 0, false, err
	}
	v, ok := d.find(key)
	return v, ok, nil
}

// block decodes a position block, through the cache.
func (f *File) block(first, data []byte) (decoded, error) {
	f.mu.Lock()
	d, ok := f.blocks[string(first)]
	f.mu.Unlock()
	if ok {
		return d, nil
	}
	d, err := decodeBlockKeys(first, data, f.Meta().Format)
	if err != nil {
		return decoded{}, damaged(f.path, "block %x: %v", first, err)
	}
	f.mu.Lock()
	if f.cached+d.size() > f.cacheBytes {
		clear(f.blocks)
		f.cached = 0
	}
	f.blocks[string(first)] = d
	f.cached += d.size()
	f.mu.Unlock()
	return d, nil
}

// ForEach calls fn with every position stored in blocks, in key order
// (the keys of compact levels are not stored).
func (f *File) ForEach(fn func(Entry) error) error {
	return f.view(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketPositions).ForEach(func(k, v []byte) error {
			entries, err := decodeBlock(k, v, f.Meta().Format)
			if err != nil {
				return damaged(f.path, "block %x: %v", k, err)
			}
			for _, e := range entries {
				if err := fn(e); err != nil {
					return err
				}
			}
			return nil
		})
	})
}

// Size returns the file's size in bytes.
func (f *File) Size() (int64, error) {
	var n int64
	err := f.view(func(tx *bolt.Tx) error { n = tx.Size(); return nil })
	return n, err
}

// view runs fn in a read transaction, a damaged file giving an error.
func (f *File) view(fn func(*bolt.Tx) error) error {
	return safely(f.path, func() error { return f.db.View(fn) })
}

// errReadOnly is returned for writes to a file opened with Open.
var errReadOnly = errors.New("tablebase: file is read-only")

// openReadOnly opens the bbolt file at path read-only, a fault while bbolt
// reads its meta pages turned into ErrDamaged.
func openReadOnly(path string) (*bolt.DB, error) {
	var db *bolt.DB
	err := safely(path, func() error {
		var err error
		db, err = bolt.Open(path, 0o644, &bolt.Options{ReadOnly: true, Timeout: openTimeout})
		return err
	})
	if err != nil {
		return nil, openError(path, err)
	}
	return db, nil
}
