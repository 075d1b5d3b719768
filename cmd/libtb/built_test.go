package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/tablebase/tablebase/internal/libbuild"
	"github.com/tablebase/tablebase/internal/testdir"
)

// built holds what the tests of this package build, once for them all:
// tb and the two libraries (each a link of the packages' compiled code,
// several seconds of CPU), in a directory removed by TestMain.
var built struct {
	once sync.Once
	dir  string
	err  error
	// files maps "tb", "c-shared" and "c-archive" to a built file.
	files map[string]*builtFile
}

// builtFile is one file of built, made on first use.
type builtFile struct {
	once sync.Once
	path string
	err  error
}

// TestMain runs the tests with their files in memory where it can
// (testdir) and removes what they built.
func TestMain(m *testing.M) {
	code := testdir.Run(m)
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// buildOnce returns the path of tb (what "tb" names) or of the library
// of a build mode ("c-shared", "c-archive"), built on first use by go
// build (the libraries through libbuild). The file is shared: callers
// read it, link with it or copy it, and never change it.
func buildOnce(t *testing.T, what string) string {
	t.Helper()
	built.once.Do(func() {
		built.dir, built.err = os.MkdirTemp("", "libtb-test")
		built.files = map[string]*builtFile{"tb": {}, "c-shared": {}, "c-archive": {}}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	f, ok := built.files[what]
	if !ok {
		t.Fatalf("buildOnce: nothing called %q", what)
	}
	f.once.Do(func() {
		switch what {
		case "tb":
			f.path = filepath.Join(built.dir, "tb")
			if out, err := exec.Command("go", "build", "-o", f.path, "../tb").CombinedOutput(); err != nil {
				f.err = fmt.Errorf("go build ../tb: %v\n%s", err, out)
			}
		case "c-shared":
			f.path = filepath.Join(built.dir, "libtb.so")
			f.err = libbuild.Build(what, f.path)
		case "c-archive":
			f.path = filepath.Join(built.dir, "libtb.a")
			f.err = libbuild.Build(what, f.path)
		}
	})
	if f.err != nil {
		t.Fatal(f.err)
	}
	return f.path
}
