//go:build unix

package libbuild

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestLockExcludes checks that while lock holds its file no other open
// file of it can be locked, and that after unlock one can.
func TestLockExcludes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "l.lock")
	unlock, err := lock(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); !errors.Is(err, syscall.EWOULDBLOCK) {
		t.Fatalf("a second lock while the first is held: %v", err)
	}
	unlock()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Fatalf("a lock after unlock: %v", err)
	}
}
