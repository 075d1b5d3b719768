package tablebase

import (
	"errors"
	"fmt"
	"runtime/debug"
)

// ErrDamaged marks a file that is not as a build left it: truncated,
// with a block that fails its checksum, or with bbolt's structure broken.
var ErrDamaged = errors.New("damaged tablebase file")

// damaged returns an error naming the file and what is wrong with it.
func damaged(path, format string, args ...any) error {
	return fmt.Errorf("%s: %w: %s", path, ErrDamaged, fmt.Sprintf(format, args...))
}

// safely runs fn, which reads the file at path through bbolt, and turns
// what a damaged file can do to a reader into an error: bbolt's panics on
// pages that are not what they should be, and the faults of reading past
// the end of a truncated file through its memory map.
func safely(path string, fn func() error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			err = damaged(path, "%v", r)
		}
	}()
	return fn()
}
