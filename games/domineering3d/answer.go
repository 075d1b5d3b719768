package domineering3d

import "github.com/tablebase/tablebase/query"

// Outcomes is domineering3d's own field of an answer or of a move
// (query.Answer.Extra, query.Move.Extra), docs/contract.md's
// "outcomes": for each turn order ("XYZ"), who can force a win, X, Y, Z
// or Q for nobody.
type Outcomes map[string]string

// AppendJSON appends the fields that go at place (query.Extra).
func (o Outcomes) AppendJSON(b []byte, at query.Place) []byte {
	if at != query.Early {
		return b
	}
	return query.AppendMap(b, "outcomes", o)
}

// TurnOrders returns the outcomes by turn order (query.TurnOrders).
func (o Outcomes) TurnOrders() map[string]string { return o }

// OutcomesOf returns the outcomes an answer's or a move's Extra holds,
// nil when it holds none (an error).
func OutcomesOf(e query.Extra) Outcomes {
	o, _ := e.(Outcomes)
	return o
}
