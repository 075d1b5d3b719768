package solve

import (
	"errors"
	"math"

	"github.com/tablebase/tablebase/games/ttt3d/qubic"
	"github.com/tablebase/tablebase/games/ttt3d/rules"
)

// Deciding a position without counting plies: who wins, or that it is a
// draw, proved by the rules, by pairing strategies or by search. This
// answers the 4x4x4 positions, with or without blocked cells, that the
// exact search cannot finish.

// How a Decision was proved.
const (
	// ProvedByRules: the game is over, or the mover completes a line at
	// once.
	ProvedByRules = "rules"
	// ProvedByPairing: each side has a pairing strategy against the
	// other's lines (see Pairing), so neither can complete one.
	ProvedByPairing = "pairing"
	// ProvedBySearch: a proof-number search for x's win (Prover, with
	// pairings at its leaves) and, where o might win, a win-or-draw
	// search.
	ProvedBySearch = "search"
)

// Decision is a result for the side to move, proved without its plies.
type Decision struct {
	Result Result
	Proof  string // ProvedByRules, ProvedByPairing or ProvedBySearch
	// Moves are moves that achieve the result, each proved: a winning
	// move for a win, every drawing move for a draw; none for a loss,
	// where every move loses.
	Moves []int
}

// DecideOptions bound Decide.
type DecideOptions struct {
	// MaxNodes bounds the nodes of each search (0: no limit); past it,
	// Decide returns ErrBudget.
	MaxNodes int64
	// Done, when closed, stops Decide with ErrBudget.
	Done <-chan struct{}
	// Nodes, when set, is told the nodes searched so far as Decide goes.
	Nodes func(n int64)
	// ResultOnly leaves the moves of a draw out (their search can cost
	// more than the result's).
	ResultOnly bool
	// Workers is the number of cores a search for x's win with x to move
	// uses, his moves searched apart (qubic.Prover.DecideSplit); 0 is 1.
	Workers int
}

// Decide proves the result of p for the side to move, on p's board
// restricted to the cells not blocked. o never wins from a board without
// stones (a first player never loses a game where a stone more never
// hurts), so there only x's win is searched for.
func Decide(p rules.Position, opts DecideOptions) (Decision, error) {
	p = p.Restricted()
	return newDecider(p, opts).decide(p)
}

// PairedDraw returns the decision of an unfinished position where each
// side has a pairing strategy against the other's lines (see Pairing): a
// draw, every move of which keeps it one, since the mover's stone only
// helps its own pairing and the other side answers it by the other. ok
// is false where a side has none.
func PairedDraw(p rules.Position) (d Decision, ok bool) {
	b := p.B.Restrict(p.Blocked)
	empty := p.EmptyCells()
	if p.Finished() || !b.Pairable(p.X, empty) || !b.Pairable(p.O, empty) {
		return Decision{}, false
	}
	return Decision{Result: Draw, Proof: ProvedByPairing, Moves: rules.CellList(empty)}, true
}

// decider holds what one Decide shares between its searches.
type decider struct {
	b         *rules.Board
	opts      DecideOptions
	solver    *Solver       // for o's wins; made when first needed
	tableBits uint          // the size of the solver's table
	prover    *qubic.Prover // for x's wins, its settled positions shared
	spent     int64         // the nodes of the searches ended so far
}

// newDecider returns the decider of p, a restricted position. The table
// of its solver has a slot for each position a search of p can meet,
// each empty cell being empty, x's or o's (3^e for e empty cells), up to
// 2^20 slots.
func newDecider(p rules.Position, opts DecideOptions) *decider {
	e := float64(rules.Count(p.EmptyCells()))
	return &decider{b: p.B, opts: opts, tableBits: uint(min(20, math.Ceil(e*math.Log2(3))))}
}

// report tells opts.Nodes the nodes searched so far, current being those
// of the search under way.
func (d *decider) report(current int64) {
	if d.opts.Nodes != nil {
		d.opts.Nodes(d.spent + current)
	}
}

