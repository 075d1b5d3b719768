package server_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/tablebase/tablebase/games"
	"github.com/tablebase/tablebase/query/server"
)

// FuzzServer sends any position, any options and any POST body to any
// game: every answer is JSON with a designed status, never a panic.
func FuzzServer(f *testing.F) {
	for i, s := range []string{"..|..", "xo|ox", "2x2x3", strings.Repeat(".", 27), "...|...", "é", "", "%23"} {
		f.Add(uint8(i), s, uint8(i*37))
	}
	srv := server.New(served(f, nil), server.Options{MaxSolveCells: 10, MaxBody: 1 << 16, MaxLines: 100, MaxResponse: 1 << 16, Timeout: 2 * time.Second, MaxActive: 2})
	allowed := map[int]bool{200: true, 400: true, 404: true, 413: true, 414: true, 422: true, 503: true}
	f.Fuzz(func(t *testing.T, game uint8, position string, flags uint8) {
		name := games.All[int(game)%len(games.All)].Name()
		v := url.Values{"position": {position}}
		for i, flag := range []string{"moves", "explicit", "details", "no_solve", "outcome_only"} {
			if flags>>i&1 != 0 {
				v.Set(flag, "1")
			}
		}
		for _, req := range []*http.Request{
			httptest.NewRequest("GET", "/"+name+"?"+v.Encode(), nil),
			httptest.NewRequest("POST", "/"+name+"?"+v.Encode(), strings.NewReader(position+"\n"+position)),
		} {
			w := httptest.NewRecorder()
			srv.ServeHTTP(w, req)
			if !allowed[w.Code] {
				t.Fatalf("%s %s: status %d: %s", req.Method, req.URL, w.Code, w.Body)
			}
			for _, line := range strings.Split(strings.TrimSpace(w.Body.String()), "\n") {
				if line == "" && req.Method == "POST" {
					continue // a body of blank lines has no answers
				}
				if !json.Valid([]byte(line)) {
					t.Fatalf("%s %s: not JSON: %q", req.Method, req.URL, line)
				}
			}
		}
	})
}
