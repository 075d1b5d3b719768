package query_test

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablebase/tablebase/games"
	"github.com/tablebase/tablebase/query"
)

// leanRequests are requests of every kind, raw: those the lean path
// answers and those it hands to net/http.
var leanRequests = []struct {
	name, request string
	lean          bool // answered on the lean path
}{
	{"answer", "GET /domineering?position=..%7C.. HTTP/1.1\r\nHost: x\r\n\r\n", true},
	{"bare |", "GET /domineering?position=..|.. HTTP/1.1\r\nHost: x\r\n\r\n", true},
	{"_ for #", "GET /domineering?position=_.%7C.. HTTP/1.1\r\nHost: x\r\n\r\n", true},
	{"+ and escapes", "GET /domineering?%70osition=..+|..&moves=0 HTTP/1.1\r\nHost: x\r\n\r\n", true},
	{"first of two", "GET /domineering?position=..|..&position=. HTTP/1.1\r\nHost: x\r\n\r\n", true},
	{"bad pair left out", "GET /domineering?position=%zz&position=...&x;y=1 HTTP/1.1\r\nHost: x\r\n\r\n", true},
	{"flags", "GET /domineering?position=...|...&details=1&explicit=true&moves=false HTTP/1.1\r\nHost: x\r\n\r\n", true},
	{"moves", "GET /domineering/moves?position=..|.. HTTP/1.1\r\nHost: x\r\n\r\n", true},
	{"many pairs", "GET /cram?a=1&b=2&c=3&d=4&e=5&f=6&g=7&h=8&i=9&position=...&moves=1 HTTP/1.1\r\nHost: x\r\n\r\n", true},
	{"ttt3d", "GET /ttt3d?position=" + strings.Repeat(".", 27) + " HTTP/1.1\r\nHost: x\r\n\r\n", true},
	{"bad position", "GET /domineering?position=..x HTTP/1.1\r\nHost: x\r\n\r\n", true},
	{"not stored", "GET /domineering?position=...|...|...&no_solve=1 HTTP/1.1\r\nHost: x\r\n\r\n", true},
	{"too large", "GET /domineering?position=......|......|......|......|...... HTTP/1.1\r\nHost: x\r\n\r\n", true},
	{"outcome only", "GET /domineering?position=......|......|......|......|......|......&outcome_only=1 HTTP/1.1\r\nHost: x\r\n\r\n", true},
	{"line ends of one byte", "GET /domineering?position=..|.. HTTP/1.1\nHost: x\n\n", true},
	{"headers", "GET /domineering?position=.. HTTP/1.1\r\nhost:  127.0.0.1:80 \r\nUser-Agent: t\r\nAccept: */*\r\nConnection: keep-alive\r\nContent-Length: 0\r\n\r\n", true},
	{"connection close", "GET /domineering?position=.. HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", true},
	{"no position", "GET /domineering HTTP/1.1\r\nHost: x\r\n\r\n", false},
	{"empty position", "GET /domineering?position= HTTP/1.1\r\nHost: x\r\n\r\n", false},
	{"unknown game", "GET /chess?position=.. HTTP/1.1\r\nHost: x\r\n\r\n", false},
	{"games", "GET /games HTTP/1.1\r\nHost: x\r\n\r\n", false},
	{"value", "GET /value?expr=1%2B1 HTTP/1.1\r\nHost: x\r\n\r\n", false},
	{"escaped path", "GET /dom%69neering?position=.. HTTP/1.1\r\nHost: x\r\n\r\n", false},
	{"slash", "GET /domineering/?position=.. HTTP/1.1\r\nHost: x\r\n\r\n", false},
	{"HEAD", "HEAD /domineering?position=.. HTTP/1.1\r\nHost: x\r\n\r\n", false},
	{"POST", "POST /domineering HTTP/1.1\r\nHost: x\r\nContent-Length: 6\r\n\r\n..|..\n", false},
	{"HTTP/1.0", "GET /domineering?position=.. HTTP/1.0\r\n\r\n", false},
	{"no host", "GET /domineering?position=.. HTTP/1.1\r\n\r\n", false},
	{"two hosts", "GET /domineering?position=.. HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n", false},
	{"bad host", "GET /domineering?position=.. HTTP/1.1\r\nHost: x/y\r\n\r\n", false},
	{"a body", "GET /domineering?position=.. HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nab", false},
	{"chunked", "GET /domineering?position=.. HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", false},
	{"expect", "GET /domineering?position=.. HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n\r\n", false},
	{"upgrade", "GET /domineering?position=.. HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: h2c\r\n\r\n", false},
	{"folded header", "GET /domineering?position=.. HTTP/1.1\r\nHost: x\r\nX: a\r\n b\r\n\r\n", false},
	{"bad header name", "GET /domineering?position=.. HTTP/1.1\r\nHost: x\r\nX Y: a\r\n\r\n", false},
	{"control character", "GET /domineering?position=.. HTTP/1.1\r\nHost: x\r\nX: a\x01\r\n\r\n", false},
	{"long head", "GET /domineering?position=.. HTTP/1.1\r\nHost: x\r\nX: " + strings.Repeat("a", 5000) + "\r\n\r\n", false},
	{"empty line first", "\r\nGET /domineering?position=.. HTTP/1.1\r\nHost: x\r\n\r\n", false},
	{"garbage", "GET\r\n\r\n", false},
}

