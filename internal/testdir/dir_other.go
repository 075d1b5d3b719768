//go:build !linux

package testdir

// Dir returns no directory: outside Linux the tests run in the system's
// temporary directory.
func Dir() (string, bool) { return "", false }
