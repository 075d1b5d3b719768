// Package testdir runs a package's tests with their temporary files in
// memory where the system has a memory file system for them, so that the
// tests' many small builds, each synced to its file at every commit, wait
// for no disk. It is for TestMain:
//
//	func TestMain(m *testing.M) { testdir.Main(m) }
package testdir

import (
	"fmt"
	"os"
	"testing"
)

// Main runs m's tests and exits with their code. Unless TMPDIR is set,
// it first sets TMPDIR to a new directory in memory (Dir), which
// t.TempDir, os.MkdirTemp and the programs the tests start then write
// under, and removes that directory when the tests end. Without such a
// place the tests run in the system's temporary directory.
func Main(m *testing.M) {
	os.Exit(run(m))
}

// run is Main's work: it returns the tests' exit code.
func run(m *testing.M) int {
	if os.Getenv("TMPDIR") != "" {
		return m.Run()
	}
	dir, ok := Dir()
	if !ok {
		return m.Run()
	}
	tmp, err := os.MkdirTemp(dir, "tb-test-")
	if err != nil {
		return m.Run()
	}
	defer os.RemoveAll(tmp)
	if err := os.Setenv("TMPDIR", tmp); err != nil {
		fmt.Fprintln(os.Stderr, "testdir:", err)
		return 1
	}
	return m.Run()
}
