package main

/*
#define TB_TYPES_ONLY
#include "tb.h"
#include "handle.h"
*/
import "C"

import (
	"context"
	"errors"
	"strconv"
	"time"
	"unsafe"

	"github.com/tablebase/tablebase/games"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

// probeOnly are the options of a probe: the file alone.
var probeOnly = query.Options{NoSolve: true}

//export tb_probe
func tb_probe(file *C.tb_file, position *C.char, out *C.tb_answer) (code C.int) {
	h := get(file)
	defer recoverTo(&code, h)
	if out == nil {
		return badArgument(h, "tb_probe: out must not be NULL")
	}
	if h == nil || position == nil {
		return fill(out, nil, argumentAnswer(h, "tb_probe: NULL or closed handle, or NULL position"))
	}
	if h.batch != nil {
		return h.probeBatched(position, out)
	}
	return fill(out, h, h.answer(context.Background(), C.GoString(position), probeOnly))
}

//export tb_probe_many
func tb_probe_many(file *C.tb_file, positions **C.char, n C.size_t, out *C.tb_answer) (failed C.size_t) {
	h := get(file)
	if n == 0 {
		return 0
	}
	if out == nil || positions == nil {
		return n
	}
	answers := unsafe.Slice(out, int(n))
	in := unsafe.Slice(positions, int(n))
	if h != nil && h.batch != nil {
		return C.size_t(h.probeArray(in, answers))
	}
	for i := range answers {
		if probeOne(h, in[i], &answers[i]) != C.TB_OK {
			failed++
		}
	}
	return failed
}

// probeOne answers one position of a batch, recovering from a panic.
func probeOne(h *handle, position *C.char, out *C.tb_answer) (code C.int) {
	defer recoverTo(&code, h)
	if h == nil || position == nil {
		return fill(out, nil, argumentAnswer(h, "tb_probe_many: NULL or closed handle, or NULL position"))
	}
	return fill(out, h, h.answer(context.Background(), C.GoString(position), probeOnly))
}

//export tb_probe_lines
func tb_probe_lines(file *C.tb_file, lines *C.char, length C.size_t, out *C.tb_answer, capacity C.size_t, n *C.size_t) (code C.int) {
	h := get(file)
	defer recoverTo(&code, h)
	return probeLines(h, "tb_probe_lines", lines, length, out, nil, capacity, n)
}

//export tb_probe_lines_ids
func tb_probe_lines_ids(file *C.tb_file, lines *C.char, length C.size_t, out *C.tb_answer, ids *C.uint32_t, capacity C.size_t, n *C.size_t) (code C.int) {
	h := get(file)
	defer recoverTo(&code, h)
	if ids == nil && capacity > 0 {
		return badArgument(h, "tb_probe_lines_ids: NULL ids")
	}
	return probeLines(h, "tb_probe_lines_ids", lines, length, out, ids, capacity, n)
}

// lineOne answers one line of tb_probe_lines, recovering from a panic.
func lineOne(h *handle, position string, out *C.tb_answer) (code C.int) {
	defer recoverTo(&code, h)
	return fill(out, h, h.answer(context.Background(), position, probeOnly))
}

//export tb_solve
func tb_solve(file *C.tb_file, position *C.char, budget *C.tb_budget, out *C.tb_answer) (code C.int) {
	h := get(file)
	defer recoverTo(&code, h)
	if out == nil {
		return badArgument(h, "tb_solve: out must not be NULL")
	}
	if h == nil || position == nil {
		return fill(out, nil, argumentAnswer(h, "tb_solve: NULL or closed handle, or NULL position"))
	}
	ctx, opts, cancel := solving(budget)
	defer cancel()
	return fill(out, h, h.answer(ctx, C.GoString(position), opts))
}

// solving returns the context and options of a call given budget (NULL:
// probe only).
func solving(budget *C.tb_budget) (context.Context, query.Options, context.CancelFunc) {
	if budget == nil {
		return context.Background(), probeOnly, func() {}
	}
	opts := query.Options{MaxNodes: int64(budget.max_nodes), MaxSolveCells: int(budget.max_cells)}
	if budget.timeout_ms > 0 {
		ctx, cancel := context.WithTimeout(context.Background(), time.Duration(budget.timeout_ms)*time.Millisecond)
		return ctx, opts, cancel
	}
	return context.Background(), opts, func() {}
}

// argumentAnswer is the answer to a call with a bad argument, recorded on
// h when there is one.
func argumentAnswer(h *handle, msg string) query.Answer {
	if h != nil {
		h.fail(C.TB_ERR_ARGUMENT, msg)
	}
	return query.Answer{Error: msg}
}

// badArgument records a bad argument on h, when there is one.
func badArgument(h *handle, msg string) C.int {
	if h == nil {
		return C.TB_ERR_ARGUMENT
	}
	return h.fail(C.TB_ERR_ARGUMENT, msg)
}

// fill writes answer a into out and returns its error code; a failing
// answer's message is recorded on h.
func fill(out *C.tb_answer, h *handle, a query.Answer) C.int {
	*out = C.tb_answer{distance: -1, nim: -1}
	if a.Error != "" {
		code := C.int(C.TB_ERR_ARGUMENT)
		if err := a.Err(); err != nil {
			code = errorCode(err, C.TB_ERR_INTERNAL)
		}
		out.error = C.int32_t(code)
		if h != nil {
			h.fail(code, a.Error)
		}
		return code
	}
	out.source = C.TB_SOURCE_SOLVED
	if a.Source == query.FromTablebase {
		out.source = C.TB_SOURCE_FILE
	}
	out.outcome = C.int32_t(outcomeCode(a.Outcome))
	if r, ok := games.ResultToMoveOf(a.Extra); ok {
		out.result = C.int32_t(resultCode(r.ResultToMove()))
	}
	if a.Distance != nil {
		out.distance = C.int32_t(*a.Distance)
	}
	if a.Value != "" {
		out.value_len = C.int32_t(len(a.Value))
		copyString(unsafe.Slice((*byte)(unsafe.Pointer(&out.value[0])), len(out.value)), a.Value)
		out.nim = C.int32_t(nimber(a.Value))
	}
	if t, ok := games.TurnOrdersOf(a.Extra); ok {
		outcomes := t.TurnOrders()
		for i, order := range turnOrders {
			out.outcomes[i] = C.char(outcomes[order][0])
		}
	}
	return C.TB_OK
}

// turnOrders are the three-player turn orders in the order of
// tb_answer.outcomes.
var turnOrders = [6]string{"XYZ", "YZX", "ZXY", "XZY", "ZYX", "YXZ"}

// outcomeCode returns the TB_OUTCOME_ code of an outcome class.
func outcomeCode(o string) int {
	switch o {
	case "L":
		return C.TB_OUTCOME_L
	case "R":
		return C.TB_OUTCOME_R
	case "N":
		return C.TB_OUTCOME_N
	case "P":
		return C.TB_OUTCOME_P
	case "D":
		return C.TB_OUTCOME_D
	case "V":
		return C.TB_OUTCOME_V
	case "H":
		return C.TB_OUTCOME_H
	case "VD":
		return C.TB_OUTCOME_VD
	case "HD":
		return C.TB_OUTCOME_HD
	case "VHD":
		return C.TB_OUTCOME_VHD
	}
	return C.TB_OUTCOME_NONE
}

// resultCode returns the TB_ code of a result.
func resultCode(r string) int {
	switch r {
	case query.Win:
		return C.TB_WIN
	case query.Draw:
		return C.TB_DRAW
	case query.Loss:
		return C.TB_LOSS
	}
	return C.TB_RESULT_NONE
}

// nimber returns n for a value written 0, * or *n, else -1.
func nimber(v string) int {
	switch {
	case v == "0":
		return 0
	case v == "*":
		return 1
	case len(v) > 1 && v[0] == '*':
		if n, err := strconv.Atoi(v[1:]); err == nil && n > 1 {
			return n
		}
	}
	return -1
}

// errorCode returns the TB_ERR_ code of err, or other when none fits.
func errorCode(err error, other C.int) C.int {
	switch {
	case errors.Is(err, query.ErrBadPosition):
		return C.TB_ERR_BAD_POSITION
	case errors.Is(err, query.ErrNotStored):
		return C.TB_ERR_NOT_STORED
	case errors.Is(err, query.ErrTooLarge):
		return C.TB_ERR_TOO_LARGE
	case errors.Is(err, query.ErrTimeout), errors.Is(err, context.DeadlineExceeded):
		return C.TB_ERR_TIMEOUT
	case errors.Is(err, tablebase.ErrDamaged):
		return C.TB_ERR_DAMAGED
	}
	return other
}
