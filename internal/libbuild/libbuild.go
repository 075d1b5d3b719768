// Package libbuild builds tb and the C library of cmd/libtb for the
// tests that run or load them (cmd/tb's, cmd/libtb's and python's). go
// test runs their packages at the same time, each with a TMPDIR of its
// own (package testdir); they share one directory of built files instead,
// in the user's cache, one per checkout of the module. One build at a
// time (a lock file beside them): two go builds of the same packages at
// once would compile each package twice, and go build links again only
// when a file is not the build of the checkout's present code, so a test
// run after another finds the files made.
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

// files names what Built builds: the file in the shared directory and
// the go build flags after -o.
var files = map[string]struct {
	name  string
	flags []string
}{
	"tb":        {"tb", []string{"./cmd/tb"}},
	"c-shared":  {"libtb.so", []string{"-buildmode=c-shared", "./cmd/libtb"}},
	"c-archive": {"libtb.a", []string{"-buildmode=c-archive", "./cmd/libtb"}},
}

// Built returns the path of tb ("tb") or of the C library of a build mode
// ("c-shared": libtb.so, "c-archive": libtb.a), built by go build if it
// is not up to date. The file is shared by every test of the checkout:
// callers run it, link with it or copy it, and never change it.
func Built(what string) (string, error) {
	f, ok := files[what]
	if !ok {
		return "", fmt.Errorf("libbuild: nothing called %q: want tb, c-shared or c-archive", what)
	}
	list, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}").Output()
	if err != nil {
		return "", fmt.Errorf("go list -m: %w", err)
	}
	module := strings.TrimSpace(string(list))
	sum := sha256.Sum256([]byte(module))
	dir := filepath.Join(cacheDir(), "tablebase-test-"+hex.EncodeToString(sum[:8]))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	unlock, err := lock(filepath.Join(dir, "lock"))
	if err != nil {
		return "", err
	}
	defer unlock()
	out := filepath.Join(dir, f.name)
	cmd := exec.Command("go", append([]string{"build", "-o", out}, f.flags...)...)
	cmd.Dir = module
	var output bytes.Buffer
	cmd.Stdout, cmd.Stderr = &output, &output
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("go build %s: %w\n%s", strings.Join(f.flags, " "), err, output.Bytes())
	}
	return out, nil
}

// cacheDir returns the directory under which Built keeps its files: the
// user's cache directory, which the tests of every package share whatever
// their TMPDIR, or the system's temporary directory where the user has
// none.
func cacheDir() string {
	dir, err := os.UserCacheDir()
	if err != nil || os.MkdirAll(dir, 0o755) != nil {
		return os.TempDir()
	}
	return dir
}
