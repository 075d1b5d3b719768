package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/golden.txt with today's answers")

// goldenBuilds are the files the golden queries read, built first.
var goldenBuilds = [][]string{
	{"domineering", "--max-cells", "8", "--db", "dom.db"},
	{"xt-domineering", "--max-cells", "6", "--db", "xt.db"},
	{"domineering3d", "--board", "2x2x3", "--db", "d3.db"},
	{"sync-domineering", "--board", "3x3", "--db", "sd.db"},
	{"sync-triomineering", "--board", "3x4", "--db", "st.db"},
	{"ttt3d", "--n", "3", "--max-plies", "3", "--db", "t3.db"},
}

// TestGoldenAnswers runs the queries of testdata/golden.txt (a line "$
// ARGS" each, followed by the JSON lines and the exit status they gave)
// and compares every byte: the answers of the first six games are the
// contract, and may change only by adding. Under -short the builds and
// queries of domineering3d take a small table (shortTable). Run with
// -update, without -short, to rewrite the file after a deliberate
// extension.
func TestGoldenAnswers(t *testing.T) {
	if *update && testing.Short() {
		t.Fatal("-update rewrites testdata/golden.txt: run it without -short")
	}
	dir := t.TempDir()
	for _, b := range goldenBuilds {
		args := append([]string{"build"}, b...)
		args[len(args)-1] = filepath.Join(dir, args[len(args)-1])
		args = shortTable(args)
		if _, errOut, code := tb(t, "", args...); code != 0 {
			t.Fatalf("tb %s: exit %d, %s", strings.Join(args, " "), code, errOut)
		}
	}
	data, err := os.ReadFile("testdata/golden.txt")
	if err != nil {
		t.Fatal(err)
	}
	var got strings.Builder
	for _, line := range strings.Split(string(data), "\n") {
		cmd, ok := strings.CutPrefix(line, "$ ")
		if !ok {
			continue
		}
		args := strings.Fields(cmd)
		for i := range args {
			if i > 0 && args[i-1] == "--db" {
				args[i] = filepath.Join(dir, args[i])
			}
		}
		out, _, code := tb(t, "", shortTable(args)...)
		fmt.Fprintf(&got, "$ %s\n%s# exit %d\n", cmd, out, code)
	}
	if *update {
		if err := os.WriteFile("testdata/golden.txt", []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want := strings.Split(string(data), "\n")
	for i, line := range strings.Split(got.String(), "\n") {
		if i >= len(want) || line != want[i] {
			t.Fatalf("line %d of testdata/golden.txt differs:\ngot  %s\nwant %s", i+1, line, want[min(i, len(want)-1)])
		}
	}
}
