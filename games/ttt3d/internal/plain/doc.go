// Package plain is what the tests of 3D tic-tac-toe check the searches
// against, written from the rules alone: plain minimax (Oracle,
// PatternResult), checkers of pairings and draw proofs (CheckPairing,
// CheckDrawProof) and random cells. The tests of games/ttt3d/census and
// games/ttt3d use it; those of games/ttt3d/solve keep copies of their
// own, since this package imports solve.
package plain
