package toppling

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

// oracleValue returns the canonical form of the position written as
// lines of 'x', 'o', 'g' and '.', as oracle.String writes it. It is a
// test oracle written from the rules alone: the game tree of the whole
// position (every line at once: no rows as parts, no reversal, no colour
// swap), by plain recursion with a memo of whole positions by their
// text, handed to oracle.Canonical.
func oracleValue(lines []string) string {
	return byRules.Value(lines)
}

// oracleMoves calls visit once for every move of the player whose
// dominoes are colour ('x' Left, 'o' Right), with the board changed to
// the position after it; the board is restored after each call. The
// player picks a domino of his colour or a green one 'g' and topples it
// to the left or to the right: it falls, and so does every domino next
// to it on that side, and next to that one, up to the first cell with no
// domino or the end of the line.
func oracleMoves(board [][]byte, colour byte, visit func()) {
	for _, line := range board {
		for i := range line {
			if line[i] != colour && line[i] != 'g' {
				continue
			}
			for _, d := range []int{-1, 1} {
				saved := string(line)
				for j := i; j >= 0 && j < len(line) && line[j] != '.'; j += d {
					line[j] = '.'
				}
				visit()
				copy(line, saved)
			}
		}
	}
}
