// Package solve is the searches of 3D tic-tac-toe beside its rules
// (games/ttt3d/rules): the exact solver with its plies (Solver),
// decisions without plies of the 4x4x4 positions, with blocked cells,
// that it cannot finish (Decide, with the prover of games/ttt3d/qubic),
// and o's strategies that check a draw (ProveDraw). The game's builds
// and querier (games/ttt3d) and the census of blocked cells
// (games/ttt3d/census) import it; it imports neither.
package solve
