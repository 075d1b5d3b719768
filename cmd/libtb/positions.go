package main

/*
#define TB_TYPES_ONLY
#include <stdlib.h>
#include "tb.h"
#include "handle.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"iter"
	"runtime/cgo"
	"unsafe"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/games"
	"github.com/tablebase/tablebase/query"
)

// positions is the Go side of a tb_positions: the file's position
// classes pulled one at a time from the game's census of the file.
type positions struct {
	h    *handle
	u    *cgt.Universe
	next func() (string, cgt.ID, bool)
	stop func()
	err  error // the census's error, once it has ended

	pending *stored // a position given back for a larger buffer
}

// stored is one position class and its value.
type stored struct {
	position string
	value    cgt.ID
}

// errEnough ends a census the caller stopped pulling.
var errEnough = errors.New("enough")

//export tb_positions_open
func tb_positions_open(file *C.tb_file, out **C.tb_positions) (code C.int) {
	h := get(file)
	defer recoverTo(&code, h)
	if h == nil || out == nil {
		return badArgument(h, "tb_positions_open: NULL or closed handle, or it NULL")
	}
	*out = nil
	g, err := games.Lookup(h.t.Game().Name())
	if err != nil {
		return h.fail(C.TB_ERR_INTERNAL, err.Error())
	}
	census, ok := games.CensusOf(g)
	if !ok || h.f == nil {
		return h.fail(C.TB_ERR_UNSUPPORTED, fmt.Sprintf("tb_positions_open: %s files cannot be listed (or the handle has no file)", g.Name()))
	}
	p := &positions{h: h, u: cgt.NewUniverse(16)}
	var seq iter.Seq2[string, cgt.ID] = func(yield func(string, cgt.ID) bool) {
		err := census.EachValue(h.f, p.u, func(_ int, pos fmt.Stringer, v cgt.ID) error {
			if !yield(pos.String(), v) {
				return errEnough
			}
			return nil
		})
		if !errors.Is(err, errEnough) {
			p.err = err
		}
	}
	p.next, p.stop = iter.Pull2(seq)
	it := (*C.tb_positions)(C.malloc(C.size_t(unsafe.Sizeof(C.tb_positions{}))))
	it.handle = C.uintptr_t(cgo.NewHandle(p))
	*out = it
	return C.TB_OK
}

//export tb_positions_next
func tb_positions_next(it *C.tb_positions, position *C.char, size C.size_t, out *C.tb_answer) (code C.int) {
	if it == nil || it.handle == 0 {
		return C.TB_ERR_ARGUMENT
	}
	p, _ := cgo.Handle(it.handle).Value().(*positions)
	if p == nil {
		return C.TB_ERR_ARGUMENT
	}
	defer recoverTo(&code, p.h)
	if position == nil || out == nil {
		return badArgument(p.h, "tb_positions_next: NULL position or out")
	}
	s := p.pending
	if s == nil {
		pos, v, ok := p.next()
		if !ok {
			if p.err != nil {
				return p.h.fail(errorCode(p.err, C.TB_ERR_INTERNAL), p.err.Error())
			}
			return C.TB_END
		}
		s = &stored{pos, v}
	}
	if len(s.position) >= int(size) {
		p.pending = s
		return p.h.fail(C.TB_ERR_BUFFER, fmt.Sprintf("tb_positions_next: the position takes %d bytes, the buffer has %d", len(s.position)+1, int(size)))
	}
	p.pending = nil
	copyString(bytesOf(position, int(size)), s.position)
	a := query.Answer{Game: p.h.t.Game().Name(), Position: s.position, Source: query.FromTablebase}
	a.SetValue(p.u, s.value, query.Options{})
	a.Shape()
	return fill(out, p.h, a)
}

//export tb_positions_close
func tb_positions_close(it *C.tb_positions) {
	if it == nil {
		return
	}
	defer recoverTo(new(C.int), nil)
	if it.handle != 0 {
		h := cgo.Handle(it.handle)
		if p, ok := h.Value().(*positions); ok {
			p.stop()
		}
		h.Delete()
		it.handle = 0
	}
	C.free(unsafe.Pointer(it))
}
