package server_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games"
	"github.com/tablebase/tablebase/games/domineering"
	"github.com/tablebase/tablebase/internal/region"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/query/server"
	"github.com/tablebase/tablebase/tablebase"
)

// newTestServer serves every game, Domineering from an 8-cell tablebase,
// in the http.Server tb serve runs it in.
func newTestServer(t *testing.T, opts server.Options) (*httptest.Server, *domineering.Querier) {
	t.Helper()
	list := served(t, map[string]string{"domineering": dom8(t)})
	return start(t, server.New(list, opts)), list[0].Querier.(*domineering.Querier)
}

// dom8 builds an 8-cell Domineering tablebase and returns its path.
func dom8(t testing.TB) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "dom8.db")
	if _, err := domineering.Plain.Build(context.Background(), build.Params{"max-cells": "8"}, build.Options{Path: path}); err != nil {
		t.Fatal(err)
	}
	return path
}

// start serves s in its HTTPServer until the test ends.
func start(t testing.TB, s *server.Server) *httptest.Server {
	t.Helper()
	srv := httptest.NewUnstartedServer(s)
	srv.Config = s.HTTPServer()
	srv.Start()
	t.Cleanup(srv.Close)
	return srv
}

// served opens every game of the registry for a server, reading the
// files named (by game) and closing them when the test ends.
func served(t testing.TB, files map[string]string) []server.Served {
	t.Helper()
	var list []server.Served
	for _, g := range games.All {
		var f *tablebase.File
		if path := files[g.Name()]; path != "" {
			var err error
			if f, err = tablebase.Open(path); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { f.Close() })
		}
		q, err := g.Open(f, nil)
		if err != nil {
			t.Fatal(err)
		}
		list = append(list, server.Served{Game: g, Querier: q, File: files[g.Name()]})
	}
	return list
}

func get(t *testing.T, u string) (int, http.Header, string) {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, string(body)
}

func TestServerEndpoints(t *testing.T) {
	srv, _ := newTestServer(t, server.DefaultOptions)
	q := func(path, pos string) string { return srv.URL + path + "?position=" + url.QueryEscape(pos) }
	cases := []struct {
		name, url string
		status    int
		want      string // a part of the body
	}{
		{"answer", q("/domineering", "..|.."), 200, `"value":"+-1"`},
		{"_ for #", q("/domineering", "_.|.."), 200, `"position":"_.|..","source":"tablebase","value":"*"`},
		{"_ for # in moves", q("/domineering/moves", "._.|..."), 200, `"position":"._.|...",`},
		{"_ for # in a box", q("/domineering3d", "2x2x2:__.|.|..|.."), 200, `"position":"2x2x2:__.|.|..|..","source":"solved","outcomes":`},
		{"from the file", q("/domineering", "...|..."), 200, `"source":"tablebase"`},
		{"flags", q("/domineering", "...|...") + "&details=1&explicit=1", 200, `"thermograph":{"left":[[0,2],[1.25,0.75]]`},
		{"moves", q("/domineering/moves", "..|.."), 200, `"move":"a1-a2"`},
		{"moves flag", q("/sync-domineering", "...|...") + "&moves=1", 200, `"guarantee":"win"`},
		{"ttt3d", q("/ttt3d", strings.Repeat(".", 27)), 200, `"result":"win","plies":7`},
		{"cram", q("/cram/moves", "...|..."), 200, `"value":"*","outcome":"N","moves":[{"move":"a1-a2"`},
		{"clobber", q("/clobber", "xxo") + "&explicit=1", 200, `"value":"^","outcome":"L","explicit":"{0|{0|0}}"`},
		{"games' boards", srv.URL + "/games", 200, `{"game":"clobber","board":{"kind":"stones","size":"3x4","start":"xoxo|oxox|xoxo","whole_board":true,"players":{"L":"Left (x)","R":"Right (o)"},"cells":"xo."}}`},
		{"unknown game", q("/chess", "x"), 404, `"error":"unknown game \"chess\"`},
		{"bad position", q("/domineering", "..x"), 400, `"error":"bad character 'x'`},
		{"ragged", q("/sync-triomineering", "...|.."), 400, `ragged rows`},
		{"no position", srv.URL + "/domineering", 400, `"error":"missing position`},
		{"not stored", q("/domineering", "...|...|...") + "&no_solve=1", 404, `not in the tablebase`},
		{"too large", q("/domineering", "......|......|......|......|......"), 422, `too large to solve here`},
		{"outcome only", q("/domineering", "......|......|......|......|......|......") + "&outcome_only=1", 200, `"source":"solved","outcome":"N"}`},
		{"outcome only, 9x9 corner", q("/domineering", "...######|...######|"+strings.Repeat("#########|", 6)+"#########") + "&outcome_only=1", 200, `"outcome":"N"`},
		{"games", srv.URL + "/games", 200, `{"game":"domineering","tablebase":`},
		{"explorer", srv.URL + "/", 200, `<title>tablebase explorer</title>`},
		{"script", srv.URL + "/explorer.js", 200, `function drawThermograph`},
		{"no such page", srv.URL + "/a/b/c", 404, `"error":"no such page`},
	}
	for _, c := range cases {
		code, h, body := get(t, c.url)
		if code != c.status || !strings.Contains(body, c.want) {
			t.Errorf("%s: %d %s; want %d and %s", c.name, code, body, c.status, c.want)
		}
		if h.Get("Access-Control-Allow-Origin") != "*" {
			t.Errorf("%s: no CORS header", c.name)
		}
		if ct := h.Get("Content-Type"); c.name != "explorer" && c.name != "script" && ct != "application/json" {
			t.Errorf("%s: content type %q", c.name, ct)
		}
	}
}

