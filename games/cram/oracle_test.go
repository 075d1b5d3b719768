package cram

import "strings"

// oracleNimber returns the nim-value (Grundy value) of the Cram board rows,
// given as equal-length strings of '.' (empty) and '#' (covered or absent).
// It is a test oracle written without the package's solver: the value is
// the mex of the values of every option, computed by plain recursion over
// whole boards. It does not split a board into regions, use symmetry or
// any other shortcut; its only help is a memo of whole boards by their
// text. It is slow: keep it to boards of about 24 empty cells or fewer.
func oracleNimber(rows []string) int {
	board := make([][]byte, len(rows))
	for i, r := range rows {
		board[i] = []byte(r)
	}
	return oracleGrundy(board, map[string]int{})
}

// oracleGrundy returns the nim-value of board, whose cells it changes while
// it works but restores before it returns. memo maps the text of a whole
// board (rows joined by '|') to its nim-value.
func oracleGrundy(board [][]byte, memo map[string]int) int {
	key := oracleKey(board)
	if v, ok := memo[key]; ok {
		return v
	}
	seen := map[int]bool{}
	for r := range board {
		for c := range board[r] {
			if board[r][c] != '.' {
				continue
			}
			// A domino on (r, c) and its right neighbour, then on
			// (r, c) and the cell below: every placement is counted
			// once, from its top-left cell.
			for _, d := range [][2]int{{0, 1}, {1, 0}} {
				r2, c2 := r+d[0], c+d[1]
				if r2 >= len(board) || c2 >= len(board[r2]) || board[r2][c2] != '.' {
					continue
				}
				board[r][c], board[r2][c2] = '#', '#'
				seen[oracleGrundy(board, memo)] = true
				board[r][c], board[r2][c2] = '.', '.'
			}
		}
	}
	v := 0
	for seen[v] {
		v++
	}
	memo[key] = v
	return v
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
