package ttt3d

import (
	"strconv"

	"github.com/tablebase/tablebase/query"
)

// Answer is ttt3d's own fields of an answer (query.Answer.Extra),
// written as docs/contract.md's "result", "plies", "proof" and
// "strategy".
type Answer struct {
	// Result is the result for the side to move: "win", "draw" or "loss".
	Result string
	// Plies is the plies to the end with perfect play, nil for a 4x4x4
	// win or loss decided without them.
	Plies *int
	// Proof says how a 4x4x4 result that the exact search could not
	// reach was proved: "rules", "pairing" or "search".
	Proof string
	// Strategy marks an answer read from a 4x4x4 strategy file: Plies
	// are those of the stored winning strategy (at most that many), and
	// with x to move the only move listed is the strategy's.
	Strategy bool
}

// AppendJSON appends the fields that go at place (query.Extra).
func (e *Answer) AppendJSON(b []byte, at query.Place) []byte {
	if at == query.Late {
		return query.AppendTrue(b, "strategy", e.Strategy)
	}
	b = query.AppendField(b, "result", e.Result)
	b = query.AppendInt(b, "plies", e.Plies)
	return query.AppendField(b, "proof", e.Proof)
}

// ResultToMove returns the result for the side to move
// (query.ResultToMove).
func (e *Answer) ResultToMove() string { return e.Result }

// Move is ttt3d's own fields of a move (query.Move.Extra), written as
// "cell" and "plies".
type Move struct {
	// Cell is the index of the move's cell (docs/contract.md).
	Cell int
	// Plies is the plies to the end after the move, counting it; nil
	// where not counted (a decided win or loss).
	Plies *int
}

// AppendJSON appends the fields that go at place (query.Extra).
func (m *Move) AppendJSON(b []byte, at query.Place) []byte {
	if at == query.Early {
		return query.AppendInt(b, "cell", &m.Cell)
	}
	return query.AppendInt(b, "plies", m.Plies)
}

// Alias names the move by its cell's index, which tb play accepts
// (query.Alias).
func (m *Move) Alias() string { return strconv.Itoa(m.Cell) }

// AnswerOf returns ttt3d's fields of a, zero when a has none (an error).
func AnswerOf(a query.Answer) Answer { return query.ExtraOf[Answer](a.Extra) }

// MoveOf returns ttt3d's fields of m, zero when m has none.
func MoveOf(m query.Move) Move { return query.ExtraOf[Move](m.Extra) }

// outcomeOf returns the outcome class of a result for the side to move:
// "N" for a win, "P" for a loss, "D" for a draw.
func outcomeOf(result string) string {
	switch result {
	case query.Win:
		return "N"
	case query.Loss:
		return "P"
	case query.Draw:
		return "D"
	}
	return ""
}
