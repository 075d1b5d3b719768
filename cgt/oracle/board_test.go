package oracle

import (
	"strings"
	"testing"
)

// TestBoard checks Value and Outcome on a game whose values are known
// from the definition: a row of cells where Left may clear any 'x', Right
// any 'o', and either any 'g'. Each 'x' is then 1, each 'o' -1 and a run
// of n 'g' a Nim heap of n, here of size 1 or 2 (cells apart).
func TestBoard(t *testing.T) {
	clear := Board(func(board [][]byte, left bool, visit func()) {
		mine := byte('o')
		if left {
			mine = 'x'
		}
		for _, row := range board {
			for i, c := range row {
				if c == mine || c == 'g' {
					row[i] = '.'
					visit()
					row[i] = c
				}
			}
		}
	})
	for _, c := range []struct{ rows, value, outcome string }{
		{"..", "0", "P"},
		{"x", "{0|}", "L"},
		{"xx", "{{0|}|}", "L"},
		{"o", "{|0}", "R"},
		{"xo", "0", "P"},
		{"g", "{0|0}", "N"},
		{"g|g", "0", "P"},
		{"gx", "{{0|}|{0|}}", "L"}, // 1* = {1|1}
	} {
		rows := strings.Split(c.rows, "|")
		if v, o := clear.Value(rows), clear.Outcome(rows); v != c.value || o != c.outcome {
			t.Errorf("%s: %s, %s; want %s, %s", c.rows, v, o, c.value, c.outcome)
		}
	}
}
