// Package extsort keeps sorted sets of uint64 too large to hold twice in
// memory in files of little-endian words, in increasing order without
// repeats: a radix sort of a run, runs written atomically and merged
// through a heap, and a compact index for lookups in a sorted list.
package extsort

import (
	"bufio"
	"cmp"
	"encoding/binary"
	"errors"
	"io"
	"os"
	"slices"
	"sync"
)

// SortUnique sorts keys and drops repeats. It returns the sorted keys,
// which share memory with keys or with scratch (grown to len(keys) if
// shorter), and the other of the two as scratch for the next call. Many
// keys are sorted by a least-significant-digit radix sort, 11 bits a pass
// (a histogram fits the first-level cache) and only as many passes as the
// largest key needs: several times as fast as comparison sorting for the
// ranks of a ply.
func SortUnique(keys, scratch []uint64) (sorted, spare []uint64) {
	if len(keys) < 1<<12 {
		slices.Sort(keys)
		return slices.Compact(keys), scratch
	}
	if cap(scratch) < len(keys) {
		scratch = make([]uint64, len(keys))
	}
	src, dst := keys, scratch[:len(keys)]
	top := slices.Max(keys)
	const digit = 11
	for shift := 0; top>>shift != 0; shift += digit {
		var count [1 << digit]int
		for _, k := range src {
			count[k>>shift&(1<<digit-1)]++
		}
		at := 0
		for d, n := range count {
			count[d] = at
			at += n
		}
		for _, k := range src {
			d := k >> shift & (1<<digit - 1)
			dst[count[d]] = k
			count[d]++
		}
		src, dst = dst, src
	}
	return slices.Compact(src), dst[:0]
}

// WriteWords writes keys to path through a temporary file and a rename,
// so that path either holds all of them or does not exist.
func WriteWords(path string, keys []uint64) error {
	return WriteAtomic(path, func(w *bufio.Writer) error {
		var buf [8]byte
		for _, k := range keys {
			binary.LittleEndian.PutUint64(buf[:], k)
			if _, err := w.Write(buf[:]); err != nil {
				return err
			}
		}
		return nil
	})
}

// writers holds the 1 MiB buffered writers of WriteAtomic between calls:
// a build writes many runs, most of them small.
var writers = sync.Pool{New: func() any { return bufio.NewWriterSize(nil, 1<<20) }}

// WriteAtomic writes path through fill's buffered writer into path.tmp,
// synced, and renames it into place: path is either whole or as it was.
func WriteAtomic(path string, fill func(*bufio.Writer) error) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	w := writers.Get().(*bufio.Writer)
	w.Reset(f)
	err = fill(w)
	if err == nil {
		err = w.Flush()
	}
	w.Reset(nil)
	writers.Put(w)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, path)
}

// ReadWords reads a whole file of words, a block at a time, so that the
// file's bytes are never held beside its words.
func ReadWords(path string) ([]uint64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.Size()%8 != 0 {
		return nil, errors.New(path + ": length is not a multiple of 8")
	}
	keys := make([]uint64, 0, st.Size()/8)
	r := newRunReader(f)
	for {
		n, err := r.fill()
		if err != nil || n == 0 {
			return keys, err
		}
		keys = append(keys, r.words...)
	}
}

// runReader reads a file of words a block at a time.
type runReader struct {
	f     *os.File
	block []byte   // the bytes of the last read
	words []uint64 // the words decoded from it
	pos   int      // the next word of words
	head  uint64   // the current word
}

// newRunReader returns a reader of f whose block is 1 MiB, or f's whole
// length if that is less: a small run costs no large buffers.
func newRunReader(f *os.File) *runReader {
	size := int64(1 << 20)
	if st, err := f.Stat(); err == nil {
		size = min(size, max(8, (st.Size()+7)&^7))
	}
	return &runReader{f: f, block: make([]byte, size), words: make([]uint64, 0, size/8)}
}

