package synchronized

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tablebase/tablebase/query"
)

// TestSearchStops: a search of tens of seconds (6x7 Synchronized
// Domineering) gives up when its context ends, with ErrTimeout: stopped
// short of its answer (the minute allowed only guards against a hang, on
// however busy a machine). The table is small, so that the search's
// cost is its own, not the system's filling a large table's pages.
func TestSearchStops(t *testing.T) {
	q, err := Domineering.Open(nil, &query.Config{TableBits: 18})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	board := ".......|.......|.......|.......|.......|......."
	if a := q.Query(ctx, board, query.Options{}); !errors.Is(a.Err(), query.ErrTimeout) || time.Since(start) > time.Minute {
		t.Fatalf("after %v: %+v", time.Since(start), a)
	}
}

// TestNodesFollowTheSearch: the querier counts the positions of the search
// under way while it runs (tb query --progress), from zero for each query.
// Each search is stopped at its first report of positions searched; its
// first report, before any, says 0.
func TestNodesFollowTheSearch(t *testing.T) {
	var (
		counter query.Counter
		cancel  context.CancelFunc
		during  chan int64
		first   atomic.Int64
	)
	q, err := Domineering.Open(nil, &query.Config{TableBits: 18, Progress: func(query.Progress) {
		n := counter.Nodes()
		first.CompareAndSwap(-1, n)
		if n > 0 {
			select {
			case during <- n:
				cancel()
			default:
			}
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	counter, ok := q.(query.Counter)
	if !ok {
		t.Fatal("the querier does not count nodes")
	}
	board := ".......|.......|.......|.......|.......|......."
	for range 2 {
		var ctx context.Context
		ctx, cancel = context.WithCancel(context.Background())
		during = make(chan int64, 1)
		first.Store(-1)
		a := q.Query(ctx, board, query.Options{})
		cancel()
		select {
		case n := <-during:
			if first.Load() != 0 || n > counter.Nodes() || !errors.Is(a.Err(), query.ErrTimeout) {
				t.Fatalf("%d nodes at the first report, %d during the search, %d after it: %+v", first.Load(), n, counter.Nodes(), a)
			}
		default:
			t.Fatalf("no count of nodes during the search: %+v", a)
		}
	}
}
