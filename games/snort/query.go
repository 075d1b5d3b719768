package snort

import (
	"context"
	"math/bits"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/games/internal/parts"
	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

// Querier answers Snort or Col positions with their values: the values
// of their groups from parts.Querier, and the moves. It is safe for
// concurrent use.
type Querier struct {
	*parts.Querier[State, Key]
	rule Rule
}

// NewQuerier returns a querier of rule's game reading from f when f is
// not nil (f must hold a tablebase of that game).
func NewQuerier(rule Rule, f *tablebase.File) (*Querier, error) {
	pq, err := parts.NewQuerier(RulesOf(rule), storeOf(rule), f)
	if err != nil {
		return nil, err
	}
	return &Querier{pq, rule}, nil
}

// Value returns the value of a position and where it came from.
func (q *Querier) Value(ctx context.Context, b Board, opts query.Options) (cgt.ID, string, error) {
	return q.Sum(ctx, b.State(q.rule).Components(nil), opts)
}

// Moves lists every move of both players, Left's then Right's, each with
// the value it leads to, best first for its player. A move is the cell
// coloured ("b1").
func (q *Querier) Moves(ctx context.Context, b Board, opts query.Options) ([]query.Move, string, error) {
	s := b.State(q.rule)
	return query.CGTMoves(q.U, q.Source(), func(left bool, emit func(string, Board)) {
		mine := s.R
		if left {
			mine = s.L
		}
		for m := mine; m != 0; m &= m - 1 {
			i := bits.TrailingZeros64(m)
			emit(notation.Cell(i/b.W, i%b.W), b.Play(i, left))
		}
	}, func(after Board) (cgt.ID, string, error) { return q.Value(ctx, after, opts) })
}

// Query answers one position from the values of its groups.
func (q *Querier) Query(ctx context.Context, position string, opts query.Options) query.Answer {
	return query.ValueAnswer(ctx, nameOf(q.rule), position, Parse, q.U, q, opts)
}

// String writes a group as rows of its cells: '+' for a cell both
// players may colour, 'L' for one only Left may, 'R' only Right, '#'
// for a cell not in it.
func (s State) String() string {
	var b []byte
	for i := range int(s.H) {
		if i > 0 {
			b = append(b, '|')
		}
		for j := range int(s.W) {
			bit := uint64(1) << (i*int(s.W) + j)
			c := byte('#')
			switch {
			case s.L&s.R&bit != 0:
				c = '+'
			case s.L&bit != 0:
				c = 'L'
			case s.R&bit != 0:
				c = 'R'
			}
			b = append(b, c)
		}
	}
	return string(b)
}

// Outcome returns the outcome class of a position, searched without its
// value (Options.OutcomeOnly), and where it came from.
func (q *Querier) Outcome(ctx context.Context, b Board, opts query.Options) (cgt.Outcome, string, error) {
	return q.Querier.Outcome(ctx, b.State(q.rule).Components(nil), opts)
}
