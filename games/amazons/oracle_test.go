package amazons

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tablebase/tablebase/cgt/oracle"
	"github.com/tablebase/tablebase/games/gametest"
)

// byRules is the game by its rules alone (oracleMoves), for oracle.Board.
var byRules = oracle.Board(func(board [][]byte, left bool, visit func()) {
	player := byte('R')
	if left {
		player = 'L'
	}
	oracleMoves(board, player, visit)
})

// oracleValue returns the canonical form of the Amazons board rows
// ('.' empty, '#' burnt, 'L' and 'R' amazons), written by oracle.String.
// It is a test oracle written without the package's solver: plain
// recursion on the whole board by the rules' definition (no split into
// parts, no symmetry), with a memo of the trees of whole boards by text.
func oracleValue(rows []string) string {
	return byRules.Value(rows)
}

// oracleMoves calls visit once for every move of player ('L' or 'R') on
// board, with the board changed to the position after the move; the board
// is restored after each call.
func oracleMoves(board [][]byte, player byte, visit func()) {
	h, w := len(board), len(board[0])
	in := func(r, c int) bool { return r >= 0 && r < h && c >= 0 && c < w }
	for r := range h {
		for c := range w {
			if board[r][c] != player {
				continue
			}
			for dr := -1; dr <= 1; dr++ {
				for dc := -1; dc <= 1; dc++ {
					if dr == 0 && dc == 0 {
						continue
					}
					for r2, c2 := r+dr, c+dc; in(r2, c2) && board[r2][c2] == '.'; r2, c2 = r2+dr, c2+dc {
						board[r][c], board[r2][c2] = '.', player
						for er := -1; er <= 1; er++ {
							for ec := -1; ec <= 1; ec++ {
								if er == 0 && ec == 0 {
									continue
								}
								for r3, c3 := r2+er, c2+ec; in(r3, c3) && board[r3][c3] == '.'; r3, c3 = r3+er, c3+ec {
									board[r3][c3] = '#'
									visit()
									board[r3][c3] = '.'
								}
							}
						}
						board[r][c], board[r2][c2] = player, '.'
					}
				}
			}
		}
	}
}

// randomBoard returns h rows of w cells with up to two amazons a side
// and some burnt cells.
func randomBoard(rng *rand.Rand, h, w int) []string {
	cells := make([]byte, h*w)
	for i := range cells {
		cells[i] = '.'
		if rng.IntN(4) == 0 {
			cells[i] = '#'
		}
	}
	for _, c := range []byte{'L', 'R'} {
		for range 1 + rng.IntN(2) {
			cells[rng.IntN(len(cells))] = c
		}
	}
	rows := make([]string, h)
	for i := range rows {
		rows[i] = string(cells[i*w : (i+1)*w])
	}
	return rows
}

// TestConformance runs the suite of games that fall into parts against
// the oracle, on small boards: of up to 10 cells, 8 with -short (the
// oracle's searches of 3x3 and 2x5 are most of the suite's time).
func TestConformance(t *testing.T) {
	shapes := [][2]int{{2, 2}, {2, 3}, {3, 2}, {3, 3}, {2, 4}, {4, 2}, {1, 5}, {2, 5}}
	if testing.Short() {
		shapes = slices.DeleteFunc(shapes, func(s [2]int) bool { return s[0]*s[1] > 8 })
	}
	gametest.Parts(t, Game, gametest.Oracle{Rules: byRules, Build: 4, Random: func(rng *rand.Rand) []string {
		sh := shapes[rng.IntN(len(shapes))]
		return randomBoard(rng, sh[0], sh[1])
	}})
}
