// Package server answers the queries of the games over HTTP (tb serve)
// and serves the explorer, the web page that asks them: the layer above
// package query, which the games import without linking net/http.
package server

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tablebase/tablebase/query"
)

//go:embed web
var web embed.FS

// Options bounds the work of one request, and of all at once.
type Options struct {
	MaxSolveCells int           // see query.Options.MaxSolveCells (0: no limit)
	MaxNodes      int64         // see query.Options.MaxNodes (0: no limit)
	MaxBody       int64         // largest POST body, in bytes
	MaxLines      int           // most positions in one POST
	MaxResponse   int           // most bytes of answers to one POST; the lines after get an error
	Timeout       time.Duration // longest time to compute an answer
	// MaxActive is how many requests compute at once; the others wait
	// for a turn until their timeout (then 503). A computation that a
	// timeout abandons keeps its turn until it ends, so that abandoned
	// work never piles up.
	MaxActive int
}

// DefaultOptions are the bounds tb serve uses unless told otherwise.
var DefaultOptions = Options{
	MaxSolveCells: 24, MaxNodes: 20_000_000, MaxBody: 1 << 20, MaxLines: 10_000, MaxResponse: 4 << 20,
	Timeout: 20 * time.Second, MaxActive: 4,
}

// Server answers queries over HTTP: GET /GAME?position=P gives the JSON
// answer (with moves=1, explicit=1, details=1, no_solve=1, outcome_only=1
// as the tb query flags), GET /GAME/moves?position=P the answer with its
// moves, POST /GAME with one position a line gives JSON lines, GET /games
// lists the games, GET /value?expr=E evaluates an expression over values
// (as tb value --json), and GET / is the explorer. It is safe for concurrent
// use.
type Server struct {
	served []Served
	games  map[string]query.Querier
	opts   Options
	mux    *http.ServeMux
	turns  chan struct{} // a slot for each request computing
}

// Served is one game a server answers: the game, its querier, and the
// tablebase file behind it, if any (for GET /games).
type Served struct {
	Game    query.Game
	Querier query.Querier
	File    string
}

// New returns a server for the games in served, listed in that
// order by GET /games.
func New(served []Served, opts Options) *Server {
	s := &Server{served: served, games: map[string]query.Querier{}, opts: opts, mux: http.NewServeMux(), turns: make(chan struct{}, max(opts.MaxActive, 1))}
	for _, g := range served {
		s.games[g.Game.Name()] = g.Querier
	}
	s.mux.HandleFunc("GET /{$}", asset("index.html", "text/html; charset=utf-8"))
	s.mux.HandleFunc("GET /explorer.js", asset("explorer.js", "text/javascript; charset=utf-8"))
	s.mux.HandleFunc("GET /explorer.css", asset("explorer.css", "text/css; charset=utf-8"))
	s.mux.HandleFunc("GET /games", s.listGames)
	s.mux.HandleFunc("GET /value", s.value)
	s.mux.HandleFunc("GET /{game}", s.get(false))
	s.mux.HandleFunc("GET /{game}/moves", s.get(true))
	s.mux.HandleFunc("POST /{game}", s.batch)
	s.mux.HandleFunc("OPTIONS /", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) })
	for _, m := range []string{"PUT", "DELETE", "PATCH"} {
		s.mux.HandleFunc(m+" /{game}", notAllowed)
		s.mux.HandleFunc(m+" /{game}/moves", notAllowed)
	}
	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, fmt.Sprintf("no such page: %s %s", r.Method, r.URL.Path))
	})
	return s
}

// notAllowed answers a method no endpoint takes with 405.
func notAllowed(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Allow", "GET, POST, OPTIONS")
	writeError(w, http.StatusMethodNotAllowed, fmt.Sprintf("%s is not allowed here: GET or POST", r.Method))
}

// asset serves one file of the explorer.
func asset(name, contentType string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		b, err := web.ReadFile("web/" + name)
		if err != nil {
			writeError(w, http.StatusInternalServerError, err.Error())
			return
		}
		writeBody(w, http.StatusOK, contentType, b)
	}
}

// MaxHead is the most bytes of a request's head (its request line and
// headers) the http.Server of Server.HTTPServer reads; past it net/http
// answers 431 itself, in plain text. MaxURL, well within it, is the
// longest URL the server answers, in bytes; a longer one gets a JSON 414.
const (
	MaxHead = 1 << 20
	MaxURL  = query.MaxLine
)

