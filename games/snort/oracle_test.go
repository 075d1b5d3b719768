package snort

import (
	"github.com/tablebase/tablebase/cgt/oracle"
)

// The oracles below are written from the rules alone, without the
// package's reduction: they play on the whole board as written (rows of
// '.', '#', 'x' and 'o'), with no tags, no splitting into groups and no
// symmetry, and remember only whole boards by their text.

// byRules returns Snort (or Col, col true) by its rules alone
// (oracleMoves), for oracle.Board.
func byRules(col bool) oracle.Board {
	return func(board [][]byte, left bool, visit func()) {
		player := byte('o')
		if left {
			player = 'x'
		}
		oracleMoves(board, player, col, visit)
	}
}

// oracleValue returns the canonical form of the board rows under Snort
// (col false) or Col, written by oracle.String: braces around sorted
// option strings, "0" for {|}. It builds the game tree by plain
// recursion and hands it to oracle.Canonical.
func oracleValue(rows []string, col bool) string {
	return byRules(col).Value(rows)
}

// oracleOutcome returns the outcome class of the board rows: "L" if Left
// wins whoever moves first, "R" if Right does, "N" if the player to move
// wins and "P" if the player to move loses. It is plain minimax (a
// player with no move loses), with a memo by board text.
func oracleOutcome(rows []string, col bool) string {
	return byRules(col).Outcome(rows)
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
