package kayles

import "github.com/tablebase/tablebase/cgt/oracle"

// byRules is the game of the octal code by its rules in words, on rows
// of 'x' (pins) and '.', for oracle.Board: Kayles knocks down one pin or
// two next to each other, Dawson's Kayles two next to each other; both
// players alike.
func byRules(takeOne bool) oracle.Board {
	return func(board [][]byte, _ bool, visit func()) {
		for _, line := range board {
			for i := range line {
				if line[i] != 'x' {
					continue
				}
				line[i] = '.'
				if takeOne {
					visit()
				}
				if i+1 < len(line) && line[i+1] == 'x' {
					line[i+1] = '.'
					visit()
					line[i+1] = 'x'
				}
				line[i] = 'x'
			}
		}
	}
}

// mex returns the nim-values of rows of 0 to n pins by the
// Sprague-Grundy theorem alone: a row's value is the least number that
// no move's leaves have, the leaves of a move (two rows) the exclusive or
// of theirs. A move takes one pin (if takeOne) or two adjacent ones.
func mex(n int, takeOne bool) []int {
	g := make([]int, n+1)
	for m := 1; m <= n; m++ {
		seen := map[int]bool{}
		for k := 1; k <= 2; k++ {
			if k == 1 && !takeOne {
				continue
			}
			for i := 0; i+k <= m; i++ {
				seen[g[i]^g[m-k-i]] = true
			}
		}
		for seen[g[m]] {
			g[m]++
		}
	}
	return g
}
