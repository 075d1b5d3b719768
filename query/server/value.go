package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/query"
)

// MaxValueExpr is the longest expression GET /value takes, in bytes.
const MaxValueExpr = 4096

// valueStatus is the HTTP status of a value answer: 400 for a bad
// expression, 422 for one too large, 503 past the timeout.
func valueStatus(err error, timedOut bool) int {
	switch {
	case err == nil:
		return http.StatusOK
	case errors.Is(err, cgt.ErrSyntax):
		return http.StatusBadRequest
	case errors.Is(err, cgt.ErrLimit) && timedOut:
		return http.StatusServiceUnavailable
	case errors.Is(err, cgt.ErrLimit):
		return http.StatusUnprocessableEntity
	}
	return http.StatusInternalServerError
}

// rawParam returns the query parameter name with '+' kept as a plus
// sign, not a space: a sum is written ^+* in a URL as on the command line
// (and %2B, %20 are read as + and a space).
func rawParam(rawQuery, name string) string {
	for _, kv := range strings.Split(rawQuery, "&") {
		k, v, _ := strings.Cut(kv, "=")
		if k != name {
			continue
		}
		if u, err := url.PathUnescape(v); err == nil {
			return u
		}
		return v
	}
	return ""
}

// value answers GET /value?expr=E with the JSON of tb value --json, each
// request in a Universe of its own, bounded by MaxValueExpr,
// MaxValueForms and the server's timeout.
func (s *Server) value(w http.ResponseWriter, r *http.Request) {
	expr := rawParam(r.URL.RawQuery, "expr")
	switch {
	case expr == "":
		writeError(w, http.StatusBadRequest, "missing expr: ask GET /value?expr=... (for example expr=%5E%2B*)")
		return
	case len(expr) > MaxValueExpr:
		writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("expr of %d bytes: at most %d", len(expr), MaxValueExpr))
		return
	case !utf8.ValidString(expr):
		writeError(w, http.StatusBadRequest, "expr is not UTF-8")
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.opts.Timeout)
	defer cancel()
	var a query.Calculation
	deadline, _ := ctx.Deadline()
	if err := s.within(ctx, func() {
		u := cgt.NewUniverse(16)
		u.SetLimits(query.MaxValueForms, deadline)
		a = query.EvaluateValue(u, expr)
	}); err != nil {
		writeError(w, failedStatus(err), err.Error())
		return
	}
	writeJSON(w, valueStatus(a.Err(), time.Now().After(deadline)), a)
}
