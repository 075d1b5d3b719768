package toadsfrogs

import (
	"github.com/tablebase/tablebase/games/internal/parts"
	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/query"
)

// Game is Toads and Frogs in the registry, its strips drawn as the
// explorer's "strip" boards. A move is the piece's cell and the cell it
// goes to, the column a letter and the strip a number ("b1-c1" steps,
// "b1-d1" jumps).
var Game = parts.Game[Position, Strip, Key]{
	Rules: Rules, Store: store,
	Notation: parts.Notation[Position, Strip]{Parse: Parse, Parts: Position.Parts,
		Moves: func(p Position, left bool, emit func(string, Position)) {
			for r, s := range p {
				s.Moves(left, func(from, to int) {
					after := append(Position(nil), p...)
					after[r] = s.Play(from, to)
					emit(notation.Piece(notation.Cell(r, from), notation.Cell(r, to)), after)
				})
			}
		}},
	About: "strips of toads T (Left, moving right) and frogs F (Right, moving left), stepping or jumping one of the other's: exact values",
	Look: query.Board{Kind: "strip", Cells: "TF.", Size: "1x7", Start: "TTT.FFF",
		Players: map[string]string{"L": "Left (toads)", "R": "Right (frogs)"}},
}

// Rules are Toads and Frogs' rules as parts.Rules on strips: a strip's
// parts are the runs between its frozen pieces; a part's key is the
// lesser of it and its mirror image, negated when the mirror was taken.
var Rules parts.Rules[Strip, Key] = rules{}

// rules is Rules' value.
type rules struct{}

func (rules) Parts(s Strip, dst []Strip) []Strip { return s.Parts(dst) }
func (rules) Key(s Strip) (Key, bool)            { return Canonical(s) }
func (rules) Part(k Key) Strip                   { return k.Strip() }
func (rules) Options(s Strip, left bool, dst []Strip) []Strip {
	s.Moves(left, func(from, to int) { dst = append(dst, s.Play(from, to)) })
	return dst
}
