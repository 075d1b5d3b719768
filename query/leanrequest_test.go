package query

import (
	"bufio"
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/tablebase"
)

// echoGame is a game whose answers give back their position.
type echoGame struct{}

func (echoGame) Name() string { return "echo" }
func (echoGame) Board() Board { return Board{Kind: "2d"} }
func (echoGame) Open(*tablebase.File, *Config) (Querier, error) {
	return echoGame{}, nil
}
func (echoGame) Query(_ context.Context, position string, _ Options) Answer {
	return Answer{Game: "echo", Position: position}
}

// FuzzLeanRequest: a head the lean path takes is one net/http reads as
// the same request: a GET of HTTP/1.1 with a host and no body, of the
// same page, position and options, closing the connection the same.
func FuzzLeanRequest(f *testing.F) {
	for _, seed := range []string{
		"GET /echo?position=..%7C.. HTTP/1.1\r\nHost: x\r\n\r\n",
		"GET /echo/moves?position=a+b&moves=0&explicit=1 HTTP/1.1\nHost: 127.0.0.1:80\nConnection: close\n\n",
		"GET /echo?%70osition=%zz&position=_&details=false&no_solve=x HTTP/1.1\r\nhost: [::1]:8\r\nContent-Length: 0\r\n\r\n",
		"GET /echo?a=1&b&c=&d=4&e=5&f=6&g=7&h=8&position=x;y&position=z&outcome_only=1 HTTP/1.1\r\nHost:\r\nX-A: \t b\r\n\r\n",
		"GET /echo?position=1 HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\nTransfer-Encoding: chunked\r\n\r\n",
	} {
		f.Add(seed)
	}
	s := NewServer([]Served{{Game: echoGame{}, Querier: echoGame{}}}, DefaultServerOptions)
	f.Fuzz(func(t *testing.T, head string) {
		if headEnd([]byte(head)) != len(head) {
			return // not a head as readHead gives one
		}
		r, ok := s.leanRequest(head)
		if !ok {
			return
		}
		req, err := http.ReadRequest(bufio.NewReader(strings.NewReader(head)))
		if err != nil {
			t.Fatalf("the lean path takes %q; net/http: %v", head, err)
		}
		moves := req.URL.Path == "/echo/moves"
		switch {
		case req.Method != "GET" || req.Proto != "HTTP/1.1" || req.ContentLength != 0 || len(req.TransferEncoding) > 0:
			t.Fatalf("%q: net/http reads %s %s, a body of %d", head, req.Method, req.Proto, req.ContentLength)
		case !moves && req.URL.Path != "/echo":
			t.Fatalf("%q: net/http reads page %q", head, req.URL.Path)
		case req.URL.Query().Get("position") != r.position:
			t.Fatalf("%q: position %q, net/http reads %q", head, r.position, req.URL.Query().Get("position"))
		case s.options(req, moves) != r.opts:
			t.Fatalf("%q: options %+v, net/http reads %+v", head, r.opts, s.options(req, moves))
		case req.Close != r.close:
			t.Fatalf("%q: close %v, net/http reads %v", head, r.close, req.Close)
		case req.Header.Get("Expect") != "" || req.Header.Get("Upgrade") != "":
			t.Fatalf("%q: taken with Expect or Upgrade", head)
		}
	})
}
