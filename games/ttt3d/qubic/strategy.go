package qubic

import (
	"encoding/binary"
	"fmt"
	"math/bits"

	"github.com/tablebase/tablebase/games/ttt3d/rules"
)

// Strategy is a proved win: for each position with x to move that the
// strategy reaches (canonical stones of x and o), x's move, and the most
// plies the win takes from there against any defence.
type Strategy map[[2]uint64]StrategyMove

// StrategyMove is x's move in a strategy position, in the position's
// canonical frame, and the plies to the win under the strategy.
type StrategyMove struct {
	Cell  int
	Plies int
}

// extract fills s from a proved tree and returns the plies to the win,
// each node once (done holds the plies of those already extracted).
func (pv *Prover) extract(n *pnNode, s Strategy, done map[*pnNode]int) int {
	if t := n.linked(); t != nil {
		return pv.extract(t, s, done)
	}
	if plies, ok := done[n]; ok {
		return plies
	}
	plies := pv.extractNode(n, s, done)
	done[n] = plies
	return plies
}

// extractNode is extract for a node not yet extracted.
func (pv *Prover) extractNode(n *pnNode, s Strategy, done map[*pnNode]int) int {
	b := pv.b
	empty := b.Full() &^ (n.x | n.o)
	xToMove := rules.Count(n.x) == rules.Count(n.o)
	if xToMove {
		if t := b.Threats(n.x, empty); t != 0 {
			return 1
		}
		kids := n.kids()
		if kids == nil {
			return pv.strategyAt(n.x, n.o, s)
		}
		var c, plies int
		for i := range kids {
			if ch := &kids[i]; ch.pn == 0 {
				c, plies = int(ch.move), 1+pv.extract(ch, s, done)
				break
			}
		}
		s.put(b, n.x, n.o, c, plies)
		return plies
	}
	// o to move: every reply must be covered.
	kids := n.kids()
	if kids == nil {
		return 2 // x has two threats: any reply, then x completes a line
	}
	most := 0
	var replied uint64
	for i := range kids {
		replied |= 1 << kids[i].move
		most = max(most, 1+pv.extract(&kids[i], s, done))
	}
	// The replies without a child are images of one (whose position the
	// strategy now holds), leave x a threat, or lose to a threat chain
	// (see defences).
	for m := empty &^ replied; m != 0; m &= m - 1 {
		most = max(most, 1+pv.strategyAt(n.x, n.o|1<<bits.TrailingZeros64(m), s))
	}
	return most
}

// vcfStrategy stores the threat chain from an x-to-move position that vcf
// proves, and returns x's first move and the plies to the win; ok is
// false, and nothing is stored, where vcf finds no chain.
func (pv *Prover) vcfStrategy(x, o uint64, s Strategy) (c, plies int, ok bool) {
	b := pv.b
	empty := b.Full() &^ (x | o)
	for m := pv.chainMoves(x, o, b.Threats(o, empty)); m != 0; m &= m - 1 {
		c := bits.TrailingZeros64(m)
		cb := uint64(1) << c
		t := b.Threats(x|cb, empty&^cb)
		if t&(t-1) != 0 {
			return c, 3, true
		}
		if t != 0 && pv.wins(x|cb, o|t) {
			return c, 2 + pv.strategyAt(x|cb, o|t, s), true
		}
	}
	return 0, 0, false
}

// strategyAt stores x's move at an x-to-move position won by a threat
// chain, unless the strategy holds the position already, and returns the
// plies to the win. Should no chain be found (a bug), it stores nothing,
// and Verify reports the position.
func (pv *Prover) strategyAt(x, o uint64, s Strategy) int {
	b := pv.b
	if b.Threats(x, b.Full()&^(x|o)) != 0 {
		return 1
	}
	if m, ok := s[pv.canon(x, o)]; ok {
		return m.Plies
	}
	c, plies, ok := pv.vcfStrategy(x, o, s)
	if ok {
		s.put(b, x, o, c, plies)
	}
	return plies
}

