package main

import (
	"sync"
	"testing"

	"github.com/tablebase/tablebase/internal/libbuild"
	"github.com/tablebase/tablebase/internal/testdir"
)

// built holds what the tests of this package build, once for them all
// (libbuild): tb and the two libraries.
var built = map[string]*builtFile{"tb": {}, "c-shared": {}, "c-archive": {}}

// builtFile is one file of built, made on first use.
type builtFile struct {
	once sync.Once
	path string
	err  error
}

// TestMain runs the tests with their files in memory where it can
// (testdir).
func TestMain(m *testing.M) { testdir.Main(m) }

// buildOnce returns the path of tb (what "tb" names) or of the library
// of a build mode ("c-shared", "c-archive"), built on first use by
// libbuild. The file is shared: callers read it, link with it or copy
// it, and never change it.
func buildOnce(t testing.TB, what string) string {
	t.Helper()
	f, ok := built[what]
	if !ok {
		t.Fatalf("buildOnce: nothing called %q", what)
	}
	f.once.Do(func() { f.path, f.err = libbuild.Built(what) })
	if f.err != nil {
		t.Fatal(f.err)
	}
	return f.path
}
