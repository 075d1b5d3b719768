package stop

import "testing"

// TestRun: a computation runs to its end while done is open, stops when
// it is closed, and other panics go on.
func TestRun(t *testing.T) {
	var c Check
	depth := 0
	var rec func(n int) int
	rec = func(n int) int {
		c.Point()
		depth++
		if n == 0 {
			return 0
		}
		return 1 + rec(n-1)
	}
	if v, ok := Run(&c, make(chan struct{}), func() int { return rec(100) }); !ok || v != 100 {
		t.Fatalf("open: %d %v", v, ok)
	}
	closed := make(chan struct{})
	close(closed)
	if _, ok := Run(&c, closed, func() int { return rec(100) }); ok {
		t.Fatal("a closed channel did not stop the computation")
	}
	c.Point() // after Run, the zero state: no stop
	defer func() {
		if r := recover(); r != "other" {
			t.Fatalf("recovered %v", r)
		}
	}()
	Run(&c, closed, func() int { panic("other") })
}

// TestRunNested: a Run within another stops when its own done closes,
// and the outer one, whose done closed meanwhile, stops at its next
// Point after the inner returns.
func TestRunNested(t *testing.T) {
	var c Check
	outer, inner := make(chan struct{}), make(chan struct{})
	innerOK, after := true, false
	_, ok := Run(&c, outer, func() int {
		_, innerOK = Run(&c, inner, func() int {
			close(outer)
			close(inner)
			c.Point()
			return 1
		})
		c.Point()
		after = true
		return 0
	})
	if ok || innerOK || after {
		t.Errorf("outer ok %v, inner ok %v, went on after the inner %v: want all false", ok, innerOK, after)
	}
	c.Point() // both done: the zero state again
}
