package toadsfrogs

import (
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/games/internal/parts"
)

// Rules are Toads and Frogs' rules as parts.Rules on strips: a strip's
// parts are the runs between its frozen pieces; a part's key is the
// lesser of it and its mirror image, negated when the mirror was taken.
var Rules parts.Rules[Strip, Key] = rules{}

// rules is Rules' value.
type rules struct{}

func (rules) Parts(s Strip, dst []Strip) []Strip { return s.Parts(dst) }

func (rules) Key(s Strip) (Key, bool) { return Canonical(s) }

func (rules) Part(k Key) Strip { return k.Strip() }

func (rules) Options(s Strip, left bool, dst []Strip) []Strip {
	s.Moves(left, func(from, to int) { dst = append(dst, s.Play(from, to)) })
	return dst
}

// Solver computes values of strips, remembering every part it has
// valued. It is not safe for concurrent use; its Universe is.
type Solver = parts.Solver[Strip, Key]

// NewSolver returns a Solver in u.
func NewSolver(u *cgt.Universe) *Solver { return parts.NewSolver(u, Rules) }