func TestServerPreflight(t *testing.T) {
	srv, _ := newTestServer(t, server.DefaultOptions)
	req, _ := http.NewRequest(http.MethodOptions, srv.URL+"/domineering", nil)
	req.Header.Set("Origin", "http://example.org")
	req.Header.Set("Access-Control-Request-Method", "POST")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent || !strings.Contains(resp.Header.Get("Access-Control-Allow-Methods"), "POST") {
		t.Errorf("preflight: %d %v", resp.StatusCode, resp.Header)
	}
	for _, m := range []string{http.MethodPut, http.MethodDelete} {
		req, _ := http.NewRequest(m, srv.URL+"/domineering", nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") == "" {
			t.Errorf("%s: %d %v", m, resp.StatusCode, resp.Header)
		}
	}
}

func TestServerBatch(t *testing.T) {
	srv, _ := newTestServer(t, server.Options{MaxSolveCells: 24, MaxBody: 64, Timeout: 10 * time.Second})
	resp, err := http.Post(srv.URL+"/domineering", "text/plain", strings.NewReader("..|..\n\nbad\n...\n"))
	if err != nil {
		t.Fatal(err)
	}
	var answers []query.Answer
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		var a query.Answer
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			t.Fatal(err)
		}
		answers = append(answers, a)
	}
	resp.Body.Close()
	if len(answers) != 3 || answers[0].Value != "+-1" || answers[1].Error == "" || answers[2].Value != "-1" {
		t.Errorf("batch answers: %+v", answers)
	}
	resp, err = http.Post(srv.URL+"/domineering", "text/plain", strings.NewReader(strings.Repeat("..|..\n", 20)))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(string(body), `"error"`) {
		t.Errorf("oversized body: %d %s", resp.StatusCode, body)
	}
}

func TestServerTimeout(t *testing.T) {
	srv, _ := newTestServer(t, server.Options{MaxSolveCells: 30, MaxBody: 1 << 10, Timeout: time.Millisecond})
	for _, u := range []string{
		"/domineering?position=" + url.QueryEscape(strings.TrimSuffix(strings.Repeat("......|", 5), "|")),
		"/domineering?outcome_only=1&position=" + url.QueryEscape(strings.TrimSuffix(strings.Repeat("........|", 8), "|")),
	} {
		start := time.Now()
		code, _, body := get(t, srv.URL+u)
		if code != http.StatusServiceUnavailable || !strings.Contains(body, "did not finish") {
			t.Errorf("%s: %d %s", u, code, body)
		}
		if d := time.Since(start); d > time.Minute { // a hang, not a slow machine
			t.Errorf("%s: answered after %v", u, d)
		}
	}
}

