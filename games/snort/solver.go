package snort

import (
	"math/bits"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/games/internal/parts"
)

// rules are a game's rules as parts.Rules: a position's parts are the
// connected groups of its reduced cells, cropped; a group's key is its
// canonical key, negated when the tags were swapped.
type rules struct{ rule Rule }

// RulesOf returns the parts.Rules of Snort or Col.
func RulesOf(rule Rule) parts.Rules[State, Key] { return rules{rule} }

func (rules) Parts(s State, dst []State) []State { return s.Components(dst) }

func (rules) Key(g State) (Key, bool) { return Canonical(g) }

func (rules) Part(k Key) State { return k.State() }

func (r rules) Options(g State, left bool, dst []State) []State {
	mine := g.R
	if left {
		mine = g.L
	}
	for b := mine; b != 0; b &= b - 1 {
		dst = append(dst, g.Play(r.rule, bits.TrailingZeros64(b), left))
	}
	return dst
}

// Solver computes values of positions, remembering every group it has
// solved. It is not safe for concurrent use; its Universe is.
type Solver = parts.Solver[State, Key]

// NewSolver returns a Solver of the rule in u.
func NewSolver(u *cgt.Universe, rule Rule) *Solver { return parts.NewSolver(u, RulesOf(rule)) }
