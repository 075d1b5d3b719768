package domineering3d

import (
	"cmp"
	"context"
	"slices"

	"github.com/tablebase/tablebase/query"
)

// Moves lists every move of each player in p, X's then Y's then Z's. Each
// move gives, for the two turn orders that start with its player, who can
// force a win after it (the next player in that order to move, all three
// still in the game). A player's moves that win for him come first.
func (q *Querier) Moves(ctx context.Context, p Position, opts query.Options) ([]query.Move, string, error) {
	b := p.Box
	s := q.solver(b)
	source := query.FromTablebase
	var moves []query.Move
	for _, player := range []Player{X, Y, Z} {
		start := len(moves)
		for m := s.Moves(p.Empty, player); !m.Empty(); m = m.WithoutLow() {
			cell := m.Low()
			after := Position{Box: b, Empty: s.Play(p.Empty, player, cell)}
			out, src, err := q.Outcomes(ctx, after, opts)
			if err != nil {
				return nil, "", err
			}
			if src == query.FromSolver {
				source = query.FromSolver
			}
			outcomes := Outcomes{}
			for _, reverse := range []bool{false, true} {
				mine := Order{First: player, Reverse: reverse}
				next := Order{First: mine.Next(), Reverse: reverse}
				outcomes[mine.String()] = out[next.Index()].String()
			}
			moves = append(moves, query.Move{Player: player.String(), Move: s.pieceName(player, cell), Position: after.String(), Extra: outcomes})
		}
		mine := player.String()
		wins := func(m query.Move) int {
			n := 0
			for _, w := range OutcomesOf(m.Extra) {
				if w == mine {
					n++
				}
			}
			return n
		}
		slices.SortStableFunc(moves[start:], func(a, b query.Move) int { return cmp.Compare(wins(b), wins(a)) })
	}
	return moves, source, nil
}
