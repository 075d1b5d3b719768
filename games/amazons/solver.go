package amazons

import (
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/games/internal/parts"
)

// Rules are Amazons' rules as parts.Rules: a position's parts are the
// 8-connected components of its cells that hold an amazon, cropped; a
// part's key is its canonical key, negated when the colours were swapped.
var Rules parts.Rules[Position, Key] = rules{}

// rules is Rules' value.
type rules struct{}

func (rules) Parts(p Position, dst []Position) []Position { return p.Components(dst) }

func (rules) Key(part Position) (Key, bool) { return Canonical(part) }

func (rules) Part(k Key) Position { return k.Position() }

func (rules) Options(part Position, left bool, dst []Position) []Position {
	part.Moves(left, func(from, to, arrow int) { dst = append(dst, part.Play(from, to, arrow)) })
	return dst
}

// Solver computes values of positions, remembering every part it has
// solved. It is not safe for concurrent use; its Universe is.
type Solver = parts.Solver[Position, Key]

// NewSolver returns a Solver in u.
func NewSolver(u *cgt.Universe) *Solver { return parts.NewSolver(u, Rules) }
