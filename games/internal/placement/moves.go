package placement

import (
	"context"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/internal/region"
	"github.com/tablebase/tablebase/query"
)

// Moves lists every move of both players in r, Left's then Right's (an
// impartial game's once, with no player), each with the value it leads
// to, best first for its player: winning moves, then by mean. The source
// is query.FromSolver if any value was solved.
func (q *Querier) Moves(ctx context.Context, r region.Region, opts query.Options) ([]query.Move, string, error) {
	source := query.FromTablebase
	if q.file == nil {
		source = query.FromSolver
	}
	players := []string{"L", "R"}
	if q.rules.Impartial() {
		players = []string{""}
	}
	var moves []query.Move
	var means []cgt.Dyadic
	for _, player := range players {
		start := len(moves)
		for _, piece := range q.rules.Placements(r, player != "R", nil) {
			after := r.With(r.Bits &^ piece)
			v, s, err := q.Value(ctx, after, opts)
			if err != nil {
				return nil, "", err
			}
			if s == query.FromSolver {
				source = query.FromSolver
			}
			moves = append(moves, query.CGTMove(q.u, player, notation.PieceOf(int(r.W), piece), after.String(), v))
			means = append(means, q.u.Mean(v))
		}
		query.SortCGTMoves(moves[start:], means[start:], player != "R")
	}
	return moves, source, nil
}
