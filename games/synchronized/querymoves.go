package synchronized

import (
	"cmp"
	"context"

	"github.com/tablebase/tablebase/internal/bitsw"
	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/query"
)

// Moves lists every move of Vertical, then of Horizontal, with the best
// result the player can be sure of after it: the worst, over the other's
// simultaneous moves, of what he can guarantee in the position both moves
// leave. A player's best moves come first. When either player has no move
// the game is over and there are none.
func (q *Querier) Moves(ctx context.Context, b Board, opts query.Options) ([]query.Move, string, error) {
	v := q.v
	g := wideNewGeometry(v, int(b.H), int(b.W))
	source := query.FromTablebase
	var moves []query.Move
	var guarantees []Guarantee
	for _, p := range []Player{Vertical, Horizontal} {
		other := 1 - p
		mine, theirs := g.moves(v, b.Cells, p), g.moves(v, b.Cells, other)
		if mine.Empty() || theirs.Empty() {
			return nil, query.FromTablebase, nil
		}
		start := len(moves)
		for a := mine; !a.Empty(); a = a.WithoutLow() {
			piece := g.pieceAt(p, a.Low())
			worst := Win
			for o := theirs; !o.Empty() && worst > Loss; o = o.WithoutLow() {
				after := b.with(b.Cells.AndNot(piece).AndNot(g.pieceAt(other, o.Low())))
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
				Player: "VH"[p : p+1], Move: pieceName(int(b.W), piece),
				Position: b.with(b.Cells.AndNot(piece)).String(),
				Result:   worst.String(), Extra: &Move{Guarantee: worst.String()},
			})
			guarantees = append(guarantees, worst)
		}
		g := guarantees[start:]
		query.SortByKeys(moves[start:], g, func(a, b int) int { return cmp.Compare(g[b], g[a]) })
	}
	return moves, source, nil
}

// pieceName writes a piece as its first and last cells ("a1-a3").
func pieceName(w int, piece bitsw.Set) string {
	first, last := piece.Low(), piece.Low()
	for c := piece; !c.Empty(); c = c.WithoutLow() {
		last = c.Low()
	}
	return notation.Piece(notation.Cell(first/w, first%w), notation.Cell(last/w, last%w))
}
