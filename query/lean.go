package query

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"log"
	"net"
	"net/http"
	"runtime/debug"
	"strconv"
	"sync"
	"time"
)

// The lean path: a server's listener reads HTTP/1.1 requests itself and
// answers GET /GAME and GET /GAME/moves at once, with one read and one
// write system call for all the requests a client sends together; every
// other request goes, with the rest of its connection, to net/http.

// Listen returns the listener hs is to serve, hs having s as its handler
// (hs.Serve(s.Listen(ln, hs))). It accepts the connections of ln and
// reads their requests on a lean path, which answers GET /GAME?position=P
// and GET /GAME/moves?position=P as ServeHTTP does (the same status and
// body, the same headers up to their order, a Content-Length always),
// within hs's ReadHeaderTimeout, WriteTimeout and IdleTimeout (a fault
// of its own ends the connection, written to hs's ErrorLog). A
// connection whose next request is any other (another method or page, a
// body, HTTP/1.0, a header the lean path does not read, a head over
// 4 KiB, no position, every turn to compute taken) goes to hs through
// this listener's Accept, from that request on. Closing the listener
// stops accepting, ends the idle connections and returns once the
// requests in flight on the lean path are answered.
func (s *Server) Listen(ln net.Listener, hs *http.Server) net.Listener {
	l := &leanListener{
		Listener: ln, s: s,
		header: cmp.Or(hs.ReadHeaderTimeout, hs.ReadTimeout), write: hs.WriteTimeout, idle: cmp.Or(hs.IdleTimeout, hs.ReadTimeout),
		handoff: make(chan net.Conn), done: make(chan struct{}), failed: make(chan struct{}),
		conns: map[*leanConn]bool{}, logf: log.Printf,
	}
	if hs.ErrorLog != nil {
		l.logf = hs.ErrorLog.Printf
	}
	go l.accept()
	return l
}

// leanBuffer is the size of a lean connection's read and write buffers:
// a request's head must fit the read buffer.
const leanBuffer = 4 << 10

// leanListener is the listener of Server.Listen.
type leanListener struct {
	net.Listener // the listener of the connections
	s            *Server

	header, write, idle time.Duration // the timeouts (0: none)
	logf                func(format string, args ...any)

	handoff chan net.Conn // the connections handed to net/http
	done    chan struct{} // closed by Close
	failed  chan struct{} // closed when accepting fails for good
	err     error         // why, once failed is closed

	mu     sync.Mutex
	closed bool
	conns  map[*leanConn]bool // the connections on the lean path; true while idle
	wg     sync.WaitGroup     // their goroutines
}

// Accept returns the next connection handed to net/http.
func (l *leanListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.handoff:
		return c, nil
	case <-l.failed:
		return nil, l.err
	case <-l.done:
		return nil, net.ErrClosed
	}
}

// Close stops accepting, ends the idle lean connections and waits for
// the others to answer their requests in flight.
func (l *leanListener) Close() error {
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return nil
	}
	l.closed = true
	close(l.done)
	err := l.Listener.Close()
	for c, idle := range l.conns {
		if idle {
			c.SetReadDeadline(time.Now()) // wakes it
		}
	}
	l.mu.Unlock()
	l.wg.Wait()
	return err
}

// accept accepts connections until the listener closes, serving each on
// the lean path; it backs off as net/http does while accepting fails for
// a passing reason (no file descriptors left).
func (l *leanListener) accept() {
	var delay time.Duration
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			var passing interface{ Temporary() bool }
			if errors.As(err, &passing) && passing.Temporary() {
				delay = min(max(2*delay, 5*time.Millisecond), time.Second)
				time.Sleep(delay)
				continue
			}
			l.err = err
			close(l.failed)
			return
		}
		delay = 0
		l.mu.Lock()
		if l.closed {
			l.mu.Unlock()
			c.Close()
			return
		}
		lc := &leanConn{Conn: c, br: bufio.NewReaderSize(c, leanBuffer), bw: bufio.NewWriterSize(c, leanBuffer)}
		l.conns[lc] = false
		l.wg.Add(1)
		l.mu.Unlock()
		go l.serve(lc)
	}
}

// setIdle marks c idle (waiting for a request) or not, and reports
// whether the listener is still open.
func (l *leanListener) setIdle(c *leanConn, idle bool) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.conns[c] = idle
	return !l.closed
}

// leanConn is a connection on the lean path.
type leanConn struct {
	net.Conn
	br   *bufio.Reader
	bw   *bufio.Writer
	date []byte // the Date header's value for the second at (Unix time)
	at   int64
}

// serve answers c's requests until it closes, fails, times out or goes
// to net/http.
func (l *leanListener) serve(c *leanConn) {
	handed := false
	defer func() {
		if v := recover(); v != nil { // a bug ends this connection, never the server
			l.logf("tb serve: lean path: %v\n%s", v, debug.Stack())
		}
		l.mu.Lock()
		delete(l.conns, c)
		l.mu.Unlock()
		if !handed {
			c.Close()
		}
		l.wg.Done()
	}()
	// A new connection's first request is bound by the header timeout
	// from the start, as net/http bounds it; the waits between requests
	// by the idle one.
	wait := l.header
	for {
		if c.br.Buffered() == 0 {
			c.SetReadDeadline(after(wait))
			wait = l.idle
			if !l.setIdle(c, true) {
				return
			}
			_, err := c.br.Peek(1)
			if !l.setIdle(c, false) || err != nil {
				return
			}
		}
		head, err := l.readHead(c)
		if errors.Is(err, bufio.ErrBufferFull) {
			handed = l.hand(c)
			return
		} else if err != nil {
			return
		}
		r, ok := l.s.leanRequest(string(head))
		if !ok {
			handed = l.hand(c)
			return
		}
		code, body, ok := l.s.leanAnswer(r)
		if !ok {
			handed = l.hand(c)
			return
		}
		c.br.Discard(len(head))
		c.respond(code, body, r.close)
		if c.br.Buffered() == 0 || r.close {
			c.SetWriteDeadline(after(l.write))
			if c.bw.Flush() != nil || r.close {
				return
			}
		}
	}
}

