package tablebase

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	bolt "go.etcd.io/bbolt"
)

// createWhole makes an empty bbolt file at path if there is none: bbolt
// writes its first pages into a file of their own beside path, which is
// then linked (or, where the file system has no links, renamed) to path.
// A build killed while its file is made so leaves no file at path, or a
// whole one; never the first part of one (a write the kill cut short),
// which no build could open to resume. A file left beside path by a
// killed process is removed by the next process of the same id.
func createWhole(path string) error {
	if _, err := os.Lstat(path); !errors.Is(err, fs.ErrNotExist) {
		return nil // an existing path (or one that cannot be read) is Create's to judge
	}
	tmp := fmt.Sprintf("%s.new-%d", path, os.Getpid())
	if err := os.Remove(tmp); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fileError(tmp, err)
	}
	db, err := bolt.Open(tmp, 0o644, &bolt.Options{Timeout: openTimeout, NoFreelistSync: true})
	if err != nil {
		return openError(path, err)
	}
	defer os.Remove(tmp)
	if err := db.Close(); err != nil {
		return fileError(tmp, err)
	}
	if err := os.Link(tmp, path); err == nil || errors.Is(err, fs.ErrExist) {
		return nil
	}
	if err := os.Rename(tmp, path); err != nil {
		return fileError(path, err)
	}
	return nil
}
