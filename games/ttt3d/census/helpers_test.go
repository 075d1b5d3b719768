package census

import "github.com/tablebase/tablebase/games/ttt3d/internal/plain"

// The checks from the rules alone that these tests share with those of
// games/ttt3d/solve.
var (
	oracle         = plain.Oracle
	checkPairing   = plain.CheckPairing
	checkDrawProof = plain.CheckDrawProof
)
