package toppling

import (
	"strings"

	"github.com/tablebase/tablebase/cgt/oracle"
)

// oracleValue returns the canonical form of the position written as
// lines of 'x', 'o', 'g' and '.', as oracle.String writes it. It is a
// test oracle written from the rules alone: the game tree of the whole
// position (every line at once: no rows as parts, no reversal, no colour
// swap), by plain recursion with a memo of whole positions by their
// text, handed to oracle.Canonical.
func oracleValue(lines []string) string {
	o := oracle.New()
	return o.String(o.Canonical(oracleTree(oracleBoard(lines), map[string]*oracle.Game{})))
}

// oracleOutcome returns the outcome class of the position: "L" if Left
// wins whoever moves first, "R" if Right does, "N" if the player to move
// wins and "P" if he loses. It is plain minimax over whole positions (a
// player with no move loses), with no combinatorial game theory.
func oracleOutcome(lines []string) string {
	board := oracleBoard(lines)
	memo := map[string]bool{}
	left, right := oracleWins(board, 'x', memo), oracleWins(board, 'o', memo)
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

// oracleBoard copies lines into a mutable board.
func oracleBoard(lines []string) [][]byte {
	board := make([][]byte, len(lines))
	for i, l := range lines {
		board[i] = []byte(l)
	}
	return board
}

// oracleKey writes the board as its lines joined by '|'.
func oracleKey(board [][]byte) string {
	lines := make([]string, len(board))
	for i, l := range board {
		lines[i] = string(l)
	}
	return strings.Join(lines, "|")
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

// oracleTree returns the game tree of the board: Left's options are the
// trees after each of his topplings, Right's after each of hers.
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

// oracleWins reports whether the player of colour, moving first, wins.
func oracleWins(board [][]byte, colour byte, memo map[string]bool) bool {
	key := string(colour) + ":" + oracleKey(board)
	if v, ok := memo[key]; ok {
		return v
	}
	other := byte('o')
	if colour == 'o' {
		other = 'x'
	}
	win := false
	oracleMoves(board, colour, func() {
		if !win && !oracleWins(board, other, memo) {
			win = true
		}
	})
	memo[key] = win
	return win
}
