//go:build !linux

package ttable

// allocWide gives t n zeroed entries.
func allocWide(t *Wide, n int) { t.entries = make([]wideEntry, n) }
