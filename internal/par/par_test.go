package par

import (
	"sync/atomic"
	"testing"
)

func TestSplitCoversEveryIndexOnce(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 7, 1000} {
		counts := make([]atomic.Int32, n)
		shares := make([]bool, Workers())
		Split(n, func(w, lo, hi int) {
			shares[w] = true
			for i := lo; i < hi; i++ {
				counts[i].Add(1)
			}
		})
		for i := range counts {
			if c := counts[i].Load(); c != 1 {
				t.Fatalf("n=%d: index %d done %d times", n, i, c)
			}
		}
		for w, ran := range shares {
			if !ran {
				t.Fatalf("n=%d: share %d never ran", n, w)
			}
		}
	}
}
