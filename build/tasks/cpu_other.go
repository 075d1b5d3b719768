//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package tasks

// cpuSeconds returns 0: the CPU time is not measured on this system.
func cpuSeconds() float64 { return 0 }
