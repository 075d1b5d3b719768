package main

/*
#define TB_TYPES_ONLY
#include "tb.h"
#include "handle.h"
*/
import "C"

import (
	"strconv"
	"unsafe"
)

//export tb_moves
func tb_moves(file *C.tb_file, position *C.char, budget *C.tb_budget, out *C.tb_move, capacity C.size_t, n *C.size_t) (code C.int) {
	h := get(file)
	defer recoverTo(&code, h)
	if h == nil || position == nil || n == nil || (out == nil && capacity > 0) {
		return badArgument(h, "tb_moves: NULL or closed handle, or a NULL argument")
	}
	*n = 0
	ctx, opts, cancel := solving(budget)
	defer cancel()
	opts.Moves = true
	a := h.answer(ctx, C.GoString(position), opts)
	if a.Error != "" {
		return h.fail(errorCode(a.Err(), C.TB_ERR_INTERNAL), a.Error)
	}
	*n = C.size_t(len(a.Moves))
	if len(a.Moves) > int(capacity) {
		return h.fail(C.TB_ERR_BUFFER, "tb_moves: "+strconv.Itoa(len(a.Moves))+" moves, room for "+strconv.Itoa(int(capacity)))
	}
	if len(a.Moves) == 0 {
		return C.TB_OK
	}
	moves := unsafe.Slice(out, len(a.Moves))
	best := map[string]bool{}
	for i, m := range a.Moves {
		c := &moves[i]
		*c = C.tb_move{result: C.int32_t(resultCode(m.Result)), distance: -1, outcome: C.int32_t(outcomeCode(m.Outcome))}
		if m.Distance != nil {
			c.distance = C.int32_t(*m.Distance)
		}
		if !best[m.Player] {
			best[m.Player], c.best = true, 1
		}
		copyString(bytesOf(&c.player[0], len(c.player)), m.Player)
		copyString(bytesOf(&c.move[0], len(c.move)), m.Move)
		copyString(bytesOf(&c.value[0], len(c.value)), m.Value)
		copyString(bytesOf(&c.position[0], len(c.position)), m.Position)
	}
	return C.TB_OK
}

//export tb_probe_json
func tb_probe_json(file *C.tb_file, position *C.char, flags C.int, budget *C.tb_budget, buf *C.char, size C.size_t, length *C.size_t) (code C.int) {
	h := get(file)
	defer recoverTo(&code, h)
	if h == nil || position == nil || length == nil || (buf == nil && size > 0) {
		return badArgument(h, "tb_probe_json: NULL or closed handle, or a NULL argument")
	}
	ctx, opts, cancel := solving(budget)
	defer cancel()
	opts.Moves = flags&C.TB_JSON_MOVES != 0
	opts.Details = flags&C.TB_JSON_DETAILS != 0
	opts.Explicit = flags&C.TB_JSON_EXPLICIT != 0
	a := h.t.Query(ctx, C.GoString(position), opts)
	text := a.AppendJSON(nil)
	*length = C.size_t(len(text))
	if len(text) >= int(size) {
		return h.fail(C.TB_ERR_BUFFER, "tb_probe_json: the answer takes "+strconv.Itoa(len(text)+1)+" bytes, the buffer has "+strconv.Itoa(int(size)))
	}
	copyString(bytesOf(buf, int(size)), string(text))
	if a.Error != "" {
		return h.fail(errorCode(a.Err(), C.TB_ERR_INTERNAL), a.Error)
	}
	return C.TB_OK
}

// bytesOf views n bytes of C memory from p.
func bytesOf(p *C.char, n int) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(p)), n)
}
