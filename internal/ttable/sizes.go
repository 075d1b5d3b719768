package ttable

import "unsafe"

// The bytes an entry of each table takes, for help texts and estimates
// of memory.
const (
	WideEntryBytes = int(unsafe.Sizeof(wideEntry{}))
	MidEntryBytes  = int(unsafe.Sizeof(midEntry{}))
	LongEntryBytes = int(unsafe.Sizeof(longEntry{}))
)

// FitBits returns the log2 size of a table for a search of a board of the
// given cells: bits, but never more than 16 entries for each of the
// 2^cells sets of covered cells (a board's every position and then some)
// unless that is fewer than 2^10. A small board's search then clears and
// touches a small table, with the same answers.
func FitBits(bits uint, cells int) uint {
	return min(bits, uint(max(10, cells+4)))
}
