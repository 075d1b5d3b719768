package main

/*
#define TB_TYPES_ONLY
#include "tb.h"
*/
import "C"

import (
	"encoding/json"
	"errors"
	"time"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/query"
)

//export tb_value_json
func tb_value_json(expr *C.char, budget *C.tb_budget, buf *C.char, size C.size_t, length *C.size_t) (code C.int) {
	defer recoverTo(&code, nil)
	if expr == nil || length == nil || (buf == nil && size > 0) {
		return C.TB_ERR_ARGUMENT
	}
	forms, deadline := query.MaxValueForms, time.Time{}
	if budget != nil {
		if budget.max_nodes > 0 {
			forms = int(min(int64(budget.max_nodes), 1<<30))
		}
		if budget.timeout_ms > 0 {
			deadline = time.Now().Add(time.Duration(budget.timeout_ms) * time.Millisecond)
		}
	}
	u := cgt.NewUniverse(16)
	u.SetLimits(forms, deadline)
	a := query.EvaluateValue(u, C.GoString(expr))
	text, err := json.Marshal(a)
	if err != nil {
		return C.TB_ERR_INTERNAL
	}
	*length = C.size_t(len(text))
	if len(text) >= int(size) {
		return C.TB_ERR_BUFFER
	}
	copyString(bytesOf(buf, int(size)), string(text))
	switch err := a.Err(); {
	case err == nil:
		return C.TB_OK
	case errors.Is(err, cgt.ErrSyntax):
		return C.TB_ERR_ARGUMENT
	case errors.Is(err, cgt.ErrLimit) && !deadline.IsZero() && time.Now().After(deadline):
		return C.TB_ERR_TIMEOUT
	case errors.Is(err, cgt.ErrLimit):
		return C.TB_ERR_TOO_LARGE
	}
	return C.TB_ERR_INTERNAL
}
