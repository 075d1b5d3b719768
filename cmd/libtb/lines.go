package main

/*
#define TB_TYPES_ONLY
#include "tb.h"
*/
import "C"

import (
	"bytes"
	"strconv"
	"unsafe"
)

// probeLines answers the lines of a buffer for tb_probe_lines (ids NULL)
// and tb_probe_lines_ids; name names the call in messages.
func probeLines(h *handle, name string, lines *C.char, length C.size_t, out *C.tb_answer, ids *C.uint32_t, capacity C.size_t, n *C.size_t) C.int {
	if h == nil || n == nil || (lines == nil && length > 0) || (out == nil && capacity > 0) {
		return badArgument(h, name+": NULL or closed handle, or a NULL buffer")
	}
	var buf []byte
	if length > 0 {
		buf = unsafe.Slice((*byte)(unsafe.Pointer(lines)), int(length))
	}
	runs := lineRuns{h: h}
	if capacity > 0 {
		runs.out = unsafe.Slice(out, int(capacity))
		if ids != nil {
			runs.ids = unsafe.Slice((*uint32)(unsafe.Pointer(ids)), int(capacity))
		}
	}
	count := 0
	for len(buf) > 0 {
		line := buf
		if i := bytes.IndexByte(buf, '\n'); i >= 0 {
			line, buf = buf[:i], buf[i+1:]
		} else {
			buf = nil
		}
		if len(line) > 0 && line[len(line)-1] == '\r' {
			line = line[:len(line)-1]
		}
		if len(line) == 0 {
			continue
		}
		if count < int(capacity) {
			runs.add(line)
		}
		count++
	}
	runs.answer(true)
	*n = C.size_t(count)
	if count > int(capacity) {
		return h.fail(C.TB_ERR_BUFFER, name+": "+strconv.Itoa(count)+" positions, room for "+strconv.Itoa(int(capacity)))
	}
	return C.TB_OK
}
