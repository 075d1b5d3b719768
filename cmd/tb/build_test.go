package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBuildParamOutOfRange: a build parameter out of range is bad usage
// (exit 2) for every game, named in the message, and creates no file.
func TestBuildParamOutOfRange(t *testing.T) {
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"domineering", "--max-cells", "30"}, "--max-cells must be between 1 and 18"},
		{[]string{"xt-domineering", "--max-cells", "-1"}, "--max-cells must be between 1 and 18"},
		{[]string{"cram", "--max-cells", "19"}, "--max-cells must be between 1 and 18"},
		{[]string{"clobber", "--max-cells", "12"}, "--max-cells must be between 1 and 11"},
		{[]string{"sync-domineering", "--board", "0x5"}, "board 0x5: want at least 1x1"},
		{[]string{"sync-triomineering", "--board", "30x30"}, "at most 64 cells"},
		{[]string{"sync-domineering", "--board", "4x5", "--table-bits", "40"}, "--table-bits must be between"},
		{[]string{"domineering3d", "--board", "9x9x9"}, "--board: box 9x9x9"},
		{[]string{"domineering3d", "--board", "2x2x2", "--table-bits", "5"}, "--table-bits must be between"},
		{[]string{"ttt3d", "--n", "5"}, "--n 3 or --n 4"},
		{[]string{"ttt3d", "--n", "3", "--max-plies", "28"}, "--max-plies must be between 0 and 27"},
		{[]string{"ttt3d", "--n", "4", "--max-nodes", "-5"}, "--max-nodes must be 1 or more"},
		{[]string{"ttt3d", "--n", "4", "--fair", "--max-nodes", "-1"}, "must be 0 or more"},
		{[]string{"ttt3d", "--n", "4", "--fair", "--prove-nodes", "-1"}, "must be 0 or more"},
		{[]string{"ttt3d", "--n", "4", "--fair", "--blocked", "1-200"}, "--blocked: bad rows"},
		{[]string{"cram", "--max-cells", "5", "--workers", "-2"}, "--workers must be 0 or more"},
	} {
		db := filepath.Join(t.TempDir(), "x.db")
		args := append([]string{"build", "--db", db}, c.args...)
		_, errOut, code := tb(t, "", args...)
		if code != 2 || !strings.Contains(errOut, c.msg) {
			t.Errorf("tb %v: exit %d, %q; want exit 2 with %q", args, code, errOut, c.msg)
		}
		if _, err := os.Stat(db); err == nil {
			t.Errorf("tb %v created its file", args)
		}
	}
}

// TestBuildGrows: a larger --max-cells grows a file to what a build from
// nothing writes (tb verify's content); a smaller one, or another game,
// is refused and leaves the file as it was.
func TestBuildGrows(t *testing.T) {
	dir := t.TempDir()
	grown, fresh := filepath.Join(dir, "grown.db"), filepath.Join(dir, "fresh.db")
	for _, args := range [][]string{
		{"--db", grown, "--max-cells", "6"},
		{"--db", grown, "--max-cells", "8"},
		{"--db", fresh, "--max-cells", "8"},
	} {
		if out, errOut, code := tb(t, "", append([]string{"build", "domineering"}, args...)...); code != 0 || !strings.Contains(out, "max-cells "+args[3]+", ") {
			t.Fatalf("tb build domineering %v: exit %d, %s%s", args, code, out, errOut)
		}
	}
	content := func(path string) string {
		out, _, code := tb(t, "", "verify", path)
		_, c, ok := strings.Cut(strings.SplitN(out, "\n", 2)[0], "content ")
		if code != 0 || !ok {
			t.Fatalf("tb verify %s: exit %d, %s", path, code, out)
		}
		return c
	}
	want := content(fresh)
	if got := content(grown); got != want {
		t.Fatalf("grown from 6 to 8 cells: content %s, built from nothing %s", got, want)
	}
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"domineering", "--max-cells", "7"}, "a file is grown, never shrunk"},
		{[]string{"cram", "--max-cells", "9"}, "refusing to build cram"},
	} {
		_, errOut, code := tb(t, "", append([]string{"build", "--db", grown}, c.args...)...)
		if code != 1 || !strings.Contains(errOut, c.msg) {
			t.Errorf("tb build %v into the grown file: exit %d, %q; want exit 1 with %q", c.args, code, errOut, c.msg)
		}
	}
	if got := content(grown); got != want {
		t.Errorf("a refused build changed the file: content %s, want %s", got, want)
	}
}
