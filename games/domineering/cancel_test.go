package domineering

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/tablebase/tablebase/query"
)

// TestExactValueStops: an exact value that takes seconds (the 5x6 board)
// gives up soon after its context ends, with ErrTimeout, and the solver
// answers correctly afterwards.
func TestExactValueStops(t *testing.T) {
	q, _ := NewQuerier(Plain, nil, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	a := q.Query(ctx, "......|......|......|......|......", query.Options{})
	if !errors.Is(a.Err(), query.ErrTimeout) || time.Since(start) > time.Second {
		t.Fatalf("after %v: %+v", time.Since(start), a)
	}
	if a := q.Query(context.Background(), "...|...", query.Options{}); a.Value != "{2|-1/2}" {
		t.Fatalf("after a stopped computation: %+v", a)
	}
}
