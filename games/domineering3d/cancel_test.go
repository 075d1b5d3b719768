package domineering3d

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/tablebase/tablebase/query"
)

// TestSearchStops: a search of minutes (the empty 4x3x3 box) gives up
// soon after its context ends, with ErrTimeout, and the solver answers
// correctly afterwards.
func TestSearchStops(t *testing.T) {
	q, _ := NewQuerier(nil)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	if a := q.Query(ctx, "4x3x3", query.Options{}); !errors.Is(a.Err(), query.ErrTimeout) || time.Since(start) > 2*time.Second {
		t.Fatalf("after %v: %+v", time.Since(start), a)
	}
	a := q.Query(context.Background(), "2x2x3", query.Options{})
	if got := a.Outcomes["XYZ"] + a.Outcomes["YZX"] + a.Outcomes["ZXY"]; got != "ZQQ" {
		t.Fatalf("after a stopped search, 2x2x3: %v (Cincotti's Table I: Z, Q, Q)", a.Outcomes)
	}
}
