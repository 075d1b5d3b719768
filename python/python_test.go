// Package python_test runs the tests of the Python package in this
// directory (python/tests, standard library unittest) from go test, so
// that go test ./... covers the Python binding of the C library too.
package python_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tablebase/tablebase/internal/libbuild"
)

// TestPython runs python3 -m unittest on python/tests with TB_BINARY and
// TB_LIBRARY naming tb and the C library, which libbuild builds for the
// tests of every package, and TB_SHORT set under -short (fewer and
// smaller cases: python/tests/test_tablebase.py says which). Without
// python3 it skips, except under CI, where it fails.
func TestPython(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("no python3: CI must have it to test the Python package")
		}
		t.Skip("no python3 on this machine: the Python package is not tested")
	}
	dir := t.TempDir()
	tb, err := libbuild.Built("tb")
	if err != nil {
		t.Fatal(err)
	}
	lib, err := libbuild.Built("c-shared")
	if err != nil {
		t.Fatal(err)
	}
	tests, err := filepath.Abs("tests")
	if err != nil {
		t.Fatal(err)
	}
	// The tests run until go test's own deadline is near (a guard against
	// a hang, not a bound on a busy machine's time), then are killed with
	// time left to report what they wrote.
	ctx := t.Context()
	if deadline, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, deadline.Add(-30*time.Second))
		defer cancel()
	}
	cmd := exec.CommandContext(ctx, python, "-m", "unittest", "discover", "-s", tests, "-v")
	cmd.Dir = dir
	// The environment's TB_LIBRARY is replaced: the library is built fresh.
	env := slices.DeleteFunc(os.Environ(), func(v string) bool { return strings.HasPrefix(v, "TB_LIBRARY=") })
	cmd.Env = append(env, "TB_BINARY="+tb, "TB_LIBRARY="+lib, "PYTHONDONTWRITEBYTECODE=1", "TMPDIR="+dir)
	if testing.Short() {
		cmd.Env = append(cmd.Env, "TB_SHORT=1")
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("python3 -m unittest: %v\n%s", err, out)
	}
	if testing.Verbose() {
		t.Logf("%s", out)
	}
}
