package toadsfrogs

import (
	"context"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/games/internal/parts"
	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

// Querier answers Toads and Frogs positions with their values: the values
// of their parts from parts.Querier, and the moves. It is safe for
// concurrent use.
type Querier struct {
	*parts.Querier[Strip, Key]
}

// NewQuerier returns a querier reading from f when f is not nil (f must
// hold a Toads and Frogs tablebase).
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

// Moves lists every move of both players, Left's then Right's, each with
// the value it leads to, best first for its player. A move is written as
// the piece's cell and the cell it goes to, the column a letter and the
// strip a number ("b1-c1" steps, "b1-d1" jumps).
func (q *Querier) Moves(ctx context.Context, p Position, opts query.Options) ([]query.Move, string, error) {
	return query.CGTMoves(q.U, q.Source(), func(left bool, emit func(string, Position)) {
		for r, s := range p {
			s.Moves(left, func(from, to int) {
				after := append(Position(nil), p...)
				after[r] = s.Play(from, to)
				emit(notation.Piece(notation.Cell(r, from), notation.Cell(r, to)), after)
			})
		}
	}, func(after Position) (cgt.ID, string, error) { return q.Value(ctx, after, opts) })
}

// Query answers one position from the values of its parts.
func (q *Querier) Query(ctx context.Context, position string, opts query.Options) query.Answer {
	return query.ValueAnswer(ctx, "toads-and-frogs", position, Parse, q.U, q, opts)
}

// Outcome returns the outcome class of a position, searched without its
// value (Options.OutcomeOnly), and where it came from.
func (q *Querier) Outcome(ctx context.Context, p Position, opts query.Options) (cgt.Outcome, string, error) {
	return q.Querier.Outcome(ctx, p.Parts(nil), opts)
}
