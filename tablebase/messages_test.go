package tablebase

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestOpenFileErrors: a path that is not a file to read gives a file
// error, which names the path once and is not ErrDamaged; a damaged file
// says so once.
func TestOpenFileErrors(t *testing.T) {
	dir := t.TempDir()
	truncated := filepath.Join(dir, "truncated.db")
	f, err := Create(truncated, Meta{Game: "test", Params: map[string]string{"max": "2"}, KeyLen: 10})
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	data, _ := os.ReadFile(truncated)
	os.WriteFile(truncated, data[:len(data)/2], 0o644)
	for _, c := range []struct {
		path    string
		is      error
		damaged bool
		want    string
	}{
		{filepath.Join(dir, "none.db"), fs.ErrNotExist, false, "open tablebase " + filepath.Join(dir, "none.db") + ": no such file or directory"},
		{dir, syscall.EISDIR, false, "open tablebase " + dir + ": is a directory"},
		{truncated, ErrDamaged, true, truncated + ": damaged tablebase file: truncated"},
	} {
		_, err := Open(c.path)
		if err == nil || !errors.Is(err, c.is) || errors.Is(err, ErrDamaged) != c.damaged || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("Open(%s): %v; want %q", c.path, err, c.want)
			continue
		}
		if n := strings.Count(err.Error(), c.path); n != 1 {
			t.Errorf("Open(%s): %v names the path %d times", c.path, err, n)
		}
		if n := strings.Count(err.Error(), "damaged"); n > 1 {
			t.Errorf("Open(%s): %v says damaged %d times", c.path, err, n)
		}
	}
}

// TestCreateInDirectory: building into a directory is a file error, not
// damage.
func TestCreateInDirectory(t *testing.T) {
	dir := t.TempDir()
	_, err := Create(dir, Meta{Game: "test", Params: map[string]string{"max": "2"}, KeyLen: 10})
	if !errors.Is(err, syscall.EISDIR) || errors.Is(err, ErrDamaged) || strings.Count(err.Error(), dir) != 1 {
		t.Errorf("Create(%s): %v; want a file error, is a directory", dir, err)
	}
}

// TestRefusedBuildOptions: a refused build names both builds as tb
// build's command line does, the parameters a build records for itself
// only where they differ.
func TestRefusedBuildOptions(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.db")
	f, err := Create(path, Meta{Game: "test", Params: map[string]string{"max-cells": "3", "chunk": "4"}, KeyLen: 10}, "max-cells")
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	for _, c := range []struct {
		game   string
		params map[string]string
		want   string
	}{
		{"test", map[string]string{"max-cells": "2", "chunk": "4"}, "holds the build test --max-cells 3, larger than test --max-cells 2: a file is grown"},
		{"other", map[string]string{"max-cells": "3", "chunk": "4"}, "holds the build test --max-cells 3; refusing to build other --max-cells 3 into it"},
		{"test", map[string]string{"max-cells": "4", "chunk": "8"}, "holds the build test --max-cells 3 (chunk 4); refusing to build test --max-cells 4 (chunk 8) into it"},
	} {
		f, err := Create(path, Meta{Game: c.game, Params: c.params, KeyLen: 10}, "max-cells")
		if err == nil {
			f.Close()
		}
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.ContainsAny(err.Error(), "{}\"") {
			t.Errorf("Create %s %v: %v; want %q", c.game, c.params, err, c.want)
		}
	}
}
