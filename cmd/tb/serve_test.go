package main

import (
	"bufio"
	"io"
	"net/http"
	"net/http/httptrace"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestServeStopsOnSIGTERM starts a real tb serve, answers requests from
// several clients, sends SIGTERM in the middle of them, and checks that
// the server stops cleanly (exit 0) after answering what was in flight.
func TestServeStopsOnSIGTERM(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := binary(t)
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := bufio.NewScanner(stderr)
	if !lines.Scan() || !strings.Contains(lines.Text(), "listening on http://") {
		t.Fatalf("first line: %q", lines.Text())
	}
	_, addr, _ := strings.Cut(lines.Text(), "listening on ")
	base := strings.TrimSuffix(addr, "/")
	var rest strings.Builder
	done := make(chan struct{})
	go func() {
		for lines.Scan() {
			rest.WriteString(lines.Text() + "\n")
		}
		close(done)
	}()

	var wg sync.WaitGroup
	ok := make(chan int, 100)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 10 {
				resp, err := http.Get(base + "/domineering?position=...|...|...")
				if err != nil {
					return // the server has stopped
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode == 200 && strings.Contains(string(body), `"value"`) {
					ok <- 1
				}
			}
		}()
	}
	// SIGTERM comes once a request has been answered, while the others
	// are still being sent (or once every client has given up).
	clients := make(chan struct{})
	go func() { wg.Wait(); close(clients) }()
	select {
	case <-ok:
		ok <- 1
	case <-clients:
	}
	cmd.Process.Signal(syscall.SIGTERM)
	<-clients
	<-done // all of stderr read: Wait closes the pipe and drops what is unread
	if err := cmd.Wait(); err != nil {
		t.Fatalf("tb serve after SIGTERM: %v", err)
	}
	if !strings.Contains(rest.String(), "stopped") {
		t.Errorf("no clean stop: %q", rest.String())
	}
	if len(ok) == 0 {
		t.Error("no request was answered")
	}
}

// TestServeDrainsLongRequest: a request that takes longer than ten
// seconds (a whole-board search stopped by --timeout 12s) is in flight
// when SIGTERM comes; it still gets its answer, and the server exits 0.
func TestServeDrainsLongRequest(t *testing.T) {
	if testing.Short() {
		t.Skip("waits twelve seconds")
	}
	base, cmd := startServe(t, "--timeout", "12s")
	board := strings.TrimSuffix(strings.Repeat(".........|", 10), "|") // 10x9: minutes of search
	type result struct {
		code int
		err  error
	}
	got := make(chan result, 1)
	// SIGTERM comes once the handler runs: a POST that expects 100
	// Continue gets it when the handler reads the body, and the client
	// sends the body only then. (Once a request is written, the server
	// may not yet have accepted its connection.)
	handling := make(chan struct{}, 1)
	trace := &httptrace.ClientTrace{Got100Continue: func() {
		select {
		case handling <- struct{}{}:
		default:
		}
	}}
	req, err := http.NewRequestWithContext(httptrace.WithClientTrace(t.Context(), trace), "POST", base+"/domineering?outcome_only=1", strings.NewReader(board+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Expect", "100-continue")
	client := &http.Client{Transport: &http.Transport{ExpectContinueTimeout: time.Hour}}
	start := time.Now()
	go func() {
		resp, err := client.Do(req)
		if err != nil {
			got <- result{0, err}
			return
		}
		resp.Body.Close()
		got <- result{resp.StatusCode, nil}
	}()
	var r result
	select {
	case <-handling:
		cmd.Process.Signal(syscall.SIGTERM)
		r = <-got
	case r = <-got:
		t.Fatalf("answered before its handler read the body: %d %v", r.code, r.err)
	}
	if r.err != nil || r.code != http.StatusServiceUnavailable || time.Since(start) < 11*time.Second {
		t.Fatalf("the request in flight: %d %v after %v (want 503 at the 12 s timeout)", r.code, r.err, time.Since(start))
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("tb serve after SIGTERM: %v", err)
	}
}
