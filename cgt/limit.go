package cgt

import (
	"errors"
	"fmt"
	"time"
)

// ErrLimit is returned (through Guard, Parse and ParseExpr) when a
// computation would make a Universe larger than SetLimits allows, or runs
// past its deadline.
var ErrLimit = errors.New("the computation is too large")

// limitPanic carries ErrLimit from deep inside an operation up to Guard.
type limitPanic struct{ err error }

// SetLimits bounds what later operations on u may do: at most maxLen
// canonical forms in all (0: no bound), and no new form after deadline
// (the zero time: none). An operation that would pass a limit stops, and
// the Guard around it returns ErrLimit; u stays usable for what it holds,
// but a computation cut off may leave forms behind that are never found
// again, so a Universe made for one bounded computation is best dropped
// after it. Call it before the operations it bounds, not during them.
func (u *Universe) SetLimits(maxLen int, deadline time.Time) {
	u.maxLen.Store(uint32(min(max(maxLen, 0), 1<<32-1)))
	d := int64(0)
	if !deadline.IsZero() {
		d = deadline.UnixNano()
	}
	u.deadline.Store(d)
}

// checkLimitsLocked panics with a limitPanic when one more form (or two:
// a form and its negative) would pass u's limits.
func (u *Universe) checkLimitsLocked() {
	if m := u.maxLen.Load(); m != 0 && u.size+2 > m {
		panic(limitPanic{fmt.Errorf("%w: more than %d canonical forms", ErrLimit, m)})
	}
	u.checkDeadline()
}

// checkDeadline panics with a limitPanic past u's deadline.
func (u *Universe) checkDeadline() {
	if d := u.deadline.Load(); d != 0 && time.Now().UnixNano() > d {
		panic(limitPanic{fmt.Errorf("%w: past its deadline", ErrLimit)})
	}
}

// Guard runs f, and returns an error wrapping ErrLimit if an operation
// of u inside it stopped at the limits SetLimits set. Other panics pass
// through.
func (u *Universe) Guard(f func()) (err error) {
	defer func() {
		if v := recover(); v != nil {
			lp, ok := v.(limitPanic)
			if !ok {
				panic(v)
			}
			err = lp.err
		}
	}()
	f()
	return nil
}
