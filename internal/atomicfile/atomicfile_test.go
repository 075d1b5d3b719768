package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWrite: a file is made, then replaced whole, readable by all, and no
// temporary file is left; a directory that does not exist is an error.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.json")
	for _, want := range []string{"first, and longer", "second"} {
		if err := Write(path, []byte(want)); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != want {
			t.Fatalf("read %q, %v; want %q", got, err, want)
		}
	}
	if info, err := os.Stat(path); err != nil || info.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, %v", info.Mode(), err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d entries in the directory, want 1", len(entries))
	}
	if err := Write(filepath.Join(dir, "no", "f"), nil); err == nil {
		t.Error("a missing directory was no error")
	}
}
