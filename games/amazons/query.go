package amazons

import (
	"context"
	"math/bits"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/games/internal/parts"
	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

// Querier answers Amazons positions with their values: the values of
// their parts from parts.Querier (a file, else solved in memory), and the
// moves. It is safe for concurrent use.
type Querier struct {
	*parts.Querier[Position, Key]
}

// NewQuerier returns a querier reading from f when f is not nil (f must
// hold an Amazons tablebase).
func NewQuerier(f *tablebase.File) (*Querier, error) {
	pq, err := parts.NewQuerier(Rules, store, f)
	if err != nil {
		return nil, err
	}
	return &Querier{pq}, nil
}

// Value returns the value of a position and where it came from.
func (q *Querier) Value(ctx context.Context, p Position, opts query.Options) (cgt.ID, string, error) {
	return q.Sum(ctx, p.Components(nil), opts)
}

// MoveName writes a move as the amazon's cell, its new cell and the
// arrow's cell: "a1-c3/c1" (columns from a at the left, rows from 1 at
// the top, as the project's other boards).
func MoveName(p Position, from, to, arrow int) string {
	return notation.Cell(from/p.W, from%p.W) + "-" + notation.Cell(to/p.W, to%p.W) + "/" + notation.Cell(arrow/p.W, arrow%p.W)
}

// Moves lists every move of both players, Left's then Right's, each with
// the value it leads to, best first for its player.
func (q *Querier) Moves(ctx context.Context, p Position, opts query.Options) ([]query.Move, string, error) {
	return query.CGTMoves(q.U, q.Source(), func(left bool, emit func(string, Position)) {
		p.Moves(left, func(from, to, arrow int) { emit(MoveName(p, from, to, arrow), p.Play(from, to, arrow)) })
	}, func(after Position) (cgt.ID, string, error) { return q.Value(ctx, after, opts) })
}

// Query answers one position from the values of its parts.
func (q *Querier) Query(ctx context.Context, position string, opts query.Options) query.Answer {
	return query.ValueAnswer(ctx, "amazons", position, Parse, q.U, q, opts)
}

// Size returns the number of non-burnt cells.
func (p Position) Size() int { return bits.OnesCount64(p.Cells) }

// Outcome returns the outcome class of a position, searched without its
// value (Options.OutcomeOnly), and where it came from.
func (q *Querier) Outcome(ctx context.Context, p Position, opts query.Options) (cgt.Outcome, string, error) {
	return q.Querier.Outcome(ctx, p.Components(nil), opts)
}
