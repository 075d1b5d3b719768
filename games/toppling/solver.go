package toppling

import (
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/games/internal/parts"
)

// Rules are Toppling Dominoes' rules as parts.Rules on lines: a line's
// parts are its rows; a part's key is the least of its four images,
// negated when the colours were swapped; each domino of the mover's
// colour or green gives two options, toppled left and right.
var Rules parts.Rules[Line, Key] = rules{}

// rules is Rules' value.
type rules struct{}

func (rules) Parts(l Line, dst []Line) []Line { return l.Parts(dst) }

func (rules) Key(r Line) (Key, bool) { return Canonical(r) }

func (rules) Part(k Key) Line { return k.Row() }

func (rules) Options(r Line, left bool, dst []Line) []Line { return r.Options(left, dst) }

// Solver computes values of lines, remembering every row it has valued.
// It is not safe for concurrent use; its Universe is.
type Solver = parts.Solver[Line, Key]

// NewSolver returns a Solver in u.
func NewSolver(u *cgt.Universe) *Solver { return parts.NewSolver(u, Rules) }
