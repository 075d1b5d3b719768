package qubic

import (
	"sync"
	"testing"
)

// TestEachApart: every item is done once on any number of workers, and
// none is taken once stop says so.
func TestEachApart(t *testing.T) {
	for _, c := range []struct {
		n, workers, stopAt int // stopAt: items done before stop holds (-1: never)
		want               int // items done
	}{
		{0, 2, -1, 0},
		{1, 0, -1, 1},
		{100, 1, -1, 100},
		{100, 4, -1, 100},
		{100, 1, 10, 10},
	} {
		var mu sync.Mutex
		done := make([]int, c.n)
		count := 0
		eachApart(c.n, c.workers, &mu, func() bool { return c.stopAt >= 0 && count >= c.stopAt }, func(i int) {
			mu.Lock()
			done[i]++
			count++
			mu.Unlock()
		})
		for i, d := range done {
			if d > 1 {
				t.Errorf("%+v: item %d done %d times", c, i, d)
			}
		}
		if count != c.want {
			t.Errorf("%+v: %d items done, want %d", c, count, c.want)
		}
	}
}
