// Package plain is what the tests of 3D tic-tac-toe check the searches
// against, written from the rules alone: plain minimax (Oracle,
// PatternResult), checkers of pairings and draw proofs (CheckPairing,
// CheckDrawProof) and random cells, for the tests of games/ttt3d,
// games/ttt3d/solve and games/ttt3d/census. It imports only the rules,
// so that the tests of solve can use it too.
package plain
