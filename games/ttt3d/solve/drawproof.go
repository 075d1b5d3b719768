package solve

import (
	"errors"
	"fmt"

	"github.com/tablebase/tablebase/games/ttt3d/rules"
)

// A draw proof writes out, position by position, a strategy of o that
// keeps x from completing a line, so that a program knowing only the rules
// can check a draw that the proof-number search found: o's reply to every
// move of x, down to positions where o has a pairing (see Pairing).

// DrawProof is o's strategy against x's win from Start, a position with x
// to move, on the board restricted to the cells not blocked. Positions are
// keyed by x's and o's stones.
type DrawProof struct {
	Start rules.Position
	// Replies holds o's reply to every position the strategy meets after
	// x's move on a live cell (see LiveCells) that leaves a cell empty.
	// Where the reply completes a line of o, the game ends there.
	Replies map[[2]uint64]int
	// Pairings holds, for each position with x to move where the strategy
	// ends, o's pairing against x: two empty cells of every line x can
	// still complete, no cell in two pairs.
	Pairings map[[2]uint64][][2]int
}

// errXWins is the answer of ProveDraw where x can win.
var errXWins = errors.New("ttt3d: x wins, so no draw proof exists")

// ProveDraw returns o's strategy that keeps x from winning p, a position
// with x to move, as the proof-number search (Prover) finds it. maxNodes
// bounds each search (0: no bound); past it ProveDraw returns ErrBudget.
// x's moves on cells no side can still use are not answered: such a move
// is a pass, which never helps x (a stone more never hurts a side), so o's
// answers to the live moves answer it too.
func ProveDraw(p rules.Position, maxNodes int64) (*DrawProof, error) {
	if !p.XToMove() || p.Finished() {
		return nil, fmt.Errorf("ttt3d: a draw proof starts from a position of a game still going with x to move")
	}
	r := p.Restricted()
	g := drawProver{
		b: r.B, d: newDecider(r, DecideOptions{MaxNodes: maxNodes}), seen: map[[2]uint64]bool{},
		proof: &DrawProof{Start: p, Replies: map[[2]uint64]int{}, Pairings: map[[2]uint64][][2]int{}},
	}
	// One search of the whole position first: it says whether x wins, and
	// the positions it refutes are those the strategy is read from.
	if win, err := g.xWins(r.X, r.O); err != nil || win {
		if win {
			err = errXWins
		}
		return nil, err
	}
	if err := g.visit(r.X, r.O); err != nil {
		return nil, err
	}
	return g.proof, nil
}

// drawProver builds one DrawProof.
type drawProver struct {
	b     *rules.Board       // restricted
	d     *decider           // its prover's searches and table of refuted positions
	seen  map[[2]uint64]bool // positions with x to move already covered
	proof *DrawProof
}

// visit covers a position with x to move: a pairing ends it; otherwise
// each live move of x gets o's reply, and the position after it is
// covered in turn.
func (g *drawProver) visit(x, o uint64) error {
	k := [2]uint64{x, o}
	if g.seen[k] {
		return nil
	}
	g.seen[k] = true
	b := g.b
	empty := b.Full() &^ (x | o)
	if pairs, ok := b.Pairing(o, empty); ok {
		g.proof.Pairings[k] = pairs
		return nil
	}
	for m := b.LiveCells(x, o, empty); m != 0; m &= m - 1 {
		c := rules.LowCell(m)
		if b.Completes(x, c) {
			return errXWins
		}
		x2 := x | 1<<c
		if empty&^(1<<c) == 0 {
			continue // the board is full: a draw
		}
		r, err := g.reply(x2, o)
		if err != nil {
			return err
		}
		g.proof.Replies[[2]uint64{x2, o}] = r
		if b.Completes(o, r) {
			continue // o wins
		}
		if err := g.visit(x2, o|1<<r); err != nil {
			return err
		}
	}
	return nil
}

// reply returns a move of o after which x cannot win: o's winning move,
// the block of x's threat, a move that gives o a pairing, or one the
// prover refutes x's win after.
func (g *drawProver) reply(x, o uint64) (int, error) {
	b := g.b
	empty := b.Full() &^ (x | o)
	if t := b.Threats(o, empty); t != 0 {
		return rules.LowCell(t), nil
	}
	if t := b.Threats(x, empty); t != 0 {
		if t&(t-1) != 0 {
			return -1, errXWins
		}
		return rules.LowCell(t), nil
	}
	for e := empty; e != 0; e &= e - 1 {
		if c := rules.LowCell(e); b.Pairable(o|1<<c, empty&^(1<<c)) {
			return c, nil
		}
	}
	if win, err := g.xWins(x, o); err != nil || win {
		if win {
			err = errXWins
		}
		return -1, err
	}
	// The search refuted x's win after one of o's moves, and kept it.
	live := b.LiveCells(x, o, empty)
	for _, set := range []uint64{live, empty &^ live} {
		for e := set; e != 0; e &= e - 1 {
			c := rules.LowCell(e)
			o2 := o | 1<<c
			ot := b.Threats(o2, empty&^(1<<c))
			pv := g.d.prover
			if pv.Refuted(x, o2) || ot&(ot-1) != 0 {
				return c, nil
			}
		}
	}
	// The settled table was started again: search each reply.
	for e := empty; e != 0; e &= e - 1 {
		c := rules.LowCell(e)
		win, err := g.xWins(x, o|1<<c)
		if err != nil {
			return -1, err
		}
		if !win {
			return c, nil
		}
	}
	return -1, errXWins
}

// xWins asks the prover whether x wins from the position (Decide's
// search, with its node limit).
func (g *drawProver) xWins(x, o uint64) (bool, error) {
	win, _, err := g.d.xWins(rules.Position{B: g.b, X: x, O: o})
	return win, err
}
