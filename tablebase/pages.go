package tablebase

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"

	bolt "go.etcd.io/bbolt"
)

// bbolt's page layout, as its files hold it: a 16-byte header (id, flags,
// count, overflow) and then count elements of 16 bytes each.
const (
	pageHeaderSize = 16
	pageElemSize   = 16
	pageBranch     = 0x01
	pageLeaf       = 0x02
	leafBucket     = 0x01 // a leaf element that is a bucket
	bucketHeader   = 16   // a bucket's value: its root page and sequence
)

// checkTree reads every page of the file that tx reads, from the root
// bucket down through every bucket's tree, with plain reads rather than
// through bbolt's memory map, and refuses what bbolt would trust: a page
// referenced twice (a cycle, or shared subtrees, which make a read run
// forever), a page outside the file's pages or that says it is another, a
// page that is neither a branch nor a leaf, an element whose key or value
// lies outside its page (bbolt would hand out a slice of whatever memory
// lies there), an inline bucket whose page is not a leaf within its value.
// What remains for a damaged page to do is to hold wrong bytes in the
// right places, which the checksums of blocks and pages find.
func checkTree(path string, tx *bolt.Tx) error {
	f, err := os.Open(path)
	if err != nil {
		return fileError(path, err)
	}
	defer f.Close()
	pageSize := uint64(tx.DB().Info().PageSize)
	if pageSize < pageHeaderSize {
		return damaged(path, "page size %d", pageSize)
	}
	w := treeWalk{path: path, f: f, pageSize: pageSize, pages: uint64(tx.Size()) / pageSize}
	w.seen = make([]uint64, (w.pages+63)/64)
	w.mark(0) // the two meta pages
	w.mark(1)
	type visit struct {
		id        uint64
		container bool // a page of the root bucket, whose leaves hold buckets
	}
	stack := []visit{{uint64(tx.Cursor().Bucket().Root()), true}}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		page, err := w.page(v.id, v.container)
		if err != nil {
			return err
		}
		ne := binary.NativeEndian
		for i, elem := range elements(page) {
			switch {
			case page.branch:
				stack = append(stack, visit{ne.Uint64(elem[8:]), v.container})
			case v.container && ne.Uint32(elem)&leafBucket != 0:
				root, err := w.bucket(v.id, i, page.value(i))
				if err != nil {
					return err
				}
				if root != 0 {
					stack = append(stack, visit{root, false})
				}
			}
		}
	}
	return nil
}

// treeWalk is the state of checkTree: the file and which pages it has met.
type treeWalk struct {
	path     string
	f        *os.File
	pageSize uint64
	pages    uint64   // the file's pages, as the meta page counts them
	seen     []uint64 // a bit per page
	buf      []byte
}

// mark records page id as met and reports whether it was met before.
func (w *treeWalk) mark(id uint64) bool {
	bit := uint64(1) << (id % 64)
	before := w.seen[id/64]&bit != 0
	w.seen[id/64] |= bit
	return before
}

// rawPage is a page's header and element table, with each element's key
// and value checked to lie within the page's size, and the whole page's
// bytes where they were read.
type rawPage struct {
	data   []byte // the header and elements, or the whole page
	size   uint64 // the page's bytes, overflow included
	branch bool
}

// page reads page id (its header and elements, or all of it when whole),
// marks it and its overflow pages as met, and checks its header and
// elements.
func (w *treeWalk) page(id uint64, whole bool) (rawPage, error) {
	if id < 2 || id >= w.pages {
		return rawPage{}, damaged(w.path, "a reference to page %d, outside pages 2 to %d", id, w.pages-1)
	}
	var head [pageHeaderSize]byte
	if _, err := w.f.ReadAt(head[:], int64(id*w.pageSize)); err != nil {
		return rawPage{}, damaged(w.path, "page %d: %v", id, err)
	}
	ne := binary.NativeEndian
	if got := ne.Uint64(head[0:]); got != id {
		return rawPage{}, damaged(w.path, "page %d says it is page %d", id, got)
	}
	overflow := uint64(ne.Uint32(head[12:]))
	if overflow >= w.pages-id {
		return rawPage{}, damaged(w.path, "page %d runs %d pages past the file's %d", id, overflow, w.pages)
	}
	for p := id; p <= id+overflow; p++ {
		if w.mark(p) {
			return rawPage{}, damaged(w.path, "page %d is referenced twice", p)
		}
	}
	size := (overflow + 1) * w.pageSize
	read := size
	if !whole {
		read = min(size, pageHeaderSize+uint64(ne.Uint16(head[10:]))*pageElemSize)
	}
	if uint64(cap(w.buf)) < read {
		w.buf = make([]byte, read)
	}
	data := w.buf[:read]
	if _, err := w.f.ReadAt(data, int64(id*w.pageSize)); err != nil {
		return rawPage{}, damaged(w.path, "page %d: %v", id, err)
	}
	page, err := checkPage(data, size)
	if err != nil {
		return rawPage{}, damaged(w.path, "page %d: %v", id, err)
	}
	return page, nil
}

