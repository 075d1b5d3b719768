package clobber

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/tablebase/tablebase/build/tasks"
	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/internal/region"
	"github.com/tablebase/tablebase/internal/stop"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

// Tasks opens the whole-board search for tb solve (tasks.Splitter), set
// up as tb query --outcome-only sets it up, reading f when it is not nil.
func (game) Tasks(f *tablebase.File, c *query.Config) (tasks.Game, error) {
	q, err := NewQuerier(f, c)
	if err != nil {
		return nil, err
	}
	return taskGame{q}, nil
}

// taskGame is the whole-board search as tasks.Game: boards of up to 64
// cells, moves written as the stone's cell and the cell it takes.
type taskGame struct{ q *Querier }

// parseBoard reads a board, or "RxC" for the checkerboard of R rows and
// C columns with x in its top left corner.
func parseBoard(board string) (Position, error) {
	rs, cs, ok := strings.Cut(board, "x")
	if ok && rs != "" && cs != "" && strings.Trim(rs+cs, "0123456789") == "" {
		r, err1 := strconv.Atoi(rs)
		c, err2 := strconv.Atoi(cs)
		if err1 != nil || err2 != nil {
			r = 0
		}
		if r == 0 || c == 0 || r > region.MaxCells || c > region.MaxCells || r*c > region.MaxCells {
			return Position{}, fmt.Errorf("board %q: want RxC, R rows and C columns of at most %d cells, or rows of 'x', 'o' and '.'", board, region.MaxCells)
		}
		rows := make([]string, r)
		for i := range rows {
			var b strings.Builder
			for j := range c {
				b.WriteByte("xo"[(i+j)%2])
			}
			rows[i] = b.String()
		}
		board = strings.Join(rows, "|")
	}
	return Parse(board)
}

// Board reads a board in the position notation, or "RxC" for a
// checkerboard.
func (taskGame) Board(board string) (string, error) {
	p, err := parseBoard(board)
	if err != nil {
		return "", err
	}
	return p.String(), nil
}

// SelfDual reports whether a reflection of the board swaps its colours:
// Right moving first on it is then Left moving first.
func (taskGame) SelfDual(board string) bool {
	p, err := Parse(board)
	if err != nil {
		return false
	}
	var s OutcomeSearch
	s.frame(p.H, p.W)
	white := p.Stones &^ p.Black
	tb := s.mirrorTB(p.Stones)
	for _, img := range [3][2]uint64{{tb, s.mirrorTB(p.Black)}, {s.rotate(p.Stones), s.rotate(p.Black)}, {s.rotate(tb), s.rotate(s.mirrorTB(p.Black))}} {
		if img[0] == p.Stones && img[1] == white {
			return true
		}
	}
	return false
}

// Moves lists the captures of the player to move (Left's x), one of
// each set whose positions after are one position turned or reflected
// (the board's symmetries: a half turn, the two mirrors, and on a square
// the two transposes): their results are the same.
func (taskGame) Moves(board string, left bool) ([]string, error) {
	p, err := Parse(board)
	if err != nil {
		return nil, err
	}
	var names []string
	seen := map[[2]uint64]bool{}
	p.Moves(left, func(from, to int) {
		if k := symmetryClass(p.Play(from, to)); !seen[k] {
			seen[k] = true
			names = append(names, moveName(p, from, to))
		}
	})
	return names, nil
}

// symmetryClass returns the least (stones, Left's stones) among the
// images of p under its board's symmetries.
func symmetryClass(p Position) [2]uint64 {
	var s OutcomeSearch
	s.frame(p.H, p.W)
	best := s.key(state{stones: p.Stones, black: p.Black})
	if p.H == p.W {
		t := s.key(state{stones: transpose(p.Stones, p.H), black: transpose(p.Black, p.H)})
		if t.stones < best.stones || t.stones == best.stones && t.black < best.black {
			best = t
		}
	}
	return [2]uint64{best.stones, best.black}
}

// transpose reflects the cells x of an n x n board in its main diagonal.
func transpose(x uint64, n int) uint64 {
	var y uint64
	for r := range n {
		for c := range n {
			y |= (x >> (r*n + c) & 1) << (c*n + r)
		}
	}
	return y
}

// Candidates lists the moves the search may try at the root: all of them.
func (g taskGame) Candidates(board string, left bool) ([]string, error) {
	return g.Moves(board, left)
}

// Play returns the board after the player to move makes the capture
// move.
func (taskGame) Play(board string, left bool, move string) (string, error) {
	p, err := Parse(board)
	if err != nil {
		return "", err
	}
	var after string
	p.Moves(left, func(from, to int) {
		if moveName(p, from, to) == move {
			after = p.Play(from, to).String()
		}
	})
	if after == "" {
		player := "R"
		if left {
			player = "L"
		}
		return "", fmt.Errorf("%q is not a move of %s on %s", move, Game.Look.Players[player], board)
	}
	return after, nil
}

// Solve decides whether the player to move wins, by the whole-board
// search.
func (g taskGame) Solve(ctx context.Context, board string, left bool) (wins, solved bool, err error) {
	p, err := Parse(board)
	if err != nil {
		return false, false, err
	}
	q := g.q
	q.whole.mu.Lock()
	defer q.whole.mu.Unlock()
	s := q.outcomeSearch(p.Cells())
	wins, solved = stop.Run(&s.Stop, ctx.Done(), func() bool { return s.Wins(p, left) })
	return wins, solved, nil
}

// Nodes returns the positions the search has searched so far.
func (g taskGame) Nodes() int64 {
	if s := g.q.whole.search.Load(); s != nil {
		return s.Nodes()
	}
	return 0
}

// moveName writes a capture as the stone's cell and the cell it takes.
func moveName(p Position, from, to int) string {
	return notation.Piece(notation.Cell(from/p.W, from%p.W), notation.Cell(to/p.W, to%p.W))
}