// TestLeanMatchesNetHTTP sends each request to a server on the lean path
// and to the same server behind net/http alone: the answers are the
// same, up to the Date header, and answered on the path expected.
func TestLeanMatchesNetHTTP(t *testing.T) {
	s := query.NewServer(served(t, map[string]string{"domineering": dom8(t)}), query.DefaultServerOptions)
	plain := httptest.NewServer(s)
	t.Cleanup(plain.Close)
	var mu sync.Mutex
	var handed []string
	lean := startLean(t, s, &http.Server{ConnState: func(c net.Conn, state http.ConnState) {
		if state == http.StateNew {
			mu.Lock()
			handed = append(handed, c.RemoteAddr().String())
			mu.Unlock()
		}
	}})
	for _, c := range leanRequests {
		want, _ := exchange(t, plain.Listener.Addr().String(), c.request)
		got, local := exchange(t, lean.Listener.Addr().String(), c.request)
		if got != want {
			t.Errorf("%s: on the lean path\n%s\nwithout it\n%s", c.name, got, want)
		}
		mu.Lock()
		wasHanded := slices.Contains(handed, local)
		mu.Unlock()
		if wasHanded == c.lean {
			t.Errorf("%s: handed to net/http %v, want %v", c.name, wasHanded, !c.lean)
		}
	}
}

// exchange sends one raw request on a new connection and returns the
// answer (its status line, its headers but Date sorted, and its body, or
// the error that ended it) and the connection's local address.
func exchange(t *testing.T, addr, request string) (string, string) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(30 * time.Second))
	if _, err := io.WriteString(conn, request); err != nil {
		t.Fatal(err)
	}
	method, _, _ := strings.Cut(request, " ")
	return readResponse(bufio.NewReader(conn), method), conn.LocalAddr().String()
}

// readResponse reads one answer as exchange gives it.
func readResponse(r *bufio.Reader, method string) string {
	resp, err := http.ReadResponse(r, &http.Request{Method: method})
	if err != nil {
		return "error: " + err.Error()
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	var b strings.Builder
	b.WriteString(resp.Status + "\n")
	resp.Header.Del("Date")
	resp.Header.Write(&b)
	b.Write(body)
	if err != nil {
		b.WriteString("error: " + err.Error())
	}
	return b.String()
}

// TestLeanPipelined sends requests of both paths on one connection, all
// at once, and reads their answers in order: those before a request the
// lean path hands over come from it, those after from net/http.
func TestLeanPipelined(t *testing.T) {
	s := query.NewServer(served(t, map[string]string{"domineering": dom8(t)}), query.DefaultServerOptions)
	srv := startLean(t, s, nil)
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
		if got := readResponse(r, method); !strings.HasPrefix(got, "200 OK\n") || !strings.Contains(got, w) {
			t.Errorf("answer %d: %s\nwant %s", i, got, w)
		}
	}
	if n, err := r.Read(make([]byte, 1)); n != 0 || err != io.EOF {
		t.Errorf("after Connection: close: %d bytes, %v; want the end", n, err)
	}
}