// HTTPServer returns the http.Server that runs s as tb serve runs it:
// net/http's HTTP/1.1 and 1.0, and its HTTP/2 for a client that offers
// it (over TLS, or in cleartext with prior knowledge). A request's head
// must come within 5 s and be at most MaxHead bytes, the whole request
// within 30 s; an answer must be written within the answer timeout and
// 10 s more; a connection idle for 2 minutes is closed.
func (s *Server) HTTPServer() *http.Server {
	var protocols http.Protocols
	protocols.SetHTTP1(true)
	protocols.SetHTTP2(true)
	protocols.SetUnencryptedHTTP2(true)
	return &http.Server{
		Handler:           s,
		Protocols:         &protocols,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      s.opts.Timeout + 10*time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    MaxHead,
	}
}

// ServeHTTP adds the CORS headers, refuses a URL over MaxURL bytes and
// routes the request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Access-Control-Allow-Origin", "*")
	h.Set("Access-Control-Allow-Methods", "GET, POST, OPTIONS")
	h.Set("Access-Control-Allow-Headers", "Content-Type")
	h.Set("Access-Control-Max-Age", "86400")
	defer func() {
		// The last resort: no request may take the server down.
		if v := recover(); v != nil {
			writeError(w, http.StatusInternalServerError, fmt.Sprintf("internal error: %v", v))
		}
	}()
	if n := len(r.RequestURI); n > MaxURL {
		writeError(w, http.StatusRequestURITooLong, fmt.Sprintf("a URL of %d bytes: at most %d; send long positions by POST, one a line", n, MaxURL))
		return
	}
	s.mux.ServeHTTP(w, r)
}

// GameInfo is one entry of GET /games.
type GameInfo struct {
	Game      string      `json:"game"`
	Tablebase string      `json:"tablebase,omitempty"` // the file, if there is one
	Board     query.Board `json:"board"`
}

func (s *Server) listGames(w http.ResponseWriter, r *http.Request) {
	list := make([]GameInfo, len(s.served))
	for i, g := range s.served {
		list[i] = GameInfo{Game: g.Game.Name(), Tablebase: g.File, Board: g.Game.Board()}
	}
	writeJSON(w, http.StatusOK, list)
}

// names lists the served games' names.
func (s *Server) names() string {
	names := make([]string, len(s.served))
	for i, g := range s.served {
		names[i] = g.Game.Name()
	}
	return strings.Join(names, ", ")
}

// querier returns the request's game, or answers 404.
func (s *Server) querier(w http.ResponseWriter, r *http.Request) (query.Querier, bool) {
	game := r.PathValue("game")
	q, ok := s.games[game]
	if !ok {
		writeError(w, http.StatusNotFound, fmt.Sprintf("unknown game %q (known: %s)", game, s.names()))
	}
	return q, ok
}

// options reads the query flags of a request.
func (s *Server) options(r *http.Request, moves bool) query.Options {
	params := r.URL.Query()
	flag := func(name string) bool {
		x := params.Get(name)
		return x != "" && x != "0" && x != "false"
	}
	return query.Options{
		NoSolve: flag("no_solve"), Explicit: flag("explicit"), Details: flag("details"),
		Moves: moves || flag("moves"), OutcomeOnly: flag("outcome_only"), MaxSolveCells: s.opts.MaxSolveCells,
		MaxNodes: s.opts.MaxNodes,
	}
}

func (s *Server) get(moves bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		q, ok := s.querier(w, r)
		if !ok {
			return
		}
		pos := r.URL.Query().Get("position")
		if pos == "" {
			writeError(w, http.StatusBadRequest, "missing position: ask GET /"+r.PathValue("game")+"?position=...")
			return
		}
		opts := s.options(r, moves)
		ctx, cancel := context.WithTimeout(r.Context(), s.opts.Timeout)
		defer cancel()
		var a query.Answer
		if err := s.within(ctx, func() { a = q.Query(ctx, urlPosition(pos), opts) }); err != nil {
			writeError(w, failedStatus(err), err.Error())
			return
		}
		a.Position = pos
		writeBody(w, status(a), "application/json", append(a.AppendJSON(nil), '\n'))
	}
}

// urlPosition reads a position of a GET request, where '_' stands for
// '#': a '#' typed into a URL starts its fragment, and no game writes '_'.
func urlPosition(s string) string { return strings.ReplaceAll(s, "_", "#") }