func (d *decider) decide(p rules.Position) (Decision, error) {
	b := d.b
	if p.Finished() {
		return Decision{Result: Finished(p).Result, Proof: ProvedByRules}, nil
	}
	me, _ := p.Mover()
	empty := p.EmptyCells()
	if t := b.Threats(me, empty); t != 0 {
		return Decision{Result: Win, Proof: ProvedByRules, Moves: []int{rules.LowCell(t)}}, nil
	}
	if dec, ok := PairedDraw(p); ok {
		if d.opts.ResultOnly {
			dec.Moves = nil
		}
		return dec, nil
	}
	xWins, move, err := d.xWins(p)
	if err != nil {
		return Decision{}, err
	}
	switch {
	case xWins && p.XToMove():
		return Decision{Result: Win, Proof: ProvedBySearch, Moves: []int{move}}, nil
	case xWins:
		return Decision{Result: Loss, Proof: ProvedBySearch}, nil
	}
	oWins, err := d.oWins(p)
	if err != nil {
		return Decision{}, err
	}
	if oWins && !p.XToMove() {
		// o's winning move: one after which x cannot draw.
		for e := empty; e != 0; e &= e - 1 {
			c := rules.LowCell(e)
			if win, err := d.oWins(p.Play(c)); err != nil || win {
				return Decision{Result: Win, Proof: ProvedBySearch, Moves: []int{c}}, err
			}
		}
		return Decision{}, errors.New("ttt3d: o wins but no move of o wins (a bug)")
	}
	if oWins {
		return Decision{Result: Loss, Proof: ProvedBySearch}, nil
	}
	// A draw: the moves after which the other side still cannot win.
	dec := Decision{Result: Draw, Proof: ProvedBySearch}
	if p.X == 0 && p.O == 0 {
		// On a board without stones every move of x draws: were o to win
		// after x's stone, o would win moving first without it, and by
		// the colours' symmetry x would win here.
		if !d.opts.ResultOnly {
			dec.Moves = rules.CellList(empty)
		}
		return dec, nil
	}
	for e := empty; e != 0 && !d.opts.ResultOnly; e &= e - 1 {
		c := rules.LowCell(e)
		next := p.Play(c)
		var win bool
		if p.XToMove() {
			win, err = d.oWins(next)
		} else {
			win, _, err = d.xWins(next)
		}
		if err != nil {
			return Decision{}, err
		}
		if !win {
			dec.Moves = append(dec.Moves, c)
		}
	}
	return dec, nil
}

// xWins reports whether x can force a win from p, and with x to move a
// winning move.
func (d *decider) xWins(p rules.Position) (bool, int, error) {
	if d.prover == nil {
		d.prover = qubic.NewLiveProver(d.b)
		d.prover.Done = d.opts.Done
	}
	pv := d.prover
	before := pv.Nodes
	limit := int64(1<<62 - 1)
	if d.opts.MaxNodes > 0 {
		limit = before + d.opts.MaxNodes
	}
	pv.Report = func(nodes int64, _, _ uint32) { d.report(nodes - before) }
	win, settled, move := pv.DecideSplit(p, limit, d.opts.Workers)
	d.spent += pv.Nodes - before
	if !settled {
		return false, -1, ErrBudget
	}
	return win, move, nil
}

// oWins reports whether o can force a win from p.
func (d *decider) oWins(p rules.Position) (bool, error) {
	if p.X == 0 && p.O == 0 {
		return false, nil
	}
	if p.Finished() {
		return Finished(p).Result == Loss && p.XToMove(), nil
	}
	empty := p.EmptyCells()
	if d.b.Pairable(p.X, empty) {
		return false, nil // x pairs every line o could complete
	}
	if d.solver == nil {
		d.solver = NewSolver(d.b, d.tableBits)
	}
	w := searcher{s: d.solver, budget: d.opts.MaxNodes, done: d.opts.Done}
	var win bool
	if p.XToMove() {
		win = !w.forces(p.X, p.O, empty, toDraw)
	} else {
		win = w.forces(p.O, p.X, empty, toWin)
	}
	d.spent += w.nodes
	d.report(0)
	if w.stopped {
		return false, ErrBudget
	}
	return win, nil
}
