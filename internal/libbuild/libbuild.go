// Package libbuild builds the C library of cmd/libtb for the tests that
// load it (cmd/libtb's and python's). go test runs their packages at the
// same time, and two go builds of the same packages at once compile each
// package twice; one build at a time, the second takes the compiled
// packages from Go's build cache and only links. Build holds a lock file,
// named after the module's directory, for the length of its go build, in
// a directory every test process shares whatever its TMPDIR (lockDir).
package libbuild

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Build runs go build -buildmode=mode -o out on cmd/libtb: mode is
// c-shared or c-archive, which compile the same packages alike.
func Build(mode, out string) error {
	if mode != "c-shared" && mode != "c-archive" {
		return fmt.Errorf("libbuild: build mode %q, want c-shared or c-archive", mode)
	}
	out, err := filepath.Abs(out)
	if err != nil {
		return err
	}
	list, err := exec.Command("go", "list", "-f", "{{.Dir}}", "github.com/tablebase/tablebase/cmd/libtb").Output()
	if err != nil {
		return fmt.Errorf("go list cmd/libtb: %w", err)
	}
	dir := strings.TrimSpace(string(list))
	sum := sha256.Sum256([]byte(dir))
	unlock, err := lock(filepath.Join(lockDir(), "tablebase-libtb-"+hex.EncodeToString(sum[:8])+".lock"))
	if err != nil {
		return err
	}
	defer unlock()
	cmd := exec.Command("go", "build", "-buildmode="+mode, "-o", out, ".")
	cmd.Dir = dir
	var output bytes.Buffer
	cmd.Stdout, cmd.Stderr = &output, &output
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build -buildmode=%s ./cmd/libtb: %w\n%s", mode, err, output.Bytes())
	}
	return nil
}

// lockDir returns the directory of Build's lock files: the user's cache
// directory, which the tests of every package share (package testdir
// gives each its own TMPDIR), or the system's temporary directory where
// the user has none.
func lockDir() string {
	dir, err := os.UserCacheDir()
	if err != nil || os.MkdirAll(dir, 0o755) != nil {
		return os.TempDir()
	}
	return dir
}