// hand gives c, from its next request on, to net/http (the answers
// before it written), and reports whether it did.
func (l *leanListener) hand(c *leanConn) bool {
	if c.bw.Buffered() > 0 {
		c.SetWriteDeadline(after(l.write))
		if c.bw.Flush() != nil {
			return false
		}
	}
	c.SetDeadline(time.Time{})
	rest, _ := c.br.Peek(c.br.Buffered())
	select {
	case l.handoff <- &replayConn{Conn: c.Conn, rest: bytes.Clone(rest)}:
		return true
	case <-l.done:
		return false
	}
}

// after returns the deadline d from now, or none for 0.
func after(d time.Duration) time.Time {
	if d <= 0 {
		return time.Time{}
	}
	return time.Now().Add(d)
}

// readHead returns the head of the request at the start of c's buffer
// (its lines through the empty one) without consuming it, reading more
// while it is not all there, for at most the header timeout once it must
// wait, the answers before it written first. It fails with
// bufio.ErrBufferFull when the head does not fit.
func (l *leanListener) readHead(c *leanConn) ([]byte, error) {
	waited := false
	for {
		b, _ := c.br.Peek(c.br.Buffered())
		if n := headEnd(b); n > 0 {
			return b[:n], nil
		}
		if len(b) == c.br.Size() {
			return nil, bufio.ErrBufferFull
		}
		if !waited {
			if c.bw.Buffered() > 0 {
				c.SetWriteDeadline(after(l.write))
				if err := c.bw.Flush(); err != nil {
					return nil, err
				}
			}
			c.SetReadDeadline(after(l.header))
			waited = true
		}
		if _, err := c.br.Peek(len(b) + 1); err != nil {
			return nil, err
		}
	}
}

// headEnd returns the length of the head at the start of b, up to the
// end of its first empty line ("\r\n" or "\n"), or -1 when b holds no
// empty line.
func headEnd(b []byte) int {
	for i := 0; ; {
		j := bytes.IndexByte(b[i:], '\n')
		if j < 0 {
			return -1
		}
		i += j + 1
		switch {
		case i < len(b) && b[i] == '\n':
			return i + 1
		case i+1 < len(b) && b[i] == '\r' && b[i+1] == '\n':
			return i + 2
		}
	}
}

// respond writes an answer of status code and body (a JSON value and a
// newline) to c's buffer, with the headers ServeHTTP gives it.
func (c *leanConn) respond(code int, body []byte, close bool) {
	now := time.Now()
	if sec := now.Unix(); c.date == nil || sec != c.at {
		c.date, c.at = now.UTC().AppendFormat(c.date[:0], http.TimeFormat), sec
	}
	w := c.bw
	w.WriteString("HTTP/1.1 ")
	w.WriteString(strconv.Itoa(code))
	w.WriteByte(' ')
	w.WriteString(http.StatusText(code))
	w.WriteString("\r\n" + leanHeaders + "Date: ")
	w.Write(c.date)
	w.WriteString("\r\nContent-Length: ")
	w.WriteString(strconv.Itoa(len(body)))
	if close {
		w.WriteString("\r\nConnection: close")
	}
	w.WriteString("\r\n\r\n")
	w.Write(body)
}

// leanHeaders are the headers every lean answer has but Date and
// Content-Length, as ServeHTTP sets them.
const leanHeaders = "Access-Control-Allow-Headers: Content-Type\r\n" +
	"Access-Control-Allow-Methods: GET, POST, OPTIONS\r\n" +
	"Access-Control-Allow-Origin: *\r\n" +
	"Access-Control-Max-Age: 86400\r\n" +
	"Content-Type: application/json\r\n"

// replayConn is a connection handed to net/http: its reads give first
// the bytes the lean path had read and not answered.
type replayConn struct {
	net.Conn
	rest []byte
}

func (c *replayConn) Read(p []byte) (int, error) {
	if len(c.rest) > 0 {
		n := copy(p, c.rest)
		c.rest = c.rest[n:]
		return n, nil
	}
	return c.Conn.Read(p)
}

// leanAnswer answers a request the lean path took, as s.get does; ok is
// false when no turn to compute is free (net/http's path waits for one).
func (s *Server) leanAnswer(r leanRequest) (code int, body []byte, ok bool) {
	select {
	case s.turns <- struct{}{}:
	default:
		return 0, nil, false
	}
	defer func() { <-s.turns }()
	ctx, cancel := context.WithTimeout(context.Background(), s.opts.Timeout)
	defer cancel()
	defer func() {
		if v := recover(); v != nil { // a bug must not take the server down
			code, body, ok = http.StatusInternalServerError, errorBody(fmt.Sprintf("internal error: %v", v)), true
		}
	}()
	a := r.q.Query(ctx, urlPosition(r.position), r.opts)
	if ctx.Err() != nil {
		return failedStatus(ErrTimeout), errorBody(ErrTimeout.Error()), true
	}
	a.Position = r.position
	return status(a), append(a.AppendJSON(nil), '\n'), true
}
