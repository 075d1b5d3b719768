package main

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// startServe starts a real tb serve with args and returns its base URL
// and process; the process is killed when the test ends.
func startServe(t *testing.T, args ...string) (string, *exec.Cmd) {
	t.Helper()
	cmd := exec.Command(binary(t), append([]string{"serve", "--addr", "127.0.0.1:0"}, args...)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	lines := bufio.NewScanner(stderr)
	if !lines.Scan() || !strings.Contains(lines.Text(), "listening on http://") {
		t.Fatalf("first line: %q", lines.Text())
	}
	_, addr, _ := strings.Cut(lines.Text(), "listening on ")
	go io.Copy(io.Discard, stderr)
	return strings.TrimSuffix(addr, "/"), cmd
}

// residentKB reads a process's resident memory and its peak, in KB.
func residentKB(t *testing.T, pid int) (now, peak int) {
	t.Helper()
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Skip("no /proc on this machine: memory not measured")
	}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) >= 2 && f[0] == "VmRSS:" {
			now, _ = strconv.Atoi(f[1])
		}
		if len(f) >= 2 && f[0] == "VmHWM:" {
			peak, _ = strconv.Atoi(f[1])
		}
	}
	return now, peak
}

// TestServeUnderLoad holds 2,000 idle connections and a few that send
// their headers slowly, and meanwhile sends sixteen POSTs at once of
// 10,000 boards each with every option, a POST over the body limit and
// one over the line limit. What it checks holds however fast the
// machine is: while the POSTs are in flight (their bodies sent), a
// request that needs no turn to compute (GET /games) is answered, and
// one that needs a turn gets a designed status (200, or 503 when it
// waits past the timeout, as any POST may); once the load ends a GET
// is answered 200 (asked again while it meets 503: a computation
// abandoned at its timeout holds its turn until it stops); the
// oversized POSTs get 413; the memory stays bounded.
func TestServeUnderLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("a load test of a real server")
	}
	base, cmd := startServe(t)
	idleKB, _ := residentKB(t, cmd.Process.Pid)
	host := strings.TrimPrefix(base, "http://")
	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for range 2000 {
		c, err := net.Dial("tcp", host)
		if err != nil {
			t.Fatalf("idle connection %d: %v", len(conns), err)
		}
		conns = append(conns, c)
	}
	for range 5 {
		c, err := net.Dial("tcp", host)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprint(c, "GET /games HTTP/1.1\r\nHost: x\r\n") // and no more
		conns = append(conns, c)
	}

	rng := rand.New(rand.NewPCG(1, 2))
	var body strings.Builder
	for range 10_000 {
		h, w := 2+rng.IntN(4), 2+rng.IntN(4)
		for r := range h {
			if r > 0 {
				body.WriteByte('|')
			}
			for range w {
				body.WriteByte("..#"[rng.IntN(3)])
			}
		}
		body.WriteByte('\n')
	}
	post := func(body io.Reader) (int, error) {
		resp, err := http.Post(base+"/domineering?moves=1&details=1&explicit=1", "text/plain", body)
		if err != nil {
			return 0, err
		}
		defer resp.Body.Close()
		io.Copy(io.Discard, resp.Body)
		return resp.StatusCode, nil
	}
	var wg sync.WaitGroup
	codes := make(chan int, 16)
	var sent sync.WaitGroup // each POST's body sent whole
	for range 16 {
		wg.Add(1)
		sent.Add(1)
		go func() {
			defer wg.Done()
			code, err := post(&sentBody{r: strings.NewReader(body.String()), sent: sent.Done})
			if err != nil {
				t.Error(err)
			}
			codes <- code
		}()
	}
	sent.Wait()
	if code, answer := getCode(t, base+"/games"); code != http.StatusOK {
		t.Errorf("GET /games during the load: %d %s", code, answer)
	}
	const position = "/domineering?position=...|..."
	code, answer := getCode(t, base+position)
	switch {
	case code == http.StatusOK && strings.Contains(answer, `"value":"`):
	case code == http.StatusServiceUnavailable && strings.Contains(answer, `"error":"`):
	default:
		t.Errorf("a GET during the load: %d %s", code, answer)
	}
	wg.Wait()
	close(codes)
	count := map[int]int{}
	for code := range codes {
		count[code]++
		if code != 200 && code != 503 {
			t.Errorf("a POST of 10,000 boards answered %d", code)
		}
	}
	t.Logf("during the load: a GET answered %d, the POSTs %v", code, count)
	for {
		code, answer := getCode(t, base+position)
		if code == http.StatusOK && strings.Contains(answer, `"value":"`) {
			break
		}
		if code != http.StatusServiceUnavailable {
			t.Fatalf("a GET after the load: %d %s", code, answer)
		}
	}
	if code, _ := post(strings.NewReader(strings.Repeat("..|..\n", 200_000))); code != http.StatusRequestEntityTooLarge {
		t.Errorf("a POST over 1 MB: %d", code)
	}
	if code, _ := post(strings.NewReader(strings.Repeat("..|..\n", 10_001))); code != http.StatusRequestEntityTooLarge {
		t.Errorf("a POST of 10,001 lines: %d", code)
	}
	now, peak := residentKB(t, cmd.Process.Pid)
	t.Logf("resident memory: %d MB idle, %d MB at the peak, %d MB after", idleKB>>10, peak>>10, now>>10)
	if peak > 600<<10 {
		t.Errorf("the server grew to %d MB", peak>>10)
	}
}

// sentBody is a request body that calls sent once it has been read to
// its end, that is, sent whole.
type sentBody struct {
	r    io.Reader
	sent func()
	once sync.Once
}

func (b *sentBody) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	if err == io.EOF {
		b.once.Do(b.sent)
	}
	return n, err
}

// getCode GETs u and returns the status and the body.
func getCode(t *testing.T, u string) (int, string) {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(body)
}
