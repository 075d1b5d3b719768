package synchronized

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/tablebase/tablebase/query"
)

// TestSearchStops: a search of tens of seconds (6x7 Synchronized
// Domineering) gives up soon after its context ends, with ErrTimeout.
func TestSearchStops(t *testing.T) {
	q, _ := NewQuerier(Domineering, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	board := ".......|.......|.......|.......|.......|......."
	if a := q.Query(ctx, board, query.Options{}); !errors.Is(a.Err(), query.ErrTimeout) || time.Since(start) > 2*time.Second {
		t.Fatalf("after %v: %+v", time.Since(start), a)
	}
}
