package toadsfrogs

import (
	"strings"

	"github.com/tablebase/tablebase/cgt/oracle"
)

// oracleValue returns the canonical form of the position written as rows
// (strips of 'T', 'F' and '.'), as oracle.String writes it. It is a test
// oracle written from the rules alone: the game tree of the whole
// position (every strip at once: no parts, no frozen pieces, no mirror
// symmetry), by plain recursion with a memo of whole positions by their
// text, handed to oracle.Canonical.
func oracleValue(rows []string) string {
	o := oracle.New()
	return o.String(o.Canonical(oracleTree(oracleBoard(rows), map[string]*oracle.Game{})))
}

// oracleOutcome returns the outcome class of the position: "L" if Left
// wins whoever moves first, "R" if Right does, "N" if the player to move
// wins and "P" if he loses. It is plain minimax over whole positions (a
// player with no move loses), with no combinatorial game theory.
func oracleOutcome(rows []string) string {
	board := oracleBoard(rows)
	memo := map[string]bool{}
	left, right := oracleWins(board, 'T', memo), oracleWins(board, 'F', memo)
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

// oracleBoard copies rows into a mutable board.
func oracleBoard(rows []string) [][]byte {
	board := make([][]byte, len(rows))
	for i, r := range rows {
		board[i] = []byte(r)
	}
	return board
}

// oracleKey writes the board as its rows joined by '|'.
func oracleKey(board [][]byte) string {
	rows := make([]string, len(board))
	for i, r := range board {
		rows[i] = string(r)
	}
	return strings.Join(rows, "|")
}

// oracleMoves calls visit once for every move of piece ('T' moves right,
// 'F' left), with the board changed to the position after it; the board
// is restored after each call. A piece steps onto the next cell in its
// direction if it is empty, or jumps over the next cell, if it holds the
// other player's piece, onto the one beyond if that is empty.
func oracleMoves(board [][]byte, piece byte, visit func()) {
	d, other := 1, byte('F')
	if piece == 'F' {
		d, other = -1, 'T'
	}
	for _, row := range board {
		for i := range row {
			if row[i] != piece {
				continue
			}
			in := func(j int) bool { return j >= 0 && j < len(row) }
			if in(i+d) && row[i+d] == '.' {
				row[i], row[i+d] = '.', piece
				visit()
				row[i], row[i+d] = piece, '.'
			}
			if in(i+2*d) && row[i+d] == other && row[i+2*d] == '.' {
				row[i], row[i+2*d] = '.', piece
				visit()
				row[i], row[i+2*d] = piece, '.'
			}
		}
	}
}

// oracleTree returns the game tree of the board: Left's options are the
// trees after each toad's move, Right's after each frog's.
func oracleTree(board [][]byte, memo map[string]*oracle.Game) *oracle.Game {
	key := oracleKey(board)
	if g, ok := memo[key]; ok {
		return g
	}
	g := &oracle.Game{}
	oracleMoves(board, 'T', func() { g.L = append(g.L, oracleTree(board, memo)) })
	oracleMoves(board, 'F', func() { g.R = append(g.R, oracleTree(board, memo)) })
	memo[key] = g
	return g
}

// oracleWins reports whether the player of piece, moving first, wins.
func oracleWins(board [][]byte, piece byte, memo map[string]bool) bool {
	key := string(piece) + ":" + oracleKey(board)
	if v, ok := memo[key]; ok {
		return v
	}
	other := byte('F')
	if piece == 'F' {
		other = 'T'
	}
	win := false
	oracleMoves(board, piece, func() {
		if !win && !oracleWins(board, other, memo) {
			win = true
		}
	})
	memo[key] = win
	return win
}
