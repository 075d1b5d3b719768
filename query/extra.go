package query

// Extra is a game's own fields of an answer or of a move, beside those
// every game shares (Answer, Move): the game's package declares them and
// AppendJSON writes them into the same JSON object. A game with a new
// field adds it to its own Extra, and to no file of this package.
type Extra interface {
	// AppendJSON appends the fields that go at place, each as
	// `,"name":value` (the Append functions below write them), and none
	// that is empty.
	AppendJSON(b []byte, at Place) []byte
}

// Place is where in its JSON object an Extra's fields go, as
// docs/contract.md orders them.
type Place int

const (
	// Early fields go after an answer's birthday, before its
	// thermograph, and after a move's wins, before its result.
	Early Place = iota
	// Late fields go after an answer's moves, before its best, and after
	// a move's result, before its distance.
	Late
)

// What callers may ask of an Extra beyond its JSON; games.ResultToMoveOf
// and the functions beside it ask for them.
type (
	// ResultToMove is the Extra of a game with one side to move: the
	// result for that side, Win, Draw or Loss (libtb's tb_answer.result).
	ResultToMove interface {
		ResultToMove() string
	}
	// TurnOrders is the Extra of a three-player game: who can force a
	// win for each turn order ("XYZ": "X", "Q" for nobody), libtb's
	// tb_answer.outcomes.
	TurnOrders interface {
		TurnOrders() map[string]string
	}
	// Alias is a move's Extra that gives the move a second name a player
	// may type (tb play): ttt3d's cell index.
	Alias interface {
		Alias() string
	}
)

// ExtraOf returns the fields an Extra of type *T holds, or T's zero
// value when e is not one (as the Extra of an error): a game's AnswerOf
// and MoveOf.
func ExtraOf[T any](e Extra) T {
	if p, ok := any(e).(*T); ok {
		return *p
	}
	var zero T
	return zero
}
