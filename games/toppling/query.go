package toppling

import (
	"context"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/games/internal/parts"
	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

// Querier answers Toppling Dominoes positions with their values: the values
// of their rows from parts.Querier, and the moves. It is safe for
// concurrent use.
type Querier struct {
	*parts.Querier[Line, Key]
}

// NewQuerier returns a querier reading from f when f is not nil (f must
// hold a Toppling Dominoes tablebase).
func NewQuerier(f *tablebase.File) (*Querier, error) {
	pq, err := parts.NewQuerier(Rules, store, f)
	if err != nil {
		return nil, err
	}
	return &Querier{pq}, nil
}

// Value returns the value of a position and where it came from.
func (q *Querier) Value(ctx context.Context, p Position, opts query.Options) (cgt.ID, string, error) {
	return q.Sum(ctx, p.Parts(nil), opts)
}

// MoveName writes a move: the toppled domino's cell (its column a letter,
// its line a number) and '<' when it falls to the left, '>' to the right:
// "c1<" topples the domino on column c of line 1 to the left.
func MoveName(line, col int, right bool) string {
	if right {
		return notation.Cell(line, col) + ">"
	}
	return notation.Cell(line, col) + "<"
}

// Moves lists every move of both players, Left's then Right's, each with
// the value it leads to, best first for its player (MoveName writes
// them).
func (q *Querier) Moves(ctx context.Context, p Position, opts query.Options) ([]query.Move, string, error) {
	return query.CGTMoves(q.U, q.Source(), func(left bool, emit func(string, Position)) {
		for r, l := range p {
			l.Moves(left, func(col int, right bool) {
				after := append(Position(nil), p...)
				after[r] = l.Play(col, right)
				emit(MoveName(r, col, right), after)
			})
		}
	}, func(after Position) (cgt.ID, string, error) { return q.Value(ctx, after, opts) })
}

// Query answers one position from the values of its rows.
func (q *Querier) Query(ctx context.Context, position string, opts query.Options) query.Answer {
	return query.ValueAnswer(ctx, "toppling-dominoes", position, Parse, q.U, q, opts)
}

// Outcome returns the outcome class of a position, searched without its
// value (Options.OutcomeOnly), and where it came from.
func (q *Querier) Outcome(ctx context.Context, p Position, opts query.Options) (cgt.Outcome, string, error) {
	return q.Querier.Outcome(ctx, p.Parts(nil), opts)
}
