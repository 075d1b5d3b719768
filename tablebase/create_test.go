package tablebase

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestCreateWhole: a new file appears at its path whole (it opens for
// reading), with nothing left beside it, even where a killed process of
// the same id left its half-made file; an existing file is left as it
// is.
func TestCreateWhole(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t.db")
	stale := fmt.Sprintf("%s.new-%d", path, os.Getpid())
	if err := os.WriteFile(stale, make([]byte, 8192), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := createWhole(path); err != nil {
		t.Fatal(err)
	}
	if err := checkStructure(path); err != nil {
		t.Fatalf("the new file: %v", err)
	}
	if names, _ := filepath.Glob(filepath.Join(dir, "*")); len(names) != 1 {
		t.Errorf("files after createWhole: %v, want only %s", names, path)
	}
	if err := os.WriteFile(path, []byte("not bbolt"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := createWhole(path); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "not bbolt" {
		t.Errorf("an existing file rewritten: %q", b)
	}
}
