package server_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/tablebase/tablebase/query/server"
)

func TestServeValue(t *testing.T) {
	s := server.New(nil, server.Options{Timeout: 2 * time.Second, MaxActive: 2})
	get := func(expr string) (int, map[string]any) {
		req := httptest.NewRequest("GET", "/value?expr="+url.PathEscape(expr), nil)
		w := httptest.NewRecorder()
		s.ServeHTTP(w, req)
		var m map[string]any
		if err := json.Unmarshal(w.Body.Bytes(), &m); err != nil {
			t.Fatalf("%q: %v in %q", expr, err, w.Body.String())
		}
		return w.Code, m
	}
	if code, m := get("{2|-1/2}"); code != http.StatusOK || m["value"] != "{2|-1/2}" || m["mean"] != "3/4" || m["temperature"] != "5/4" {
		t.Errorf("{2|-1/2}: %d %v", code, m)
	}
	if code, m := get("^ > 0"); code != http.StatusOK || m["holds"] != true {
		t.Errorf("^ > 0: %d %v", code, m)
	}
	// A + typed into the URL is a plus sign, not a space.
	req := httptest.NewRequest("GET", "/value?expr=^%2B^+*", nil)
	w := httptest.NewRecorder()
	s.ServeHTTP(w, req)
	if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `"value":"^^*"`) {
		t.Errorf("expr=^%%2B^+*: %d %s", w.Code, w.Body.String())
	}
	if code, m := get("{0|"); code != http.StatusBadRequest || m["error"] == nil {
		t.Errorf("{0|: %d %v", code, m)
	}
	if code, _ := get(""); code != http.StatusBadRequest {
		t.Errorf("no expr: %d", code)
	}
	if code, _ := get(strings.Repeat("1+", server.MaxValueExpr)); code != http.StatusRequestEntityTooLarge {
		t.Errorf("a long expr: %d", code)
	}
	// A sum of many hot games passes the limit on forms, or the timeout
	// (a short one here).
	s = server.New(nil, server.Options{Timeout: 100 * time.Millisecond, MaxActive: 2})
	hot := strings.Repeat("{3|{1|-1}}+{2|{0|-5/2}}+{1/2|*}+{5/2|^}+{7/4||1|-1}+{3/2|-1/2}+{9/4|Tiny(1)}+", 30) + "0"
	if code, m := get(hot); code != http.StatusUnprocessableEntity && code != http.StatusServiceUnavailable {
		t.Errorf("a huge sum: %d %v", code, m)
	}
}
