package main

/*
#define TB_TYPES_ONLY
#include "tb.h"
*/
import "C"

import (
	"bytes"
	"strings"
	"unsafe"
)

// batchRun answers a run of views through h's batch path, as
// regionBatch.run does; a fault of the batch path sends the run's
// positions through one, the one-at-a-time path, instead.
func (h *handle) batchRun(views []string, out []C.tb_answer, ids []uint32, one func(i int) C.int) (taken, failed int) {
	defer func() {
		if recover() == nil {
			return
		}
		taken, failed = min(len(views), batchPositions), 0
		for i := range taken {
			if one(i) != C.TB_OK {
				failed++
			}
			if ids != nil {
				ids[i] = 0
			}
		}
	}()
	return h.batch.run(views, out, ids, one)
}

// probeBatched answers one position through h's batch path (tb_probe),
// a run of one: its answer comes from those the batch path keeps, where
// it has one, and is the one-at-a-time path's where it has not.
func (h *handle) probeBatched(position *C.char, out *C.tb_answer) C.int {
	code := C.int(C.TB_OK)
	views := [1]string{cView(position)}
	h.batchRun(views[:], unsafe.Slice(out, 1), nil, func(int) C.int {
		code = probeOne(h, position, out)
		return code
	})
	return code
}

// probeArray answers the C strings of in into out through h's batch path
// (tb_probe_many) and returns how many answers are errors.
func (h *handle) probeArray(in []*C.char, out []C.tb_answer) (failed int) {
	var views [batchPositions]string
	for len(in) > 0 {
		n := min(len(in), batchPositions)
		for i := range n {
			views[i] = cView(in[i])
		}
		taken, f := h.batchRun(views[:n], out, nil, func(i int) C.int { return probeOne(h, in[i], &out[i]) })
		failed += f
		in, out = in[taken:], out[taken:]
	}
	return failed
}

// cView returns the C string at p as a string over the same memory, valid
// while the caller's is ("" for NULL). It reads no further than the page
// of the NUL.
func cView(p *C.char) string {
	if p == nil {
		return ""
	}
	const page = 4096 // a bound of every page size
	start := unsafe.Pointer(p)
	for n := 0; ; {
		room := page - int((uintptr(start)+uintptr(n))%page)
		if i := bytes.IndexByte(unsafe.Slice((*byte)(unsafe.Add(start, n)), room), 0); i >= 0 {
			return unsafe.String((*byte)(start), n+i)
		}
		n += room
	}
}

// lineRuns gathers the lines of tb_probe_lines into runs for h's batch
// path, answering each into out (and its number into ids, when not nil)
// in turn; without a batch path it answers each line as it comes.
type lineRuns struct {
	h     *handle
	out   []C.tb_answer // from the first line gathered on
	ids   []uint32      // nil, or from the first line gathered on
	views [batchPositions]string
	n     int // lines gathered
}

// add gathers a line (a view of the caller's buffer), answering the run
// once it is full.
func (l *lineRuns) add(line []byte) {
	if l.h.batch == nil {
		lineOne(l.h, string(line), &l.out[0])
		l.out = l.out[1:]
		if l.ids != nil {
			l.ids[0], l.ids = 0, l.ids[1:]
		}
		return
	}
	l.views[l.n] = unsafe.String(unsafe.SliceData(line), len(line))
	if l.n++; l.n == batchPositions {
		l.answer(false)
	}
}

// answer answers the lines gathered: all of them, or (all false) runs
// while a run is full.
func (l *lineRuns) answer(all bool) {
	for l.n == batchPositions || all && l.n > 0 {
		views, out := l.views[:l.n], l.out
		taken, _ := l.h.batchRun(views, out, l.ids, func(i int) C.int { return lineOne(l.h, strings.Clone(views[i]), &out[i]) })
		l.n = copy(l.views[:], l.views[taken:l.n])
		l.out = l.out[taken:]
		if l.ids != nil {
			l.ids = l.ids[taken:]
		}
	}
}
