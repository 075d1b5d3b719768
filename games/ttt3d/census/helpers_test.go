package census

import (
	"github.com/tablebase/tablebase/games/ttt3d/internal/plain"
	"github.com/tablebase/tablebase/games/ttt3d/rules"
	"github.com/tablebase/tablebase/games/ttt3d/solve"
)

// The checks from the rules alone that these tests share with those of
// games/ttt3d/solve.
var checkPairing = plain.CheckPairing

// oracle is plain.Oracle as a solve.Outcome.
func oracle(b *rules.Board, me, opp, empty uint64) solve.Outcome {
	r, p := plain.Oracle(b, me, opp, empty)
	return solve.Outcome{Result: solve.Result(r), Plies: p}
}

// checkDrawProof is plain.CheckDrawProof of d.
func checkDrawProof(d *solve.DrawProof) error {
	return plain.CheckDrawProof(d.Start, d.Replies, d.Pairings)
}
