package oracle

import "strings"

// Board is a game played on a grid of bytes, by its rules alone, for the
// oracles of games' tests: it calls visit once for every move of Left
// (left true) or Right on board, with board changed to the position after
// the move, and restores board after each call. Value and Outcome do the
// rest by plain recursion over whole boards, with a memo by board text:
// no parts, no symmetry, nothing a solver does.
type Board func(board [][]byte, left bool, visit func())

// Value returns the canonical form of the game played on rows, as String
// writes it.
func (moves Board) Value(rows []string) string {
	o := New()
	return o.String(o.Canonical(moves.tree(grid(rows), map[string]*Game{})))
}

// tree returns the game tree of board: Left's options are the trees of
// the boards after each of Left's moves, Right's after each of Right's.
// memo maps board text to its tree.
func (moves Board) tree(board [][]byte, memo map[string]*Game) *Game {
	key := text(board)
	if g, ok := memo[key]; ok {
		return g
	}
	g := &Game{}
	moves(board, true, func() { g.L = append(g.L, moves.tree(board, memo)) })
	moves(board, false, func() { g.R = append(g.R, moves.tree(board, memo)) })
	memo[key] = g
	return g
}

// Outcome returns the outcome class of the game played on rows: "L" if
// Left wins whoever moves first, "R" if Right does, "N" if the player to
// move wins and "P" if the player to move loses. It is plain minimax (a
// player with no move loses), with no combinatorial game theory.
func (moves Board) Outcome(rows []string) string {
	board := grid(rows)
	memo := map[string]bool{}
	left, right := moves.wins(board, true, memo), moves.wins(board, false, memo)
	switch {
	case left && right:
		return "N"
	case left:
		return "L"
	case right:
		return "R"
	}
	return "P"
}

// wins reports whether Left (left true) or Right, moving first on board,
// wins against best play. memo maps the player to move and the board text
// to the answer.
func (moves Board) wins(board [][]byte, left bool, memo map[string]bool) bool {
	key := "R:" + text(board)
	if left {
		key = "L:" + text(board)
	}
	if v, ok := memo[key]; ok {
		return v
	}
	win := false
	moves(board, left, func() {
		if !win && !moves.wins(board, !left, memo) {
			win = true
		}
	})
	memo[key] = win
	return win
}

// grid copies rows into a board that moves may change.
func grid(rows []string) [][]byte {
	board := make([][]byte, len(rows))
	for i, r := range rows {
		board[i] = []byte(r)
	}
	return board
}

// text writes board as its rows joined by '|'.
func text(board [][]byte) string {
	var b strings.Builder
	for i, r := range board {
		if i > 0 {
			b.WriteByte('|')
		}
		b.Write(r)
	}
	return b.String()
}
