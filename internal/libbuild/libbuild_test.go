package libbuild

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBuildRefusesOtherModes checks that a build mode other than the C
// library's two is an error, before any go build.
func TestBuildRefusesOtherModes(t *testing.T) {
	for _, mode := range []string{"", "exe", "pie", "c-shared "} {
		err := Build(mode, filepath.Join(t.TempDir(), "out"))
		if err == nil || !strings.Contains(err.Error(), "want c-shared or c-archive") {
			t.Errorf("mode %q: %v", mode, err)
		}
	}
}

// TestLockDirIgnoresTMPDIR: two test processes with TMPDIRs of their own
// (package testdir) lock the same file.
func TestLockDirIgnoresTMPDIR(t *testing.T) {
	if _, err := os.UserCacheDir(); err != nil {
		t.Skipf("no cache directory for the user: %v", err)
	}
	before := lockDir()
	t.Setenv("TMPDIR", t.TempDir())
	if after := lockDir(); after != before {
		t.Errorf("with another TMPDIR the lock is in %s, not %s", after, before)
	}
}
