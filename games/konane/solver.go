package konane

import (
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/games/internal/parts"
)

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

// Solver computes values of positions, remembering every part it has
// solved. It is not safe for concurrent use; its Universe is.
type Solver = parts.Solver[Position, Key]

// NewSolver returns a Solver in u.
func NewSolver(u *cgt.Universe) *Solver { return parts.NewSolver(u, Rules) }
