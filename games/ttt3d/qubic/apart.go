package qubic

import "sync"

// eachApart calls do(i) for every i below n on workers goroutines (at
// least one), each taking the next i in turn, and returns when all are
// done or stopped. Before each i is taken it holds mu and asks stop
// whether to take no more; do is called without mu, and takes it itself
// to record what it found.
func eachApart(n, workers int, mu *sync.Mutex, stop func() bool, do func(i int)) {
	next := 0
	var wg sync.WaitGroup
	for range max(1, workers) {
		wg.Go(func() {
			for {
				mu.Lock()
				if next == n || stop() {
					mu.Unlock()
					return
				}
				i := next
				next++
				mu.Unlock()
				do(i)
			}
		})
	}
	wg.Wait()
}
