package heap

import "unsafe"

// prefetch asks the processor to bring the cache line at p into its
// caches, without waiting for it.
//
//go:noescape
func prefetch(p unsafe.Pointer)
