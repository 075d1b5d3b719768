package server_test

import (
	"bufio"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/tablebase/tablebase/query/server"
)

// clients are an HTTP/1.1 client and an HTTP/2 client of prior
// knowledge (cleartext, no upgrade), by the protocol they speak.
func clients() map[string]*http.Client {
	var h1, h2 http.Protocols
	h1.SetHTTP1(true)
	h2.SetUnencryptedHTTP2(true)
	return map[string]*http.Client{
		"HTTP/1.1": {Transport: &http.Transport{Protocols: &h1}},
		"HTTP/2.0": {Transport: &http.Transport{Protocols: &h2}},
	}
}

// send sends one request and returns its protocol, status, content type
// and body.
func send(t *testing.T, c *http.Client, method, u, body string) (proto string, code int, contentType, answer string) {
	t.Helper()
	req, err := http.NewRequest(method, u, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.Proto, resp.StatusCode, resp.Header.Get("Content-Type"), string(b)
}

// TestServerHTTP2: a client speaking HTTP/2 in cleartext from its first
// byte gets, over HTTP/2, the answers an HTTP/1.1 client gets.
func TestServerHTTP2(t *testing.T) {
	srv, _ := newTestServer(t, server.DefaultOptions)
	q := func(path, pos string) string { return srv.URL + path + "?position=" + url.QueryEscape(pos) }
	requests := []struct{ method, url, body, want string }{
		{"GET", q("/domineering", "..|.."), "", `"value":"+-1"`},
		{"GET", q("/domineering/moves", "...|...") + "&details=1", "", `"move":"b1-b2"`},
		{"GET", q("/domineering", "..x"), "", `"error":"bad character 'x'`},
		{"POST", srv.URL + "/domineering", "..|..\n...\n", "\"value\":\"-1\""},
		{"GET", srv.URL + "/games", "", `{"game":"domineering","tablebase":`},
		{"GET", srv.URL + "/value?expr=" + url.QueryEscape("^+^+*"), "", `"value":"^^*"`},
		{"GET", srv.URL + "/chess", "", `"error":"unknown game`},
	}
	c := clients()
	for _, r := range requests {
		proto1, code1, type1, body1 := send(t, c["HTTP/1.1"], r.method, r.url, r.body)
		proto2, code2, type2, body2 := send(t, c["HTTP/2.0"], r.method, r.url, r.body)
		if proto1 != "HTTP/1.1" || proto2 != "HTTP/2.0" {
			t.Fatalf("%s %s: answered in %s and %s", r.method, r.url, proto1, proto2)
		}
		if code2 != code1 || type2 != type1 || body2 != body1 || !strings.Contains(body2, r.want) {
			t.Errorf("%s %s: HTTP/2 %d %s %s; HTTP/1.1 %d %s %s; want %s", r.method, r.url, code2, type2, body2, code1, type1, body1, r.want)
		}
	}
}

// TestServerLongURL: a GET of a position of 100 KB gets a JSON error
// with 414 in either protocol, and one within the bound is answered.
func TestServerLongURL(t *testing.T) {
	srv, _ := newTestServer(t, server.DefaultOptions)
	for proto, c := range clients() {
		for _, n := range []int{100_000, server.MaxURL - 100} {
			_, code, contentType, body := send(t, c, "GET", srv.URL+"/domineering?position="+strings.Repeat(".", n), "")
			var answer struct{ Error string }
			if err := json.Unmarshal([]byte(body), &answer); err != nil || contentType != "application/json" {
				t.Errorf("%s, a position of %d bytes: %d %s %.200s (%v)", proto, n, code, contentType, body, err)
				continue
			}
			switch {
			case n > server.MaxURL && (code != http.StatusRequestURITooLong || !strings.Contains(answer.Error, "by POST")):
				t.Errorf("%s, a position of %d bytes: %d %s", proto, n, code, answer.Error)
			case n < server.MaxURL && code == http.StatusRequestURITooLong:
				t.Errorf("%s, a position of %d bytes, within the bound: %d %s", proto, n, code, answer.Error)
			}
		}
	}
}

// TestServerPipelined sends requests on one HTTP/1.1 connection all at
// once, without waiting, and reads their answers in order.
func TestServerPipelined(t *testing.T) {
	srv, _ := newTestServer(t, server.DefaultOptions)
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(30 * time.Second))
	requests := []string{
		"GET /domineering?position=..|.. HTTP/1.1\r\nHost: x\r\n\r\n",
		"GET /domineering/moves?position=... HTTP/1.1\r\nHost: x\r\n\r\n",
		"POST /domineering HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n..|..\n...\n",
		"GET /domineering?position=.|. HTTP/1.1\r\nHost: x\r\n\r\n",
		"GET /games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
	}
	want := []string{`"value":"+-1"`, `"moves":[`, "\"value\":\"+-1\",\"outcome\":\"N\"}\n{\"game\":\"domineering\",\"position\":\"...\"", `"position":".|.","source":"tablebase","value":"1"`, `{"game":"clobber"`}
	if _, err := io.WriteString(conn, strings.Join(requests, "")); err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(conn)
	for i, w := range want {
		method, _, _ := strings.Cut(requests[i], " ")
		resp, err := http.ReadResponse(r, &http.Request{Method: method})
		if err != nil {
			t.Fatalf("answer %d: %v", i, err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusOK || !strings.Contains(string(body), w) {
			t.Errorf("answer %d: %d %s (%v)\nwant %s", i, resp.StatusCode, body, err, w)
		}
	}
	if n, err := r.Read(make([]byte, 1)); n != 0 || err != io.EOF {
		t.Errorf("after Connection: close: %d bytes, %v; want the end", n, err)
	}
}
