package ttt3d

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/tablebase/tablebase/build/tasks"
	"github.com/tablebase/tablebase/games/ttt3d/qubic"
	"github.com/tablebase/tablebase/games/ttt3d/rules"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

// Tasks opens the search for tb solve (tasks.Splitter): a plan asks
// whether x can force a win from a position (blocked cells and stones
// allowed, in the notation of Parse; 4x4x4 or 3x3x3 for the empty
// board), the question a draw proof of a
// pattern of blocked cells answers "no" to. Left is x and Right o; the
// plan's two players take turns, so where the position has o to move,
// Left moving first passes. A position asks one question, and the plan
// has one root: N, x can force a win; P, he cannot (o can draw, or win).
// Each search is Decide's proof-number search for x's win (Prover with
// Live); it reads no tablebase file and ignores c.
func (game) Tasks(_ *tablebase.File, _ *query.Config) (tasks.Game, error) {
	return &asking{}, nil
}

// Pass is the move of the side whose turn it is not, and of the side that
// has won the question once it is decided.
const Pass = "pass"

// asking is 3D tic-tac-toe's question "can x force a win?" as tasks.Game.
type asking struct {
	nodes atomic.Int64 // the pool of every search's prover
}

// The task game tells what its outcomes mean (games.Teller).
var _ tasks.Teller = (*asking)(nil)

// Board reads a position, or 3x3x3 or 4x4x4 for the empty board, and
// writes it as plans hold it.
func (a *asking) Board(board string) (string, error) {
	switch board {
	case "3x3x3":
		board = strings.Repeat(".", 27)
	case "4x4x4":
		board = strings.Repeat(".", 64)
	}
	p, err := rules.Parse(board)
	if err != nil {
		return "", err
	}
	return p.String(), nil
}

// SelfDual is true: a position asks one question (see Tasks).
func (a *asking) SelfDual(string) bool { return true }

// What the side to move may do on a position (asking.side).
const (
	plays  = iota // take a cell
	passes        // pass, its one move
	lost          // nothing: the question is decided against it
)

// side says what the side to move in the plan (Left, x, when left) may
// do on p.
func side(p rules.Position, left bool) int {
	if over, xWon := decided(p); over {
		if xWon == left {
			return passes
		}
		return lost
	}
	if p.XToMove() != left {
		return passes
	}
	return plays
}

// decided reports whether the rules decide the question on p, and if so
// whether x has won: x has a line (he has), o has one or the board is
// full (he has not).
func decided(p rules.Position) (over, xWon bool) {
	switch {
	case p.B.HasLine(p.X):
		return true, true
	case p.B.HasLine(p.O) || p.EmptyCells() == 0:
		return true, false
	}
	return false, false
}

// Moves lists the moves of the side to move: a stone on an empty cell
// (cell numbers, one of each set of cells that a symmetry of the board
// keeping the stones and blocked cells maps onto one another) when it is
// that side's turn, else Pass; once the question is decided, Pass for
// the side that has won it and none for the other.
func (a *asking) Moves(board string, left bool) ([]string, error) {
	p, err := rules.Parse(board)
	if err != nil {
		return nil, err
	}
	return moveNames(p, left, unalike(p)), nil
}

// moveNames writes the moves of the side to move, cells when it plays.
func moveNames(p rules.Position, left bool, cells []int) []string {
	switch side(p, left) {
	case passes:
		return []string{Pass}
	case lost:
		return nil
	}
	names := make([]string, len(cells))
	for i, c := range cells {
		names[i] = strconv.Itoa(c)
	}
	return names
}

// unalike returns the empty cells of p, lowest first, without those that
// a symmetry of the board keeping p's stones and blocked cells maps onto
// a lower one: the positions after them are alike, so one answers for
// all.
func unalike(p rules.Position) []int {
	var keep []int
	for i, m := range p.B.Group {
		if i > 0 && m.Apply(p.X) == p.X && m.Apply(p.O) == p.O && m.Apply(p.Blocked) == p.Blocked {
			keep = append(keep, i)
		}
	}
	var seen uint64
	var out []int
	for e := p.EmptyCells(); e != 0; e &= e - 1 {
		c := rules.LowCell(e)
		if seen>>c&1 != 0 {
			continue
		}
		out = append(out, c)
		for _, i := range keep {
			seen |= p.B.Group[i].Apply(1 << c)
		}
	}
	return out
}

// Candidates lists the same moves in the order a player would try them:
// a cell that completes his line, then one that stops the other's, then
// the cells on the most lines still open to either side.
func (a *asking) Candidates(board string, left bool) ([]string, error) {
	p, err := rules.Parse(board)
	if err != nil {
		return nil, err
	}
	cells := unalike(p)
	me, opp := p.Mover()
	empty := p.EmptyCells()
	r := p.Restricted()
	win, block := p.B.Threats(me, empty), p.B.Threats(opp, empty)
	score := func(c int) int {
		switch {
		case win>>c&1 != 0:
			return 1 << 20
		case block>>c&1 != 0:
			return 1 << 19
		}
		open := 0
		for _, l := range r.B.Through[c] {
			if l&opp == 0 || l&me == 0 {
				open++
			}
		}
		return open
	}
	slices.SortStableFunc(cells, func(c, d int) int { return cmp.Compare(score(d), score(c)) })
	return moveNames(p, left, cells), nil
}

// Play returns the position after the side to move plays move.
func (a *asking) Play(board string, left bool, move string) (string, error) {
	p, err := rules.Parse(board)
	if err != nil {
		return "", err
	}
	switch side(p, left) {
	case passes:
		if move == Pass {
			return board, nil
		}
	case plays:
		if c, err := strconv.Atoi(move); err == nil && c >= 0 && c < p.B.Cells && p.EmptyCells()>>c&1 != 0 {
			return p.Play(c).String(), nil
		}
	}
	return "", fmt.Errorf("%q is not a move of the side to move (%s) on %s", move, map[bool]string{true: "x", false: "o"}[left], board)
}

// Solve decides whether the side to move wins the question: for Left,
// whether x can force a win; for Right, whether he cannot.
func (a *asking) Solve(ctx context.Context, board string, left bool) (wins, solved bool, err error) {
	p, err := rules.Parse(board)
	if err != nil {
		return false, false, err
	}
	over, xWins := decided(p)
	if !over {
		r := p.Restricted()
		pv := qubic.NewLiveProver(r.B)
		pv.Done, pv.Pool = ctx.Done(), &a.nodes
		var settled bool
		xWins, settled, _ = pv.Decide(r, 1<<62)
		pv.Flush()
		if !settled {
			return false, false, nil
		}
	}
	return xWins == left, true, nil
}

// Nodes returns the proof-tree nodes that every search has made so far.
func (a *asking) Nodes() int64 { return a.nodes.Load() }

// Tell says what a plan's outcome means (tasks.Teller).
func (a *asking) Tell(_, outcome string) string {
	switch outcome {
	case "N":
		return "x can force a win"
	case "P":
		return "x cannot force a win: o can draw, or win"
	}
	return ""
}
