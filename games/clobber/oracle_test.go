package clobber

import (
	"github.com/tablebase/tablebase/cgt/oracle"
)

// byRules is the game by its rules alone (oracleMoves), for oracle.Board.
var byRules = oracle.Board(func(board [][]byte, left bool, visit func()) {
	player := byte('o')
	if left {
		player = 'x'
	}
	oracleMoves(board, player, visit)
})

// oracleOutcome returns the outcome class of the Clobber board rows: "L"
// if Left wins whoever moves first, "R" if Right does, "N" if the player
// to move wins and "P" if the player to move loses. It is plain minimax
// over whole boards (a player with no move loses), with a memo by board
// text and no combinatorial game theory.
func oracleOutcome(rows []string) string {
	return byRules.Outcome(rows)
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
