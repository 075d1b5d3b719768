package clobber

import (
	"github.com/tablebase/tablebase/games/internal/parts"
	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

// Game is Clobber in the registry. A move is the stone's cell and the
// cell of the stone it captures ("b1-c1").
var Game = game{parts.Game[Position, Position, Key]{
	Rules: Rules, Store: store,
	Notation: parts.Notation[Position, Position]{Parse: Parse, Parts: Position.Components,
		Moves: func(p Position, left bool, emit func(string, Position)) {
			p.Moves(left, func(from, to int) {
				emit(notation.Piece(notation.Cell(from/p.W, from%p.W), notation.Cell(to/p.W, to%p.W)), p.Play(from, to))
			})
		}},
	About: "a stone captures an adjacent stone of the other's, x for Left and o for Right: exact values; whole boards' outcomes",
	Look: query.Board{Kind: "stones", Cells: "xo.", Size: "3x4", Start: "xoxo|oxox|xoxo", WholeBoard: true,
		Players: map[string]string{"L": "Left (x)", "R": "Right (o)"}},
}}

// game is Clobber as parts.Game gives it, with its own querier and the
// whole-board search split into tasks (tasks.go).
type game struct {
	parts.Game[Position, Position, Key]
}

// Open returns a querier reading f when f is not nil, its whole-board
// search set up by c.
func (game) Open(f *tablebase.File, c *query.Config) (query.Querier, error) { return NewQuerier(f, c) }

// Rules are Clobber's rules as parts.Rules: a position's parts are its
// orthogonally connected groups of stones, cropped; a group's key is its
// canonical key, negated when the colours were swapped.
var Rules parts.Rules[Position, Key] = rules{}

// rules is Rules' value.
type rules struct{}

func (rules) Parts(p Position, dst []Position) []Position { return p.Components(dst) }
func (rules) Key(g Position) (Key, bool)                  { return Canonical(g) }
func (rules) Part(k Key) Position                         { return k.Position() }
func (rules) Options(g Position, left bool, dst []Position) []Position {
	g.Moves(left, func(from, to int) { dst = append(dst, g.Play(from, to)) })
	return dst
}
