package synchronized

import (
	"cmp"
	"context"
	"math/bits"

	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/query"

	"github.com/tablebase/tablebase/internal/region"
)

// Moves lists every move of Vertical, then of Horizontal, with the best
// result the player can be sure of after it: the worst, over the other's
// simultaneous moves, of what he can guarantee in the position both moves
// leave. A player's best moves come first. When either player has no move
// the game is over and there are none.
func (q *Querier) Moves(ctx context.Context, r region.Region, opts query.Options) ([]query.Move, string, error) {
	v := q.v
	source := query.FromTablebase
	var moves []query.Move
	var guarantees []Guarantee
	for _, p := range []Player{Vertical, Horizontal} {
		other := 1 - p
		mine, theirs := v.Moves(r, p), v.Moves(r, other)
		if mine == 0 || theirs == 0 {
			return nil, query.FromTablebase, nil
		}
		start := len(moves)
		for a := mine; a != 0; a &= a - 1 {
			piece := v.Piece(r, p, bits.TrailingZeros64(a))
			worst := Win
			for b := theirs; b != 0 && worst > Loss; b &= b - 1 {
				after := r.With(r.Bits &^ piece &^ v.Piece(r, other, bits.TrailingZeros64(b)))
				res, src, err := q.Result(ctx, after, opts)
				if err != nil {
					return nil, "", err
				}
				if src == query.FromSolver {
					source = query.FromSolver
				}
				g := res.Vertical
				if p == Horizontal {
					g = res.Horizontal
				}
				worst = min(worst, g)
			}
			moves = append(moves, query.Move{
				Player: "VH"[p : p+1], Move: notation.PieceOf(int(r.W), piece),
				Position: r.With(r.Bits &^ piece).String(), Guarantee: worst.String(),
			})
			guarantees = append(guarantees, worst)
		}
		g := guarantees[start:]
		query.SortByKeys(moves[start:], g, func(a, b int) int { return cmp.Compare(g[b], g[a]) })
	}
	return moves, source, nil
}