// put stores x's move c at the position (x, o), in its canonical frame.
func (s Strategy) put(b *rules.Board, x, o uint64, c, plies int) {
	a, bb, g := b.Canonical(x, o)
	s[[2]uint64{a, bb}] = StrategyMove{Cell: int(b.Group[g].Perm[c]), Plies: plies}
}

// Verify plays every defence of o against the strategy from p and returns
// the most plies the win takes, or an error naming a position the
// strategy does not cover.
func (s Strategy) Verify(p rules.Position) (int, error) {
	_, plies, err := s.Trim(p)
	return plies, err
}

// Trim is Verify that also returns the strategy cut to the positions it
// reaches from p, each with the plies its win takes there: the stored
// plies are recomputed, so strategies proved apart may be merged first.
func (s Strategy) Trim(p rules.Position) (Strategy, int, error) {
	b := p.B
	out := Strategy{}
	var xTurn, oTurn func(x, o uint64) (int, error)
	xTurn = func(x, o uint64) (int, error) {
		empty := b.Full() &^ (x | o)
		if b.Threats(x, empty) != 0 {
			return 1, nil
		}
		a, bb, g := b.Canonical(x, o)
		k := [2]uint64{a, bb}
		if m, ok := out[k]; ok {
			return m.Plies, nil
		}
		m, ok := s[k]
		if !ok {
			return 0, fmt.Errorf("ttt3d: strategy has no move at %s", rules.Position{B: b, X: x, O: o})
		}
		if m.Cell < 0 || m.Cell >= b.Cells {
			return 0, fmt.Errorf("ttt3d: strategy plays off the board at %s", rules.Position{B: b, X: x, O: o})
		}
		c := int(b.Group[g].Inverse[m.Cell])
		if empty>>c&1 == 0 {
			return 0, fmt.Errorf("ttt3d: strategy plays a taken cell at %s", rules.Position{B: b, X: x, O: o})
		}
		plies, err := oTurn(x|1<<c, o)
		out[k] = StrategyMove{Cell: m.Cell, Plies: plies + 1}
		return plies + 1, err
	}
	oTurn = func(x, o uint64) (int, error) {
		empty := b.Full() &^ (x | o)
		if empty == 0 {
			return 0, fmt.Errorf("ttt3d: strategy draws at %s", rules.Position{B: b, X: x, O: o})
		}
		most := 0
		for e := empty; e != 0; e &= e - 1 {
			c := bits.TrailingZeros64(e)
			if b.Completes(o, c) {
				return 0, fmt.Errorf("ttt3d: o wins against the strategy at %s", rules.Position{B: b, X: x, O: o})
			}
			plies, err := xTurn(x, o|1<<c)
			if err != nil {
				return 0, err
			}
			most = max(most, plies+1)
		}
		return most, nil
	}
	var plies int
	var err error
	if p.XToMove() {
		plies, err = xTurn(p.X, p.O)
	} else {
		plies, err = oTurn(p.X, p.O)
	}
	if err != nil {
		return nil, 0, err
	}
	return out, plies, nil
}

// strategyKeyLen is the key length of a 4x4x4 strategy file: the
// canonical stones of x, then of o, 8 bytes each, big-endian.
const strategyKeyLen = 16

// strategyValue is a strategy move as a strategy file stores it: the cell
// in the canonical frame plus 256 times the plies.
func strategyValue(m StrategyMove) uint32 { return uint32(m.Cell | m.Plies<<8) }

// ParseStrategyValue reads a value written by strategyValue.
func ParseStrategyValue(v uint32) StrategyMove {
	return StrategyMove{Cell: int(v & 0xff), Plies: int(v >> 8)}
}

// StrategyKey returns the key of a canonical pair in a strategy file.
func StrategyKey(x, o uint64) []byte {
	return binary.BigEndian.AppendUint64(binary.BigEndian.AppendUint64(make([]byte, 0, strategyKeyLen), x), o)
}
