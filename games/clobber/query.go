package clobber

import (
	"context"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/games/internal/parts"
	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

// Querier answers Clobber positions with their values: the values of
// their groups from parts.Querier, the moves, and the whole-board search
// of OutcomeOnly queries. It is safe for concurrent use.
type Querier struct {
	*parts.Querier[Position, Key]

	whole wholeBoard // the whole-board search of OutcomeOnly queries
}

// NewQuerier returns a querier reading from f when f is not nil (f must
// hold a Clobber tablebase).
func NewQuerier(f *tablebase.File) (*Querier, error) {
	pq, err := parts.NewQuerier(Rules, store, f)
	if err != nil {
		return nil, err
	}
	return &Querier{Querier: pq}, nil
}

// Value returns the value of a position and where it came from.
func (q *Querier) Value(ctx context.Context, p Position, opts query.Options) (cgt.ID, string, error) {
	return q.Sum(ctx, p.Components(nil), opts)
}

// Moves lists every move of both players, Left's then Right's, each with
// the value it leads to, best first for its player. A move is written as
// the stone's cell and the cell of the stone it captures ("b1-c1").
func (q *Querier) Moves(ctx context.Context, p Position, opts query.Options) ([]query.Move, string, error) {
	return query.CGTMoves(q.U, q.Source(), func(left bool, emit func(string, Position)) {
		p.Moves(left, func(from, to int) {
			emit(notation.Piece(notation.Cell(from/p.W, from%p.W), notation.Cell(to/p.W, to%p.W)), p.Play(from, to))
		})
	}, func(after Position) (cgt.ID, string, error) { return q.Value(ctx, after, opts) })
}

// Query answers one position: with opts.OutcomeOnly by the whole-board
// search (outcomequery.go), else from the values of its groups (so too
// with opts.NoSolve, which searches nothing).
func (q *Querier) Query(ctx context.Context, position string, opts query.Options) query.Answer {
	if opts.OutcomeOnly && !opts.NoSolve {
		return q.outcome(ctx, position, opts.Moves)
	}
	return query.ValueAnswer(ctx, "clobber", position, Parse, q.U, q, opts)
}
