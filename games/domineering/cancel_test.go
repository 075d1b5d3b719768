package domineering

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/tablebase/tablebase/query"
)

// TestExactValueStops: an exact value that takes seconds (the 5x6 board)
// gives up when its context ends, with ErrTimeout: stopped short of its
// answer (the minute allowed only guards against a hang, on however busy
// a machine). The solver answers correctly afterwards.
func TestExactValueStops(t *testing.T) {
	q, _ := NewQuerier(Plain, nil, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	a := q.Query(ctx, "......|......|......|......|......", query.Options{})
	if !errors.Is(a.Err(), query.ErrTimeout) || time.Since(start) > time.Minute {
		t.Fatalf("after %v: %+v", time.Since(start), a)
	}
	if a := q.Query(context.Background(), "...|...", query.Options{}); a.Value != "{2|-1/2}" {
		t.Fatalf("after a stopped computation: %+v", a)
	}
}
