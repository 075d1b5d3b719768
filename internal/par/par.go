// Package par runs a loop's shares on all cores.
package par

import (
	"runtime"
	"sync"
)

// Workers is the number of goroutines Split uses: one per CPU.
func Workers() int { return runtime.GOMAXPROCS(0) }

// Split cuts 0..n-1 into Workers() contiguous shares, calls fn(w, lo, hi)
// for share w on its own goroutine, and waits for all of them.
func Split(n int, fn func(w, lo, hi int)) {
	workers := Workers()
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fn(w, n*w/workers, n*(w+1)/workers)
		}()
	}
	wg.Wait()
}
