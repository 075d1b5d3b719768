package ttt3d

import (
	"testing"

	"github.com/tablebase/tablebase/games/ttt3d/internal/plain"
)

// The helpers from the rules alone that these tests share with those of
// games/ttt3d/solve.
var (
	diagonals          = plain.Diagonals
	randomCells        = plain.RandomCells
	plainPatternResult = plain.PatternResult
)

// shortTables gives q's 4x4x4 solver a table of 2^16 slots with -short,
// where clearing the 2^22 of a querier costs more than the test's
// searches.
func shortTables(q *Querier) *Querier {
	if testing.Short() {
		q.tableBits[4] = 16
	}
	return q
}
