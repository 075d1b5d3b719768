package domineering3d

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/tablebase/tablebase/query"
)

// TestSearchStops: a search of seconds (the empty 2x4x7 box) gives up
// when its context ends, with ErrTimeout: stopped short of its answer (the
// minute allowed only guards against a hang, on however busy a machine).
// The solver answers correctly afterwards. The table is small (set as tb
// query --table-bits sets it), so that the search's cost is its own, not
// the system's filling a large table's pages.
func TestSearchStops(t *testing.T) {
	q, err := game{}.Open(nil, &query.Config{TableBits: 16, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	if a := q.Query(ctx, "2x4x7", query.Options{}); !errors.Is(a.Err(), query.ErrTimeout) || time.Since(start) > time.Minute {
		t.Fatalf("after %v: %+v", time.Since(start), a)
	}
	a := q.Query(context.Background(), "2x2x3", query.Options{})
	if o := OutcomesOf(a.Extra); o["XYZ"]+o["YZX"]+o["ZXY"] != "ZQQ" {
		t.Fatalf("after a stopped search, 2x2x3: %v (Cincotti's Table I: Z, Q, Q)", o)
	}
}

// TestNodesFollowTheSearch: the querier's node count (what tb query
// --progress prints) grows while a search of seconds (the empty 2x4x7
// box) runs, not only as each of the six turn orders' searches ends.
func TestNodesFollowTheSearch(t *testing.T) {
	q, _ := NewQuerier(nil)
	var _ query.Counter = q
	if testing.Short() {
		q.tableBits = 16 // -short: the search's table at 2^16 entries, not 2^24 (the system's clearing 384 MiB of pages)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan query.Answer)
	go func() { done <- q.Query(ctx, "2x4x7", query.Options{}) }()
	const want = 20 // counts seen, more than the six searches' ends
	seen, last := 0, int64(0)
	for seen < want {
		select {
		case a := <-done:
			t.Fatalf("the search ended on its own, the count seen to change %d times: %+v", seen, a)
		default:
		}
		if n := q.Nodes(); n != last {
			if n < last {
				t.Fatalf("the count went from %d to %d", last, n)
			}
			seen, last = seen+1, n
		}
		time.Sleep(2 * time.Millisecond)
	}
	cancel()
	if a := <-done; !errors.Is(a.Err(), query.ErrTimeout) {
		t.Fatalf("the search ended on its own: %+v", a)
	}
}
