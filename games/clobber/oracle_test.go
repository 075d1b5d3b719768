package clobber

import (
	"strings"

	"github.com/tablebase/tablebase/cgt/oracle"
)

// oracleValue returns the canonical form of the Clobber board rows (equal-
// length strings of 'x' for Left's stones, 'o' for Right's and '.' for
// empty cells), written by oracle.String: braces around sorted option
// strings, "0" for {|}. It is a test oracle written without the package's
// solver: it builds the game tree of the whole board by plain recursion
// (no splitting into groups of stones, no symmetry), with a memo of the
// trees of whole boards by their text, and hands it to oracle.Canonical.
func oracleValue(rows []string) string {
	o := oracle.New()
	g := oracleTree(oracleBoard(rows), map[string]*oracle.Game{})
	return o.String(o.Canonical(g))
}

// oracleOutcome returns the outcome class of the Clobber board rows: "L"
// if Left wins whoever moves first, "R" if Right does, "N" if the player
// to move wins and "P" if the player to move loses. It is plain minimax
// over whole boards (a player with no move loses), with a memo by board
// text and no combinatorial game theory.
func oracleOutcome(rows []string) string {
	board := oracleBoard(rows)
	memo := map[string]bool{}
	leftFirst := oracleWins(board, 'x', memo)
	rightFirst := oracleWins(board, 'o', memo)
	switch {
	case leftFirst && rightFirst:
		return "N"
	case leftFirst:
		return "L"
	case rightFirst:
		return "R"
	}
	return "P"
}

// oracleBoard copies rows into a mutable board.
func oracleBoard(rows []string) [][]byte {
	board := make([][]byte, len(rows))
	for i, r := range rows {
		board[i] = []byte(r)
	}
	return board
}

// oracleKey writes board as its rows joined by '|'.
func oracleKey(board [][]byte) string {
	var b strings.Builder
	for i, r := range board {
		if i > 0 {
			b.WriteByte('|')
		}
		b.Write(r)
	}
	return b.String()
}

// oracleMoves calls visit once for every move of player ('x' or 'o') on
// board, with the board changed to the position after that move; the
// board is restored after each call.
func oracleMoves(board [][]byte, player byte, visit func()) {
	other := byte('o')
	if player == 'o' {
		other = 'x'
	}
	for r := range board {
		for c := range board[r] {
			if board[r][c] != player {
				continue
			}
			for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				r2, c2 := r+d[0], c+d[1]
				if r2 < 0 || r2 >= len(board) || c2 < 0 || c2 >= len(board[r2]) || board[r2][c2] != other {
					continue
				}
				board[r][c], board[r2][c2] = '.', player
				visit()
				board[r][c], board[r2][c2] = player, other
			}
		}
	}
}

// oracleTree returns the game tree of board: Left's options are the trees
// of the boards after each move of 'x', Right's after each move of 'o'.
// memo maps board text to its tree.
func oracleTree(board [][]byte, memo map[string]*oracle.Game) *oracle.Game {
	key := oracleKey(board)
	if g, ok := memo[key]; ok {
		return g
	}
	g := &oracle.Game{}
	oracleMoves(board, 'x', func() { g.L = append(g.L, oracleTree(board, memo)) })
	oracleMoves(board, 'o', func() { g.R = append(g.R, oracleTree(board, memo)) })
	memo[key] = g
	return g
}

// oracleWins reports whether player ('x' or 'o'), moving first on board,
// wins against best play. memo maps the board text and the player to move
// to the answer.
func oracleWins(board [][]byte, player byte, memo map[string]bool) bool {
	key := string(player) + ":" + oracleKey(board)
	if v, ok := memo[key]; ok {
		return v
	}
	other := byte('o')
	if player == 'o' {
		other = 'x'
	}
	win := false
	oracleMoves(board, player, func() {
		if !win && !oracleWins(board, other, memo) {
			win = true
		}
	})
	memo[key] = win
	return win
}
