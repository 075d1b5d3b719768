package genwide

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGenerate copies a small file: the names it and the adapter declare
// are renamed (doc comments too), fields and methods are not, and the
// larger set's package is imported.
func TestGenerate(t *testing.T) {
	c, err := FromArgs([]string{"-from", "github.com/tablebase/tablebase/internal/bits128", "-to", "github.com/tablebase/tablebase/internal/bitsw",
		"-prefix", "wide", "-adapters", "adapter.go", "core.go:out.go"})
	if err != nil {
		t.Fatal(err)
	}
	c.Dir = "testdata"
	out, err := Generate(c)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/core.golden")
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 1 || string(out[0]) != string(want) {
		t.Errorf("got\n%s\nwant\n%s", out[0], want)
	}
}

// TestBadConfig: a command line without what it needs, and files none of
// which imports the smaller set, are errors.
func TestBadConfig(t *testing.T) {
	for _, args := range [][]string{
		nil,
		{"-from", "a", "-to", "b", "-prefix", "wide"},
		{"-from", "a", "-to", "b", "-prefix", "wide", "core.go"},
		{"-from", "a", "-to", "b", "-prefix", "wide", "core.go:"},
		{"-bogus"},
	} {
		if _, err := FromArgs(args); err == nil {
			t.Errorf("%q: no error", args)
		}
	}
	c := Config{Dir: "testdata", Files: []string{"core.go"}, Outs: []string{"out.go"}, Prefix: "wide", From: "example.com/other", To: "b"}
	if _, err := Generate(c); err == nil || !strings.Contains(err.Error(), "imports example.com/other") {
		t.Errorf("a file without the import: %v", err)
	}
}

// TestStale reads a file's go:generate lines: an output that matches
// what genwide makes is current, one that does not is stale.
func TestStale(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"core.go", "adapter.go"} {
		src, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), src, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	gen := "package x\n\n//go:generate go run ../../internal/genwide/cmd -from github.com/tablebase/tablebase/internal/bits128 -to github.com/tablebase/tablebase/internal/bitsw -prefix wide -adapters adapter.go core.go:out.go\n"
	file := filepath.Join(dir, "gen.go")
	if err := os.WriteFile(file, []byte(gen), 0o666); err != nil {
		t.Fatal(err)
	}
	if lines, stale, err := Stale(file); err != nil || lines != 1 || len(stale) != 1 || stale[0] != "out.go" {
		t.Fatalf("no out.go: %d lines, stale %q, %v", lines, stale, err)
	}
	golden, err := os.ReadFile("testdata/core.golden")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "out.go"), golden, 0o666); err != nil {
		t.Fatal(err)
	}
	if lines, stale, err := Stale(file); err != nil || lines != 1 || len(stale) != 0 {
		t.Fatalf("out.go current: %d lines, stale %q, %v", lines, stale, err)
	}
}
