//go:build !linux

package hugemem

// Slice returns n zeroed values of T for owner.
func Slice[T, O any](owner *O, n int) []T { return make([]T, n) }

// Map reports that this system gives no mapping of its own.
func Map[T, O any](owner *O, n int) (s []T, ok bool) { return nil, false }

// Zero is never called here: Map returns no slice.
func Zero[T any](s []T) {}
