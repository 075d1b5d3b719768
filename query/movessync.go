package query

import (
	"cmp"
	"math/bits"

	"github.com/tablebase/tablebase/games/synchronized"
	"github.com/tablebase/tablebase/internal/region"
)

// Moves lists every move of Vertical, then of Horizontal, with the best
// result the player can be sure of after it: the worst, over the other's
// simultaneous moves, of what he can guarantee in the position both moves
// leave. A player's best moves come first. When either player has no move
// the game is over and there are none.
func (q *Synchronized) Moves(r region.Region, opts Options) ([]Move, string, error) {
	v := q.v
	source := FromTablebase
	var moves []Move
	var guarantees []synchronized.Guarantee
	for _, p := range []synchronized.Player{synchronized.Vertical, synchronized.Horizontal} {
		other := 1 - p
		mine, theirs := v.Moves(r, p), v.Moves(r, other)
		if mine == 0 || theirs == 0 {
			return nil, FromTablebase, nil
		}
		start := len(moves)
		for a := mine; a != 0; a &= a - 1 {
			piece := v.Piece(r, p, bits.TrailingZeros64(a))
			worst := synchronized.Win
			for b := theirs; b != 0 && worst > synchronized.Loss; b &= b - 1 {
				after := r.With(r.Bits &^ piece &^ v.Piece(r, other, bits.TrailingZeros64(b)))
				res, src, err := q.Result(after, opts)
				if err != nil {
					return nil, "", err
				}
				if src == FromSolver {
					source = FromSolver
				}
				g := res.Vertical
				if p == synchronized.Horizontal {
					g = res.Horizontal
				}
				worst = min(worst, g)
			}
			moves = append(moves, Move{
				Player: "VH"[p : p+1], Move: pieceName(int(r.W), piece),
				Position: r.With(r.Bits &^ piece).String(), Guarantee: worst.String(),
			})
			guarantees = append(guarantees, worst)
		}
		g := guarantees[start:]
		sortByKeys(moves[start:], g, func(a, b int) int { return cmp.Compare(g[b], g[a]) })
	}
	return moves, source, nil
}
