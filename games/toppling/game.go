package toppling

import (
	"github.com/tablebase/tablebase/games/internal/parts"
	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/query"
)

// Game is Toppling Dominoes in the registry, its rows drawn as the
// explorer's "strip" boards (rows of any lengths). A move is the toppled
// domino's cell and '<' when it falls to the left, '>' to the right:
// "c1<" topples the domino on column c of line 1 to the left.
var Game = parts.Game[Position, Line, Key]{
	Rules: Rules, Store: store,
	Notation: parts.Notation[Position, Line]{Parse: Parse, Parts: Position.Parts,
		Moves: func(p Position, left bool, emit func(string, Position)) {
			for r, l := range p {
				l.Moves(left, func(col int, right bool) {
					after := append(Position(nil), p...)
					after[r] = l.Play(col, right)
					dir := "<"
					if right {
						dir = ">"
					}
					emit(notation.Cell(r, col)+dir, after)
				})
			}
		}},
	About: "rows of blue x (Left), red o (Right) and green g dominoes, toppled left or right with all beyond: exact values",
	Look: query.Board{Kind: "strip", Cells: "xog.", Size: "2x7", Start: "xoxxoox|ooxxoxo",
		Players: map[string]string{"L": "Left (blue, x)", "R": "Right (red, o)"}},
}

// Rules are Toppling Dominoes' rules as parts.Rules on lines: a line's
// parts are its rows; a part's key is the least of its four images,
// negated when the colours were swapped; each domino of the mover's
// colour or green gives two options, toppled left and right.
var Rules parts.Rules[Line, Key] = rules{}

// rules is Rules' value.
type rules struct{}

func (rules) Parts(l Line, dst []Line) []Line              { return l.Parts(dst) }
func (rules) Key(r Line) (Key, bool)                       { return Canonical(r) }
func (rules) Part(k Key) Line                              { return k.Row() }
func (rules) Options(r Line, left bool, dst []Line) []Line { return r.Options(left, dst) }
