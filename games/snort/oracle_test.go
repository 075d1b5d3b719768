package snort

import (
	"strings"

	"github.com/tablebase/tablebase/cgt/oracle"
)

// The oracles below are written from the rules alone, without the
// package's reduction: they play on the whole board as written (rows of
// '.', '#', 'x' and 'o'), with no tags, no splitting into groups and no
// symmetry, and remember only whole boards by their text.

// oracleValue returns the canonical form of the board rows under Snort
// (col false) or Col, written by oracle.String: braces around sorted
// option strings, "0" for {|}. It builds the game tree by plain
// recursion and hands it to oracle.Canonical.
func oracleValue(rows []string, col bool) string {
	o := oracle.New()
	g := oracleTree(oracleBoard(rows), col, map[string]*oracle.Game{})
	return o.String(o.Canonical(g))
}

// oracleOutcome returns the outcome class of the board rows: "L" if Left
// wins whoever moves first, "R" if Right does, "N" if the player to move
// wins and "P" if the player to move loses. It is plain minimax (a
// player with no move loses), with a memo by board text.
func oracleOutcome(rows []string, col bool) string {
	board := oracleBoard(rows)
	memo := map[string]bool{}
	leftFirst := oracleWins(board, 'x', col, memo)
	rightFirst := oracleWins(board, 'o', col, memo)
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

// oracleLegal reports whether player ('x' or 'o') may colour the empty
// cell (r, c): in Snort no orthogonal neighbour holds the other colour,
// in Col none holds his own.
func oracleLegal(board [][]byte, r, c int, player byte, col bool) bool {
	if board[r][c] != '.' {
		return false
	}
	forbidden := byte('o')
	if player == 'o' {
		forbidden = 'x'
	}
	if col {
		forbidden = player
	}
	for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		r2, c2 := r+d[0], c+d[1]
		if r2 >= 0 && r2 < len(board) && c2 >= 0 && c2 < len(board[r2]) && board[r2][c2] == forbidden {
			return false
		}
	}
	return true
}

// oracleMoves calls visit once for every move of player on board, with
// the board changed to the position after it, restored after each call.
func oracleMoves(board [][]byte, player byte, col bool, visit func()) {
	for r := range board {
		for c := range board[r] {
			if oracleLegal(board, r, c, player, col) {
				board[r][c] = player
				visit()
				board[r][c] = '.'
			}
		}
	}
}

// oracleTree returns the game tree of board: Left's options are the trees
// of the boards after each move of 'x', Right's after each move of 'o'.
func oracleTree(board [][]byte, col bool, memo map[string]*oracle.Game) *oracle.Game {
	key := oracleKey(board)
	if g, ok := memo[key]; ok {
		return g
	}
	g := &oracle.Game{}
	oracleMoves(board, 'x', col, func() { g.L = append(g.L, oracleTree(board, col, memo)) })
	oracleMoves(board, 'o', col, func() { g.R = append(g.R, oracleTree(board, col, memo)) })
	memo[key] = g
	return g
}

// oracleWins reports whether player, moving first on board, wins against
// best play.
func oracleWins(board [][]byte, player byte, col bool, memo map[string]bool) bool {
	key := string(player) + ":" + oracleKey(board)
	if v, ok := memo[key]; ok {
		return v
	}
	other := byte('o')
	if player == 'o' {
		other = 'x'
	}
	win := false
	oracleMoves(board, player, col, func() {
		if !win && !oracleWins(board, other, col, memo) {
			win = true
		}
	})
	memo[key] = win
	return win
}
