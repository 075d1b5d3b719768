package domineering3d

import "fmt"

// Player is X, Y or Z; Q stands for "no player can force a win".
type Player uint8

// The players, and the outcome when none can force a win.
const (
	X Player = iota
	Y
	Z
	Q
)

// String writes X, Y, Z or Q.
func (p Player) String() string { return string("XYZQ"[p]) }

// Order is a turn order: who moves first, and whether play goes X, Z, Y
// (reverse) instead of X, Y, Z (forward).
type Order struct {
	First   Player
	Reverse bool
}

// Orders lists the six turn orders in the order of the contract's keys.
var Orders = [6]Order{{X, false}, {Y, false}, {Z, false}, {X, true}, {Z, true}, {Y, true}}

// String writes the order as three letters, the first to move first.
func (o Order) String() string {
	p, s := o.First, ""
	for range 3 {
		s += p.String()
		p = next(p, o.Reverse)
	}
	return s
}

// ParseOrder reads a turn order such as "XYZ" or "ZYX".
func ParseOrder(s string) (Order, error) {
	for _, o := range Orders {
		if o.String() == s {
			return o, nil
		}
	}
	return Order{}, fmt.Errorf("unknown turn order %q (want one of XYZ, YZX, ZXY, XZY, ZYX, YXZ)", s)
}

// next is the player after p in the cyclic order, all three in play.
func next(p Player, reverse bool) Player {
	if reverse {
		return (p + 2) % 3
	}
	return (p + 1) % 3
}

// nextAlive is the player after p among those in alive (a bit per player).
func nextAlive(p Player, reverse bool, alive uint8) Player {
	for q := next(p, reverse); ; q = next(q, reverse) {
		if alive>>q&1 != 0 {
			return q
		}
	}
}

// Next returns the player who moves after the first one in o.
func (o Order) Next() Player { return next(o.First, o.Reverse) }

// Index returns o's place in Orders: X, Y, Z first forward, then X, Z, Y
// first in reverse.
func (o Order) Index() int {
	if o.Reverse {
		return 3 + (3-int(o.First))%3
	}
	return int(o.First)
}
