package synchronized

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/tablebase/tablebase/query"
)

// TestSearchStops: a search of tens of seconds (6x7 Synchronized
// Domineering) gives up soon after its context ends, with ErrTimeout. The
// table is small, so that the time measured is the search's, not the
// system's filling a large table's pages.
func TestSearchStops(t *testing.T) {
	q, err := Domineering.Open(nil, &query.Config{TableBits: 18})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	board := ".......|.......|.......|.......|.......|......."
	if a := q.Query(ctx, board, query.Options{}); !errors.Is(a.Err(), query.ErrTimeout) || time.Since(start) > 2*time.Second {
		t.Fatalf("after %v: %+v", time.Since(start), a)
	}
}

// TestNodesFollowTheSearch: the querier counts the positions of the search
// under way while it runs (tb query --progress), from zero for each query.
func TestNodesFollowTheSearch(t *testing.T) {
	q, err := Domineering.Open(nil, &query.Config{TableBits: 18})
	if err != nil {
		t.Fatal(err)
	}
	counter, ok := q.(query.Counter)
	if !ok {
		t.Fatal("the querier does not count nodes")
	}
	board := ".......|.......|.......|.......|.......|......."
	for range 2 {
		ctx, cancel := context.WithTimeout(context.Background(), 400*time.Millisecond)
		seen := make(chan int64)
		go func() {
			time.Sleep(200 * time.Millisecond)
			seen <- counter.Nodes()
		}()
		q.Query(ctx, board, query.Options{})
		cancel()
		if during := <-seen; during <= 0 || during > counter.Nodes() {
			t.Fatalf("%d nodes during the search, %d after it", during, counter.Nodes())
		}
	}
}
