package amazons

import (
	"github.com/tablebase/tablebase/games/internal/parts"
	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/query"
)

// Game is Amazons in the registry, its board drawn as the explorer's
// "stones" (amazons x and o, empty cells, burnt cells '#').
var Game = parts.Game[Position, Position, Key]{
	Rules: Rules, Store: store,
	Notation: parts.Notation[Position, Position]{Parse: Parse, Parts: Position.Components,
		Moves: func(p Position, left bool, emit func(string, Position)) {
			p.Moves(left, func(from, to, arrow int) { emit(moveName(p, from, to, arrow), p.Play(from, to, arrow)) })
		}},
	About: "an amazon (x for Left, o for Right) moves like a queen and shoots an arrow that burns a cell (#): exact values of small regions",
	Look: query.Board{Kind: "stones", Cells: "xo.#", Size: "2x4", Start: "x...|...o",
		Players: map[string]string{"L": "Left (x)", "R": "Right (o)"}},
}

// moveName writes a move as the amazon's cell, its new cell and the
// arrow's cell: "a1-c3/c1" (columns from a at the left, rows from 1 at
// the top, as the project's other boards).
func moveName(p Position, from, to, arrow int) string {
	return notation.Cell(from/p.W, from%p.W) + "-" + notation.Cell(to/p.W, to%p.W) + "/" + notation.Cell(arrow/p.W, arrow%p.W)
}

// Rules are Amazons' rules as parts.Rules: a position's parts are the
// 8-connected components of its cells that hold an amazon, cropped; a
// part's key is its canonical key, negated when the colours were swapped.
var Rules parts.Rules[Position, Key] = rules{}

// rules is Rules' value.
type rules struct{}

func (rules) Parts(p Position, dst []Position) []Position { return p.Components(dst) }
func (rules) Key(part Position) (Key, bool)               { return Canonical(part) }
func (rules) Part(k Key) Position                         { return k.Position() }
func (rules) Options(part Position, left bool, dst []Position) []Position {
	part.Moves(left, func(from, to, arrow int) { dst = append(dst, part.Play(from, to, arrow)) })
	return dst
}
