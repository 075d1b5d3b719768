// Package stop lets a deep recursive computation be abandoned when its
// context ends: the computation calls Point now and then, and Run turns
// the unwinding into a false result. What the computation finished before
// (a memo, say) stays valid: only work under way is dropped.
package stop

// Check is a computation's place to look whether it must stop. The zero
// Check never stops. It is not safe for concurrent use.
type Check struct{ done <-chan struct{} }

// stopped unwinds a computation that must stop.
type stopped struct{}

// Point stops the computation, unwinding it to Run, if its done channel
// is closed.
func (c *Check) Point() {
	if c.done == nil {
		return
	}
	select {
	case <-c.done:
		panic(stopped{})
	default:
	}
}

// Run runs f, whose computation calls c.Point, until done is closed: ok
// is false when it stopped f. Other panics go on. A Run within another's
// f watches its own done alone (which should close when the outer's
// does), and the outer's done is watched again once it returns.
func Run[T any](c *Check, done <-chan struct{}, f func() T) (v T, ok bool) {
	outer := c.done
	c.done = done
	defer func() {
		c.done = outer
		if r := recover(); r != nil {
			if _, is := r.(stopped); !is {
				panic(r)
			}
			ok = false
		}
	}()
	return f(), true
}
