package testdir

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// startTMPDIR is TMPDIR as the test binary started, before Main.
var startTMPDIR = os.Getenv("TMPDIR")

func TestMain(m *testing.M) { Main(m) }

// TestTempDirInMemory: under Main, a test's temporary directory (made by
// t.TempDir, so writable) is in the memory file system where the system
// has one and TMPDIR was not set, and where TMPDIR said otherwise.
func TestTempDirInMemory(t *testing.T) {
	dir, ok := Dir()
	got := t.TempDir()
	switch {
	case startTMPDIR != "":
		if !strings.HasPrefix(got, filepath.Clean(startTMPDIR)+string(filepath.Separator)) {
			t.Errorf("t.TempDir() = %s, not in TMPDIR %s", got, startTMPDIR)
		}
	case ok:
		if !strings.HasPrefix(got, filepath.Join(dir, "tb-test-")) {
			t.Errorf("t.TempDir() = %s, not in a directory of %s", got, dir)
		}
	default:
		t.Logf("no memory file system: t.TempDir() = %s", got)
	}
}