// TestServerConcurrentClients has 8 clients ask random positions at once
// and checks each answer against the querier asked directly.
func TestServerConcurrentClients(t *testing.T) {
	srv, direct := newTestServer(t, server.DefaultOptions)
	var wg sync.WaitGroup
	for c := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 40 {
				pos := region.Region{H: 4, W: 4, Bits: uint64(c*977+i*131) * 0x9E3779B97F4A7C15 & 0xffff}.String()
				_, _, body := get(t, srv.URL+"/domineering?position="+url.QueryEscape(pos))
				var a query.Answer
				if err := json.Unmarshal([]byte(body), &a); err != nil {
					t.Error(err)
					return
				}
				want := direct.Query(context.Background(), pos, query.Options{})
				if a.Value != want.Value || a.Outcome != want.Outcome || a.Error != want.Error {
					t.Errorf("%s: served %+v, direct %+v", pos, a, want)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// TestServerDamagedFile: a page that fails its checksum answers 500 with
// a JSON error naming the damage, and the server goes on serving.
func TestServerDamagedFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "dom8.db")
	if _, err := domineering.Plain.Build(context.Background(), build.Params{"max-cells": "8"}, build.Options{Path: path}); err != nil {
		t.Fatal(err)
	}
	db, err := bolt.Open(path, 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket([]byte("compact"))
		k, v := b.Cursor().First() // the header of the 1-cell regions
		bad := append([]byte(nil), v...)
		bad[len(bad)/2] ^= 0xff
		return b.Put(append([]byte(nil), k...), bad)
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(server.New(served(t, map[string]string{"domineering": path}), server.DefaultOptions))
	defer srv.Close()
	code, _, body := get(t, srv.URL+"/domineering?position=.")
	if code != http.StatusInternalServerError || !strings.Contains(body, "damaged tablebase file") {
		t.Errorf("a damaged block: %d %s", code, body)
	}
	if code, _, body := get(t, srv.URL+"/ttt3d?position="+strings.Repeat(".", 27)); code != http.StatusOK {
		t.Errorf("after it: %d %s", code, body)
	}
}

// TestServerLongLine: a POST line longer than MaxLine gets an error
// answer of its own, and the lines around it are answered.
func TestServerLongLine(t *testing.T) {
	srv, _ := newTestServer(t, server.DefaultOptions)
	body := "..|..\n" + strings.Repeat(".", 1<<20-20) + "\n...\n"
	resp, err := http.Post(srv.URL+"/domineering", "text/plain", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if resp.StatusCode != 200 || len(lines) != 3 || !strings.Contains(lines[0], `"value":"+-1"`) ||
		!strings.Contains(lines[1], `"error":"line too long`) || !strings.Contains(lines[2], `"value":"-1"`) {
		t.Fatalf("%d: %.500s", resp.StatusCode, out)
	}
}

// echoQuerier answers each position with its own text as the value, and
// panics on "panic".
type echoQuerier struct{}

func (echoQuerier) Query(_ context.Context, position string, _ query.Options) query.Answer {
	if position == "panic" {
		panic("a fault of the game's code")
	}
	return query.Answer{Game: "echo", Position: position, Value: position}
}

// TestServerBatchOnEveryCore: a batch of many lines is answered in the
// lines' order though cores answer it in chunks, and a line whose game
// code panics is that line's error while the other lines are answered.
func TestServerBatchOnEveryCore(t *testing.T) {
	game := games.All[0]
	s := server.New([]server.Served{{Game: game, Querier: echoQuerier{}}}, server.DefaultOptions)
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	var lines []string
	for i := range 5000 {
		lines = append(lines, strings.Repeat(".", 1+i%97)+"|"+strings.Repeat("x", i/97))
	}
	lines[1234] = "panic"
	resp, err := http.Post(srv.URL+"/"+game.Name(), "text/plain", strings.NewReader(strings.Join(lines, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	i := 0
	for ; sc.Scan(); i++ {
		var a query.Answer
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			t.Fatal(err)
		}
		switch {
		case i == 1234 && !strings.Contains(a.Error, "internal error"):
			t.Errorf("line %d: %+v, want an internal error", i, a)
		case i != 1234 && (a.Position != lines[i] || a.Value != lines[i]):
			t.Fatalf("line %d: %+v, want %q", i, a, lines[i])
		}
	}
	if i != len(lines) {
		t.Errorf("%d answers to %d lines", i, len(lines))
	}
	if code, _, _ := get(t, srv.URL+"/games"); code != http.StatusOK {
		t.Errorf("the server after a panic: %d", code)
	}
}
