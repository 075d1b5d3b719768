package synchronized

import "github.com/tablebase/tablebase/query"

// Answer is the synchronized games' own fields of an answer
// (query.Answer.Extra): what each player can guarantee, "win", "draw"
// or "loss", written as docs/contract.md's "vertical" and "horizontal".
type Answer struct {
	Vertical, Horizontal string
}

// AppendJSON appends the fields that go at place (query.Extra).
func (e *Answer) AppendJSON(b []byte, at query.Place) []byte {
	if at != query.Early {
		return b
	}
	b = query.AppendField(b, "vertical", e.Vertical)
	return query.AppendField(b, "horizontal", e.Horizontal)
}

// Move is the synchronized games' own field of a move
// (query.Move.Extra): Guarantee, the best result the player can be sure
// of after playing it, whatever the other plays at the same time
// ("guarantee"; the move's Result too).
type Move struct {
	Guarantee string
}

// AppendJSON appends the fields that go at place (query.Extra).
func (m *Move) AppendJSON(b []byte, at query.Place) []byte {
	if at != query.Early {
		return b
	}
	return query.AppendField(b, "guarantee", m.Guarantee)
}

// AnswerOf returns the synchronized fields of a, zero when a has none
// (an error).
func AnswerOf(a query.Answer) Answer { return query.ExtraOf[Answer](a.Extra) }

// MoveOf returns the synchronized fields of m, zero when m has none.
func MoveOf(m query.Move) Move { return query.ExtraOf[Move](m.Extra) }