// fill reads the next block into words and returns how many it holds: 0
// at the end of the file.
func (r *runReader) fill() (int, error) {
	n, err := io.ReadFull(r.f, r.block)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return 0, err
	}
	if n%8 != 0 {
		return 0, errors.New(r.f.Name() + ": length is not a multiple of 8")
	}
	r.words = r.words[:n/8]
	for i := range r.words {
		r.words[i] = binary.LittleEndian.Uint64(r.block[8*i:])
	}
	r.pos = 0
	return len(r.words), nil
}

// next moves head to the run's next word; false at the end of the run.
func (r *runReader) next() (bool, error) {
	if r.pos == len(r.words) {
		if n, err := r.fill(); err != nil || n == 0 {
			return false, err
		}
	}
	r.head = r.words[r.pos]
	r.pos++
	return true, nil
}

// runHeap orders runs by their heads, least first.
type runHeap []*runReader

// down restores the order after the head of h[0] grew.
func (h runHeap) down() {
	i := 0
	for {
		c := 2*i + 1
		if c >= len(h) {
			return
		}
		if c+1 < len(h) && h[c+1].head < h[c].head {
			c++
		}
		if h[i].head <= h[c].head {
			return
		}
		h[i], h[c] = h[c], h[i]
		i = c
	}
}

// MergeRuns merges sorted run files into one sorted file without repeats
// at path, and returns how many words it holds.
func MergeRuns(path string, runs []string) (int64, error) {
	var h runHeap
	defer func() {
		for _, r := range h {
			r.f.Close()
		}
	}()
	for _, name := range runs {
		f, err := os.Open(name)
		if err != nil {
			return 0, err
		}
		r := newRunReader(f)
		ok, err := r.next()
		if err != nil {
			f.Close()
			return 0, err
		}
		if ok {
			h = append(h, r)
		} else {
			f.Close()
		}
	}
	slices.SortFunc(h, func(a, b *runReader) int { return cmp.Compare(a.head, b.head) })
	var count int64
	err := WriteAtomic(path, func(w *bufio.Writer) error {
		var buf [8]byte
		var last uint64
		for len(h) > 0 {
			r := h[0]
			if count == 0 || r.head != last {
				last = r.head
				binary.LittleEndian.PutUint64(buf[:], last)
				if _, err := w.Write(buf[:]); err != nil {
					return err
				}
				count++
			}
			ok, err := r.next()
			if err != nil {
				return err
			}
			if !ok {
				r.f.Close()
				h[0] = h[len(h)-1]
				h = h[:len(h)-1]
			}
			h.down()
		}
		return nil
	})
	return count, err
}

// SortedIndex finds words in a sorted list, held in about 2.3 bytes a
// word: a table of bucket starts by the top bits narrows each search to a
// few entries, and each word keeps only the low bits its bucket does not
// give, at most 16.
type SortedIndex struct {
	low   []uint16
	start []uint32
	shift uint
}

// NewSortedIndex indexes sorted keys, all below limit.
func NewSortedIndex(keys []uint64, limit uint64) *SortedIndex {
	shift := uint(0)
	for shift < 16 && limit>>shift > uint64(len(keys)/16+1) {
		shift++
	}
	ix := &SortedIndex{low: make([]uint16, len(keys)), start: make([]uint32, limit>>shift+2), shift: shift}
	b := 0
	for i, k := range keys {
		for b <= int(k>>shift) {
			ix.start[b] = uint32(i)
			b++
		}
		ix.low[i] = uint16(k & (1<<shift - 1))
	}
	for ; b < len(ix.start); b++ {
		ix.start[b] = uint32(len(keys))
	}
	return ix
}

// find returns the position of k in the keys, or -1.
func (ix *SortedIndex) Find(k uint64) int {
	b := k >> ix.shift
	if b+1 >= uint64(len(ix.start)) {
		return -1
	}
	lo, hi := int(ix.start[b]), int(ix.start[b+1])
	i, ok := slices.BinarySearch(ix.low[lo:hi], uint16(k&(1<<ix.shift-1)))
	if !ok {
		return -1
	}
	return lo + i
}
