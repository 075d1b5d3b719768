package konane

import (
	"github.com/tablebase/tablebase/games/internal/parts"
	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/query"
)

// Game is Konane in the registry. A move is the stone's cell and the
// cell it lands on ("b1-b3"; "b1-b5" jumps twice).
var Game = parts.Game[Position, Position, Key]{
	Rules: Rules, Store: store,
	Notation: parts.Notation[Position, Position]{Parse: Parse, Parts: Position.Parts,
		Moves: func(p Position, left bool, emit func(string, Position)) {
			p.Moves(left, func(from, to int) {
				emit(notation.Piece(notation.Cell(from/p.W, from%p.W), notation.Cell(to/p.W, to%p.W)), p.Play(from, to))
			})
		}},
	About: "a stone jumps over the other's stones in a line, taking them, x for Left and o for Right: exact values",
	Look: query.Board{Kind: "stones", Cells: "xo.#", Size: "4x4", Start: "xoxo|o..x|xoxo|oxox",
		Players: map[string]string{"L": "Left (x)", "R": "Right (o)"}},
}

// Rules are Konane's rules as parts.Rules: a position's parts are those
// of Position.Parts, cropped; a part's key is its canonical key, negated
// when the colours were swapped.
var Rules parts.Rules[Position, Key] = rules{}

// rules is Rules' value.
type rules struct{}

func (rules) Parts(p Position, dst []Position) []Position { return p.Parts(dst) }
func (rules) Key(g Position) (Key, bool)                  { return Canonical(g) }
func (rules) Part(k Key) Position                         { return k.Position() }
func (rules) Options(g Position, left bool, dst []Position) []Position {
	g.Moves(left, func(from, to int) { dst = append(dst, g.Play(from, to)) })
	return dst
}
