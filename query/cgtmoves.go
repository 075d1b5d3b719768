package query

import (
	"cmp"
	"math/bits"
	"slices"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/internal/region"
)

// pieceName writes the cells of a piece (a set of cells in a straight
// line) as its first and last cell.
func pieceName(w int, covered uint64) string {
	first, last := bits.TrailingZeros64(covered), 63-bits.LeadingZeros64(covered)
	return notation.Piece(notation.Cell(first/w, first%w), notation.Cell(last/w, last%w))
}

// Moves lists every move of both players in r, Left's then Right's, each
// with the value it leads to, best first for its player: winning moves,
// then by mean. The source is FromSolver if any value was solved.
func (q *Domineering) Moves(r region.Region, opts Options) ([]Move, string, error) {
	source := FromTablebase
	if q.file == nil {
		source = FromSolver
	}
	var moves []Move
	var means []cgt.Dyadic
	for _, left := range []bool{true, false} {
		start := len(moves)
		var err error
		q.variant.Placements(r, left, func(piece uint64) {
			if err != nil {
				return
			}
			after := r.With(r.Bits &^ piece)
			var v cgt.ID
			var s string
			if v, s, err = q.Value(after, opts); err != nil {
				return
			}
			if s == FromSolver {
				source = FromSolver
			}
			o := q.u.Outcome(v)
			wins := o == cgt.SecondWins || (left && o == cgt.LeftWins) || (!left && o == cgt.RightWins)
			player := "L"
			if !left {
				player = "R"
			}
			moves = append(moves, Move{
				Player: player, Move: pieceName(int(r.W), piece), Position: after.String(),
				Value: q.u.String(v), Outcome: o.String(), Wins: &wins,
			})
			means = append(means, q.u.Mean(v))
		})
		if err != nil {
			return nil, "", err
		}
		sortBest(moves[start:], means[start:], left)
	}
	return moves, source, nil
}

// sortBest orders one player's moves: winning first, then by mean (high
// for Left, low for Right), then by name.
func sortBest(moves []Move, means []cgt.Dyadic, left bool) {
	sortByKeys(moves, means, func(a, b int) int {
		if wa, wb := *moves[a].Wins, *moves[b].Wins; wa != wb {
			if wa {
				return -1
			}
			return 1
		}
		c := means[b].Cmp(means[a])
		if !left {
			c = -c
		}
		return cmp.Or(c, cmp.Compare(moves[a].Move, moves[b].Move))
	})
}

// sortByKeys sorts moves stably by compare, which compares moves by their
// places in the unsorted slice (so that it can read keys kept beside them);
// keys is reordered with them.
func sortByKeys[K any](moves []Move, keys []K, compare func(a, b int) int) {
	idx := make([]int, len(moves))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, compare)
	sm, sk := make([]Move, len(idx)), make([]K, len(idx))
	for i, j := range idx {
		sm[i], sk[i] = moves[j], keys[j]
	}
	copy(moves, sm)
	copy(keys, sk)
}
