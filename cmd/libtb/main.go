// Command libtb is tablebase's C library: built with
//
//	go build -buildmode=c-shared -o libtb.so ./cmd/libtb
//	go build -buildmode=c-archive -o libtb.a ./cmd/libtb
//
// it exports the functions that tb.h, beside this file, declares and
// documents; tb.h is the whole of its contract. A handle (tb_file) is C
// memory holding a cgo.Handle of the Go side, so no Go pointer crosses
// the boundary (names.c holds the functions that need no Go); every
// exported function recovers from a panic and answers TB_ERR_INTERNAL
// instead.
package main

/*
#define TB_TYPES_ONLY
#include <stdlib.h>
#include <string.h>
#include "tb.h"
#include "handle.h"
*/
import "C"

import (
	"context"
	"fmt"
	"runtime/cgo"
	"sync"
	"unsafe"

	"github.com/tablebase/tablebase/games"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

func main() {}

// handle is the Go side of a tb_file.
type handle struct {
	t     *query.Tablebase
	f     *tablebase.File // nil for a game without a file
	batch *regionBatch    // the batch path, nil where the game has none

	mu  sync.Mutex
	msg string // the message of the last failing call
}

// answer answers a position in the shared shape, as query.Tablebase
// does, leaving out the file's hash, which no C struct carries (a file
// built before the hash was stored would be read whole for it).
func (h *handle) answer(ctx context.Context, position string, opts query.Options) query.Answer {
	a := h.t.Querier.Query(ctx, position, opts)
	a.Shape()
	return a
}

// fail records the message of a failing call and returns its code.
func (h *handle) fail(code C.int, msg string) C.int {
	h.mu.Lock()
	h.msg = msg
	h.mu.Unlock()
	return code
}

// get returns the Go side of a tb_file, or nil for NULL or a closed one.
func get(file *C.tb_file) *handle {
	if file == nil || file.handle == 0 {
		return nil
	}
	h, _ := cgo.Handle(file.handle).Value().(*handle)
	return h
}

// config turns tb_options into the query layer's and the file's options.
func config(opts *C.tb_options) (*query.Config, *tablebase.Options) {
	c, o := &query.Config{}, &tablebase.Options{}
	if opts != nil {
		c.Workers = int(opts.workers)
		o.CacheBytes = int(opts.cache_mib) << 20
	}
	return c, o
}

// setMessage writes msg into a caller's buffer of size bytes, cut to fit
// with its NUL.
func setMessage(buf *C.char, size C.size_t, msg string) {
	if buf == nil || size == 0 {
		return
	}
	copyString(unsafe.Slice((*byte)(unsafe.Pointer(buf)), int(size)), msg)
}

// copyString copies s into dst, cut to leave room for a NUL, and ends it
// with one; it returns the bytes copied.
func copyString(dst []byte, s string) int {
	n := copy(dst[:len(dst)-1], s)
	dst[n] = 0
	return n
}

// newFile makes the C handle of h.
func newFile(h *handle, game string, format int) *C.tb_file {
	file := (*C.tb_file)(C.calloc(1, C.size_t(unsafe.Sizeof(C.tb_file{}))))
	file.handle = C.uintptr_t(cgo.NewHandle(h))
	copyString(unsafe.Slice((*byte)(unsafe.Pointer(&file.game[0])), len(file.game)), game)
	file.format = C.int32_t(format)
	return file
}

//export tb_open
func tb_open(path *C.char, opts *C.tb_options, out **C.tb_file, msg *C.char, msgSize C.size_t) (code C.int) {
	defer recoverTo(&code, nil)
	if out == nil || path == nil {
		setMessage(msg, msgSize, "tb_open: path and file must not be NULL")
		return C.TB_ERR_ARGUMENT
	}
	*out = nil
	return openFile(C.GoString(path), nil, opts, out, msg, msgSize)
}

//export tb_open_as
func tb_open_as(path, game *C.char, opts *C.tb_options, out **C.tb_file, msg *C.char, msgSize C.size_t) (code C.int) {
	defer recoverTo(&code, nil)
	if out == nil || path == nil || game == nil {
		setMessage(msg, msgSize, "tb_open_as: path, game and file must not be NULL")
		return C.TB_ERR_ARGUMENT
	}
	*out = nil
	g, err := games.Lookup(C.GoString(game))
	if err != nil {
		setMessage(msg, msgSize, err.Error())
		return C.TB_ERR_ARGUMENT
	}
	return openFile(C.GoString(path), g, opts, out, msg, msgSize)
}

// openFile opens the file at path for tb_open (want nil: the file's own
// game), or for tb_open_as: the file must then hold a tablebase of want.
func openFile(path string, want query.Game, opts *C.tb_options, out **C.tb_file, msg *C.char, msgSize C.size_t) C.int {
	c, o := config(opts)
	f, err := tablebase.OpenWith(path, o)
	if err != nil {
		setMessage(msg, msgSize, err.Error())
		return errorCode(err, C.TB_ERR_FILE)
	}
	g := want
	if g == nil {
		if g, err = games.Lookup(f.Meta().Game); err != nil {
			f.Close()
			setMessage(msg, msgSize, fmt.Sprintf("%s: %v", path, err))
			return C.TB_ERR_FILE
		}
	}
	t, err := query.OpenGame(g, f, c) // refuses a file of another game than g
	if err != nil {
		f.Close()
		setMessage(msg, msgSize, err.Error())
		return errorCode(err, C.TB_ERR_FILE)
	}
	*out = newFile(&handle{t: t, f: f, batch: newRegionBatch(t, f)}, g.Name(), f.Meta().Format)
	return C.TB_OK
}

//export tb_open_game
func tb_open_game(game *C.char, opts *C.tb_options, out **C.tb_file, msg *C.char, msgSize C.size_t) (code C.int) {
	defer recoverTo(&code, nil)
	if out == nil || game == nil {
		setMessage(msg, msgSize, "tb_open_game: game and file must not be NULL")
		return C.TB_ERR_ARGUMENT
	}
	*out = nil
	g, err := games.Lookup(C.GoString(game))
	if err != nil {
		setMessage(msg, msgSize, err.Error())
		return C.TB_ERR_ARGUMENT
	}
	c, _ := config(opts)
	t, err := query.OpenGame(g, nil, c)
	if err != nil {
		setMessage(msg, msgSize, err.Error())
		return C.TB_ERR_INTERNAL
	}
	*out = newFile(&handle{t: t}, g.Name(), 0)
	return C.TB_OK
}

//export tb_close
func tb_close(file *C.tb_file) {
	defer recoverTo(nil, nil)
	h := get(file)
	if h == nil {
		return
	}
	cgo.Handle(file.handle).Delete()
	file.handle = 0
	if h.f != nil {
		h.f.Close()
	}
	C.free(unsafe.Pointer(file))
}

//export tb_content_hash
func tb_content_hash(file *C.tb_file, hash *C.uint64_t) (code C.int) {
	h := get(file)
	defer recoverTo(&code, h)
	if h == nil || hash == nil {
		return badArgument(h, "tb_content_hash: NULL handle or hash")
	}
	*hash = 0
	if h.f == nil {
		return C.TB_OK
	}
	v, err := h.f.Content()
	if err != nil {
		return h.fail(errorCode(err, C.TB_ERR_FILE), err.Error())
	}
	*hash = C.uint64_t(v)
	return C.TB_OK
}

//export tb_last_error
func tb_last_error(file *C.tb_file, buf *C.char, size C.size_t) (n C.size_t) {
	defer recoverTo(nil, nil)
	h := get(file)
	msg := "tb_last_error: NULL or closed handle"
	if h != nil {
		h.mu.Lock()
		msg = h.msg
		h.mu.Unlock()
	}
	setMessage(buf, size, msg)
	return C.size_t(len(msg))
}

// recoverTo turns a panic in an exported function into TB_ERR_INTERNAL:
// it stores the code in *code (when not nil) and the message in h (when
// not nil).
func recoverTo(code *C.int, h *handle) {
	v := recover()
	if v == nil {
		return
	}
	if code != nil {
		*code = C.TB_ERR_INTERNAL
	}
	if h != nil {
		h.fail(C.TB_ERR_INTERNAL, fmt.Sprintf("internal error: %v", v))
	}
}
