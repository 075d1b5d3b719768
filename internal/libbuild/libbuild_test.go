package libbuild

import (
	"os"
	"strings"
	"testing"
)

// TestBuiltRefusesOthers checks that a name other than tb's and the C
// library's two build modes is an error, before any go build.
func TestBuiltRefusesOthers(t *testing.T) {
	for _, what := range []string{"", "exe", "pie", "c-shared "} {
		_, err := Built(what)
		if err == nil || !strings.Contains(err.Error(), "want tb, c-shared or c-archive") {
			t.Errorf("%q: %v", what, err)
		}
	}
}

// TestCacheDirIgnoresTMPDIR: two test processes with TMPDIRs of their own
// (package testdir) share the built files.
func TestCacheDirIgnoresTMPDIR(t *testing.T) {
	if _, err := os.UserCacheDir(); err != nil {
		t.Skipf("no cache directory for the user: %v", err)
	}
	before := cacheDir()
	t.Setenv("TMPDIR", t.TempDir())
	if after := cacheDir(); after != before {
		t.Errorf("with another TMPDIR the files are in %s, not %s", after, before)
	}
}

// TestBuiltIsUpToDate: tb is built, and a second call finds it made:
// the file stays the same file (a hard link to it, made between the
// calls, keeps its inode from being reused by a new one).
func TestBuiltIsUpToDate(t *testing.T) {
	if testing.Short() {
		t.Skip("builds tb: not with -short")
	}
	path, err := Built("tb")
	if err != nil {
		t.Fatal(err)
	}
	link := path + ".test-link"
	os.Remove(link)
	if err := os.Link(path, link); err != nil {
		t.Fatal(err)
	}
	defer os.Remove(link)
	if _, err := Built("tb"); err != nil {
		t.Fatal(err)
	}
	before, err := os.Stat(link)
	if err != nil {
		t.Fatal(err)
	}
	after, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if !os.SameFile(before, after) {
		t.Error("tb written again though nothing changed")
	}
}
