package main

import (
	"context"
	"fmt"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"time"
)

// errOverMemory is the cause of a computation stopped by --memory-mib.
type errOverMemory struct{ used, limit uint64 }

func (e errOverMemory) Error() string {
	return fmt.Sprintf("stopped: the process used %d MiB, over --memory-mib %d", e.used>>20, e.limit>>20)
}

// memoryInUse returns the memory the process holds: the more of its
// anonymous resident set, where the system reports it (which counts the
// tables mapped outside the Go heap, see package hugemem, but not the
// pages of a tablebase file the system caches), and what the Go runtime
// holds from the system and has not returned to it.
func memoryInUse() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	return max(s[0].Value.Uint64()-s[1].Value.Uint64(), anonymousBytes())
}

// anonymousBytes returns the process's resident pages that no file backs
// (resident less shared, from /proc; 0 where there is none).
func anonymousBytes() uint64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return 0
	}
	resident, err1 := strconv.ParseUint(f[1], 10, 64)
	shared, err2 := strconv.ParseUint(f[2], 10, 64)
	if err1 != nil || err2 != nil || shared > resident {
		return 0
	}
	return (resident - shared) * uint64(os.Getpagesize())
}

// limitMemory returns a context that is cancelled, with errOverMemory as
// its cause, once the process holds more than limitMiB of memory (checked
// every interval), and sets the runtime's soft limit a little below that,
// so that garbage is collected before the limit is reached. The stop
// function ends the watch. A limit of 0 watches nothing.
func limitMemory(parent context.Context, limitMiB int, interval time.Duration) (context.Context, func()) {
	if limitMiB <= 0 {
		return parent, func() {}
	}
	limit := uint64(limitMiB) << 20
	debug.SetMemoryLimit(int64(limit / 10 * 9))
	ctx, cancel := context.WithCancelCause(parent)
	stop := every(interval, func(time.Time) {
		if used := memoryInUse(); used > limit {
			cancel(errOverMemory{used, limit}) // the first cause stays
		}
	})
	return ctx, func() {
		stop()
		cancel(nil)
	}
}
