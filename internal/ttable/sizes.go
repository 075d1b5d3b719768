package ttable

import "unsafe"

// The bytes an entry of each table takes, for help texts and estimates
// of memory.
const (
	WideEntryBytes = int(unsafe.Sizeof(wideEntry{}))
	MidEntryBytes  = int(unsafe.Sizeof(midEntry{}))
	LongEntryBytes = int(unsafe.Sizeof(longEntry{}))
)
