package e2e

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/tablebase/tablebase/query"
)

// TestMain removes the binary that the tests built.
func TestMain(m *testing.M) {
	code := m.Run()
	if binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
	os.Exit(code)
}

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// binary builds tb into a temporary directory, once for all tests, from
// the main module's tree (../cmd/tb) with the main module's go.mod: the
// README's go build -o tb ./cmd/tb.
func binary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		root, err := filepath.Abs("..")
		if err != nil {
			binErr = err
			return
		}
		dir, err := os.MkdirTemp("", "tb-e2e")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "tb")
		cmd := exec.Command("go", "build", "-o", binPath, "./cmd/tb")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			binErr = fmt.Errorf("go build ./cmd/tb in %s: %v\n%s", root, err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// tb runs the tb binary with args and returns its output and exit status.
func tb(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	cmd := exec.Command(binary(t), args...)
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatalf("tb %v: %v", args, err)
		}
		code = ee.ExitCode()
	}
	return out.String(), errOut.String(), code
}

// answers reads the JSON lines of tb query.
func answers(t *testing.T, out string) []query.Answer {
	t.Helper()
	var as []query.Answer
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var a query.Answer
		if err := json.Unmarshal([]byte(line), &a); err != nil {
			t.Fatalf("bad JSON line %q: %v", line, err)
		}
		as = append(as, a)
	}
	return as
}

// serve starts tb serve on a free port with args and returns its base URL
// (http://127.0.0.1:PORT). The server is stopped by SIGTERM when the test
// ends, and must then exit 0.
func serve(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command(binary(t), append([]string{"serve", "--addr", "127.0.0.1:0"}, args...)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(stderr)
	if !lines.Scan() || !strings.Contains(lines.Text(), "listening on http://") {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("tb serve: first line %q", lines.Text())
	}
	_, addr, _ := strings.Cut(lines.Text(), "listening on ")
	rest := make(chan string, 1)
	go func() {
		b, _ := io.ReadAll(stderr)
		rest <- string(b)
	}()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		timer := time.AfterFunc(30*time.Second, func() { cmd.Process.Kill() })
		defer timer.Stop()
		log := <-rest // all of stderr read: Wait closes the pipe
		if err := cmd.Wait(); err != nil {
			t.Errorf("tb serve after SIGTERM: %v\n%s", err, log)
		}
	})
	return strings.TrimSuffix(addr, "/")
}