// batch answers a POST body of positions, one a line, with JSON lines.
func (s *Server) batch(w http.ResponseWriter, r *http.Request) {
	q, ok := s.querier(w, r)
	if !ok {
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.opts.MaxBody))
	if err != nil {
		writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("request body over %d bytes", s.opts.MaxBody))
		return
	}
	n := bytes.Count(body, []byte("\n"))
	if len(body) > 0 && body[len(body)-1] != '\n' {
		n++ // a last line with no newline
	}
	if s.opts.MaxLines > 0 && n > s.opts.MaxLines {
		writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("%d lines: at most %d positions a request", n, s.opts.MaxLines))
		return
	}
	opts := s.options(r, false)
	ctx, cancel := context.WithTimeout(r.Context(), s.opts.Timeout)
	defer cancel()
	var out bytes.Buffer
	game := r.PathValue("game")
	err = s.within(ctx, func() {
		var lines []line
		query.EachLine(bytes.NewReader(body), query.MaxLine, func(text string, err error) error {
			lines = append(lines, line{text, err})
			return nil
		})
		answers := answerLines(ctx, q, game, lines, opts)
		for i, a := range answers {
			if s.opts.MaxResponse > 0 && out.Len() > s.opts.MaxResponse {
				failed := query.Failed(game, lines[i].text, fmt.Errorf("%w: the answers before this one reached the response limit of %d bytes", query.ErrTooLarge, s.opts.MaxResponse))
				out.Write(append(failed.AppendJSON(nil), '\n'))
				continue
			}
			out.Write(a)
		}
	})
	if err != nil {
		writeError(w, failedStatus(err), err.Error())
		return
	}
	writeBody(w, http.StatusOK, "application/x-ndjson", out.Bytes())
}

// line is one line of a POST body, or the error reading it.
type line struct {
	text string
	err  error
}

// batchChunk is how many lines of a batch a core answers at a time.
const batchChunk = 64

// answerLines answers the lines of a batch on every core, each answer a
// JSON line, in the lines' order.
func answerLines(ctx context.Context, q query.Querier, game string, lines []line, opts query.Options) [][]byte {
	answers := make([][]byte, len(lines))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), (len(lines)+batchChunk-1)/batchChunk) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf []byte
			for lo := int(next.Add(batchChunk)) - batchChunk; lo < len(lines); lo = int(next.Add(batchChunk)) - batchChunk {
				for i := lo; i < min(lo+batchChunk, len(lines)); i++ {
					a := answerLine(ctx, q, game, lines[i], opts)
					buf = append(a.AppendJSON(buf[:0]), '\n')
					answers[i] = bytes.Clone(buf)
				}
			}
		}()
	}
	wg.Wait()
	return answers
}

// answerLine answers one line of a batch; a fault of the game's code is
// that line's error, never the server's end.
func answerLine(ctx context.Context, q query.Querier, game string, l line, opts query.Options) (a query.Answer) {
	if l.err != nil {
		return query.Failed(game, l.text, l.err)
	}
	defer func() {
		if v := recover(); v != nil {
			a = query.Failed(game, l.text, fmt.Errorf("internal error: %v", v))
		}
	}()
	return q.Query(ctx, l.text, opts)
}

// within runs f when a turn is free, giving up when ctx ends first (the
// timeout, or the client leaving). The games' searches stop soon after
// ctx ends; until f returns it holds its turn. The caller must not read
// what f writes unless within returns nil.
func (s *Server) within(ctx context.Context, f func()) error {
	select {
	case s.turns <- struct{}{}:
	case <-ctx.Done():
		return fmt.Errorf("%w: the server is busy (%d requests computing)", query.ErrTimeout, cap(s.turns))
	}
	done := make(chan error, 1)
	go func() {
		defer func() {
			<-s.turns
			if v := recover(); v != nil { // a bug must not take the server down
				done <- fmt.Errorf("internal error: %v", v)
			}
		}()
		f()
		done <- nil
	}()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return query.ErrTimeout
	}
}

// failedStatus is the HTTP status of a request within gave up on: 503 for
// a timeout or a busy server, else 500.
func failedStatus(err error) int {
	if errors.Is(err, query.ErrTimeout) {
		return http.StatusServiceUnavailable
	}
	return http.StatusInternalServerError
}

// status is the HTTP status for an answer.
func status(a query.Answer) int {
	switch err := a.Err(); {
	case err == nil:
		return http.StatusOK
	case errors.Is(err, query.ErrBadPosition):
		return http.StatusBadRequest
	case errors.Is(err, query.ErrNotStored):
		return http.StatusNotFound
	case errors.Is(err, query.ErrTooLarge):
		return http.StatusUnprocessableEntity
	case errors.Is(err, query.ErrTimeout):
		return http.StatusServiceUnavailable
	}
	return http.StatusInternalServerError
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	writeBody(w, code, "application/json", jsonLine(v))
}

// writeBody writes an answer of status code whose body is all in b.
func writeBody(w http.ResponseWriter, code int, contentType string, b []byte) {
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(code)
	w.Write(b)
}

// jsonLine is v in JSON, HTML escaping off, and a newline.
func jsonLine(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
	return b.Bytes()
}

func writeError(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, map[string]string{"error": msg})
}
