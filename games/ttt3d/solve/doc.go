// Package solve is the searches of 3D tic-tac-toe beside its rules
// (games/ttt3d/rules): the exact solver with its plies (Solver),
// decisions without plies of the 4x4x4 positions, with blocked cells,
// that it cannot finish (Decide, with the prover of games/ttt3d/qubic)
// and o's strategies that check a draw (ProveDraw), and the research on
// patterns of blocked cells: the draw criteria (DrawCriteria), the census
// of 4x4x4 patterns (BuildCensus) and the unions of lines that decide
// the patterns with few free cells (LineUnions). The game, its builds
// and its querier (games/ttt3d) import it; it imports none of them.
package solve
