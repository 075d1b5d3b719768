package konane

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

// oracleValue returns the canonical form of the Konane board rows (equal-
// length strings of 'x' for Left's stones, 'o' for Right's, '.' for empty
// cells), written by oracle.String: braces around sorted option strings,
// "0" for {|}. It is a test oracle written without the package's solver:
// it builds the game tree of the whole board by plain recursion on the
// definition of a move (no parts, no symmetry, no bitboards), with a memo
// of the trees of whole boards by their text, and hands it to
// oracle.Canonical.
func oracleValue(rows []string) string {
	return byRules.Value(rows)
}

// oracleMoves calls visit once for every move of player ('x' or 'o') on
// board, with the board changed to the position after that move; the
// board is restored after each call. A move: the stone jumps over an
// adjacent stone of the other's onto the empty cell beyond, removing it,
// and may repeat in the same direction; each number of jumps is a move.
func oracleMoves(board [][]byte, player byte, visit func()) {
	other := byte('o')
	if player == 'o' {
		other = 'x'
	}
	in := func(r, c int) bool { return r >= 0 && r < len(board) && c >= 0 && c < len(board[r]) }
	for r := range board {
		for c := range board[r] {
			if board[r][c] != player {
				continue
			}
			for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				// Jump k times: the cells at odd distances 1..2k-1 hold
				// the other's stones, those at even distances 2..2k are
				// empty.
				for k := 1; ; k++ {
					mr, mc := r+(2*k-1)*d[0], c+(2*k-1)*d[1]
					lr, lc := r+2*k*d[0], c+2*k*d[1]
					if !in(lr, lc) || board[mr][mc] != other || board[lr][lc] != '.' {
						break
					}
					board[r][c] = '.'
					for i := 1; i <= k; i++ {
						board[r+(2*i-1)*d[0]][c+(2*i-1)*d[1]] = '.'
					}
					board[lr][lc] = player
					visit()
					board[lr][lc] = '.'
					for i := 1; i <= k; i++ {
						board[r+(2*i-1)*d[0]][c+(2*i-1)*d[1]] = other
					}
					board[r][c] = player
				}
			}
		}
	}
}