// checkPage checks that data, the start of a branch or leaf page of size
// bytes, holds the page's element table, and that each element's key and
// value lie within the page.
func checkPage(data []byte, size uint64) (rawPage, error) {
	if len(data) < pageHeaderSize {
		return rawPage{}, fmt.Errorf("%d bytes, shorter than a page header", len(data))
	}
	ne := binary.NativeEndian
	flags, count := ne.Uint16(data[8:]), uint64(ne.Uint16(data[10:]))
	if flags != pageBranch && flags != pageLeaf {
		return rawPage{}, fmt.Errorf("flags %#x, neither a branch nor a leaf", flags)
	}
	if pageHeaderSize+count*pageElemSize > uint64(len(data)) {
		return rawPage{}, fmt.Errorf("%d elements do not fit in %d bytes", count, size)
	}
	page := rawPage{data: data, size: size, branch: flags == pageBranch}
	for i, elem := range elements(page) {
		at := uint64(pageHeaderSize + i*pageElemSize)
		pos, ksize, vsize := uint64(ne.Uint32(elem[4:])), uint64(ne.Uint32(elem[8:])), uint64(ne.Uint32(elem[12:]))
		if page.branch {
			pos, ksize, vsize = uint64(ne.Uint32(elem)), uint64(ne.Uint32(elem[4:])), 0
		}
		if at+pos+ksize+vsize > size {
			return rawPage{}, fmt.Errorf("element %d lies past the page's %d bytes", i, size)
		}
	}
	return page, nil
}

// elements lists the 16-byte element headers of a page.
func elements(page rawPage) [][]byte {
	count := int(binary.NativeEndian.Uint16(page.data[10:]))
	elems := make([][]byte, count)
	for i := range elems {
		at := pageHeaderSize + i*pageElemSize
		elems[i] = page.data[at : at+pageElemSize]
	}
	return elems
}

// value returns the value of leaf element i of a page read whole, checked
// by checkPage to lie within the page.
func (p rawPage) value(i int) []byte {
	ne := binary.NativeEndian
	at := uint64(pageHeaderSize + i*pageElemSize)
	elem := p.data[at:]
	start := at + uint64(ne.Uint32(elem[4:])) + uint64(ne.Uint32(elem[8:]))
	return p.data[start : start+uint64(ne.Uint32(elem[12:]))]
}

// bucket checks the value of a bucket element (element i of page id) and
// returns the bucket's root page, or 0 for an inline bucket, whose page
// must be a leaf within the value.
func (w *treeWalk) bucket(id uint64, i int, value []byte) (uint64, error) {
	if len(value) < bucketHeader {
		return 0, damaged(w.path, "page %d: bucket %d has a %d-byte header", id, i, len(value))
	}
	if root := binary.NativeEndian.Uint64(value); root != 0 {
		return root, nil
	}
	inline, err := checkPage(value[bucketHeader:], uint64(len(value)-bucketHeader))
	if err == nil && inline.branch {
		err = errors.New("a branch page")
	}
	if err != nil {
		return 0, damaged(w.path, "page %d: inline bucket %d: %v", id, i, err)
	}
	return 0, nil
}

// checkPages refuses a file shorter than the pages its meta page counts,
// before anything reads the missing pages, and then runs checkTree.
func checkPages(path string, size int64, tx *bolt.Tx) error {
	if pages := tx.Size(); size < pages {
		return damaged(path, "truncated: %d bytes, its pages need %d", size, pages)
	}
	return checkTree(path, tx)
}

// checkStructure runs checkPages on an existing file at path, for a writer
// about to open it: bbolt walks every page when it opens a file for
// writing. A file that does not exist yet, or is empty, passes.
func checkStructure(path string) error {
	st, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) || err == nil && st.Size() == 0 {
		return nil
	}
	if err == nil && st.IsDir() {
		err = syscall.EISDIR
	}
	if err != nil {
		return fileError(path, err)
	}
	db, err := openReadOnly(path)
	if err != nil {
		return err
	}
	defer db.Close()
	return safely(path, func() error {
		return db.View(func(tx *bolt.Tx) error { return checkPages(path, st.Size(), tx) })
	})
}
