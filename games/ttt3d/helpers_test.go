package ttt3d

import "github.com/tablebase/tablebase/games/ttt3d/internal/plain"

// The helpers from the rules alone that these tests share with those of
// games/ttt3d/solve.
var (
	diagonals          = plain.Diagonals
	randomCells        = plain.RandomCells
	plainPatternResult = plain.PatternResult
)
