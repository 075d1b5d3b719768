package solve

import (
	"github.com/tablebase/tablebase/games/ttt3d/internal/plain"
	"github.com/tablebase/tablebase/games/ttt3d/rules"
)

// The checks from the rules alone that these tests share with those of
// games/ttt3d and games/ttt3d/census.
var (
	completes          = plain.Completes
	proofLines         = plain.Lines
	randomCells        = plain.RandomCells
	plainPatternResult = plain.PatternResult
	checkPairing       = plain.CheckPairing
	diagonals          = plain.Diagonals
)

// oracle is plain.Oracle as an Outcome.
func oracle(b *rules.Board, me, opp, empty uint64) Outcome {
	r, p := plain.Oracle(b, me, opp, empty)
	return Outcome{Result(r), p}
}

// checkDrawProof is plain.CheckDrawProof of d.
func checkDrawProof(d *DrawProof) error {
	return plain.CheckDrawProof(d.Start, d.Replies, d.Pairings)
}
