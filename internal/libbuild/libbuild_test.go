package libbuild

import (
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
