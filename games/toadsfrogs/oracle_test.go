package toadsfrogs

import (
	"github.com/tablebase/tablebase/cgt/oracle"
)

// byRules is the game by its rules alone (oracleMoves), for oracle.Board.
var byRules = oracle.Board(func(board [][]byte, left bool, visit func()) {
	player := byte('F')
	if left {
		player = 'T'
	}
	oracleMoves(board, player, visit)
})

// oracleValue returns the canonical form of the position written as rows
// (strips of 'T', 'F' and '.'), as oracle.String writes it. It is a test
// oracle written from the rules alone: the game tree of the whole
// position (every strip at once: no parts, no frozen pieces, no mirror
// symmetry), by plain recursion with a memo of whole positions by their
// text, handed to oracle.Canonical.
func oracleValue(rows []string) string {
	return byRules.Value(rows)
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
