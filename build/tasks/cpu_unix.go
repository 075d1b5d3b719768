//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package tasks

import "syscall"

// cpuSeconds returns the CPU time the process has used, user and system.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
