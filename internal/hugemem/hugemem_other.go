//go:build !linux

package hugemem

// Slice returns n zeroed values of T for owner.
func Slice[T, O any](owner *O, n int) []T { return make([]T, n) }