// TestLeanTimeouts: a new connection whose first request does not come
// within the header timeout is closed, as is one idle past the idle
// timeout after an answer, or whose head does not end in time.
func TestLeanTimeouts(t *testing.T) {
	const header, idle = 200 * time.Millisecond, 1500 * time.Millisecond
	s := query.NewServer(served(t, nil), query.DefaultServerOptions)
	srv := startLean(t, s, &http.Server{ReadHeaderTimeout: header, IdleTimeout: idle})
	for _, c := range []struct {
		name, send string
		after      time.Duration // closed after this, and before idle when it is header
	}{
		{"silent", "", header},
		{"idle after an answer", "GET /cram?position=.. HTTP/1.1\r\nHost: x\r\n\r\n", idle},
		{"a head never ended", "GET /cram?position=.. HTTP/1.1\r\nHost: x\r\n", header},
	} {
		// The server may accept, and start its clock, before Dial returns.
		start := time.Now()
		conn, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(conn, c.send)
		conn.SetReadDeadline(time.Now().Add(10 * time.Second))
		data, err := io.ReadAll(conn) // until the server closes
		took := time.Since(start)
		conn.Close()
		if err != nil || took < c.after || c.after == header && took >= idle {
			t.Errorf("%s: closed after %v (%v), want %v", c.name, took, err, c.after)
		}
		if answered := bytes.Contains(data, []byte("200 OK")); answered != strings.HasSuffix(c.send, "\r\n\r\n") {
			t.Errorf("%s: %q", c.name, data)
		}
	}
}

// TestLeanShutdown: Shutdown ends the idle connections of the lean path
// and returns.
func TestLeanShutdown(t *testing.T) {
	s := query.NewServer(served(t, nil), query.DefaultServerOptions)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: s}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(s.Listen(ln, hs)) }()
	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	io.WriteString(conn, "GET /cram?position=... HTTP/1.1\r\nHost: x\r\n\r\n")
	r := bufio.NewReader(conn)
	if got := readResponse(r, "GET"); !strings.HasPrefix(got, "200 OK") {
		t.Fatal(got)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := hs.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != http.ErrServerClosed {
		t.Errorf("Serve: %v", err)
	}
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	if n, err := r.Read(make([]byte, 1)); n != 0 || err != io.EOF {
		t.Errorf("an idle connection after Shutdown: %d bytes, %v; want the end", n, err)
	}
}

// TestLeanFault: a game whose code panics gets the answer net/http's path
// gives (500, the fault as the error), and the server goes on.
func TestLeanFault(t *testing.T) {
	game := games.All[0]
	s := query.NewServer([]query.Served{{Game: game, Querier: echoQuerier{}}}, query.DefaultServerOptions)
	plain := httptest.NewServer(s)
	t.Cleanup(plain.Close)
	lean := startLean(t, s, nil)
	for _, pos := range []string{"panic", "..|.."} {
		request := "GET /" + game.Name() + "?position=" + pos + " HTTP/1.1\r\nHost: x\r\n\r\n"
		want, _ := exchange(t, plain.Listener.Addr().String(), request)
		got, _ := exchange(t, lean.Listener.Addr().String(), request)
		if got != want || !strings.Contains(got, map[string]string{"panic": "500 Internal Server Error\n", "..|..": "200 OK\n"}[pos]) {
			t.Errorf("%s: on the lean path\n%s\nwithout it\n%s", pos, got, want)
		}
	}
}

// TestLeanPartialNext: an answer is written though the next request has
// only begun to come, so that a client waiting for it gets it.
func TestLeanPartialNext(t *testing.T) {
	s := query.NewServer(served(t, nil), query.DefaultServerOptions)
	srv := startLean(t, s, nil)
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	r := bufio.NewReader(conn)
	io.WriteString(conn, "GET /cram?position=.. HTTP/1.1\r\nHost: x\r\n\r\nGET /cram?posi")
	if got := readResponse(r, "GET"); !strings.Contains(got, `"position":".."`) {
		t.Fatalf("the first answer: %s", got)
	}
	io.WriteString(conn, "tion=... HTTP/1.1\r\nHost: x\r\n\r\n")
	if got := readResponse(r, "GET"); !strings.Contains(got, `"position":"..."`) {
		t.Fatalf("the second answer: %s", got)
	}
}
