package hugemem

import (
	"runtime"
	"syscall"
	"unsafe"
)

// Slice returns n zeroed values of T for owner. A slice of at least 4 MB
// is mapped on its own and asked for huge pages; the mapping is released
// once owner is unreachable, so the slice must not outlive it.
func Slice[T, O any](owner *O, n int) []T {
	var zero T
	if n*int(unsafe.Sizeof(zero)) < minBytes {
		return make([]T, n)
	}
	if s, ok := Map[T](owner, n); ok {
		return s
	}
	return make([]T, n)
}

// Map returns n zeroed values of T, at least one, mapped on their own for
// owner and asked for huge pages, whatever their size; ok is false when
// the system gives no such mapping. The mapping is released once owner is
// unreachable, so the slice must not outlive it.
func Map[T, O any](owner *O, n int) (s []T, ok bool) {
	var zero T
	mem, err := syscall.Mmap(-1, 0, n*int(unsafe.Sizeof(zero)), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return nil, false
	}
	_ = syscall.Madvise(mem, madvHugepage) // a hint: without it the table still works
	runtime.AddCleanup(owner, func(mem []byte) { _ = syscall.Munmap(mem) }, mem)
	return unsafe.Slice((*T)(unsafe.Pointer(&mem[0])), n), true
}

// Zero gives the memory of s, a slice that Map returned, back to the
// system while keeping it mapped: s reads as zeros after, and takes
// memory again where it is written. A reader that reads s while Zero runs
// may see some of it zeroed and some not.
func Zero[T any](s []T) {
	var zero T
	mem := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*int(unsafe.Sizeof(zero)))
	_ = syscall.Madvise(mem, syscall.MADV_DONTNEED) // without it the memory stays in use
}

const madvHugepage = 14 // MADV_HUGEPAGE
