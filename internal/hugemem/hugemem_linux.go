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
	size := n * int(unsafe.Sizeof(zero))
	if size < minBytes {
		return make([]T, n)
	}
	mem, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([]T, n)
	}
	_ = syscall.Madvise(mem, madvHugepage) // a hint: without it the table still works
	runtime.AddCleanup(owner, func(mem []byte) { _ = syscall.Munmap(mem) }, mem)
	return unsafe.Slice((*T)(unsafe.Pointer(&mem[0])), n)
}

const madvHugepage = 14 // MADV_HUGEPAGE
