package snort

import (
	"math/bits"

	"github.com/tablebase/tablebase/games/internal/parts"
	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/query"
)

// Snort and Col are the two games in the registry.
var (
	Snort = gameOf(SnortRule, "colour an empty cell, x for Left and o for Right, never next to the other's colour: exact values")
	Col   = gameOf(ColRule, "colour an empty cell, x for Left and o for Right, never next to your own colour: exact values")
)

// nameOf names a rule's game on the command line and in the JSON.
func nameOf(rule Rule) string {
	if rule == ColRule {
		return "col"
	}
	return "snort"
}

// gameOf returns rule's game, described by about. A move is the cell
// coloured ("b1").
func gameOf(rule Rule, about string) parts.Game[Board, State, Key] {
	return parts.Game[Board, State, Key]{
		Rules: RulesOf(rule), Store: storeOf(rule), About: about,
		Notation: parts.Notation[Board, State]{Parse: Parse,
			Parts: func(b Board, dst []State) []State { return b.State(rule).Components(dst) },
			Moves: func(b Board, left bool, emit func(string, Board)) {
				s := b.State(rule)
				mine := s.R
				if left {
					mine = s.L
				}
				for m := mine; m != 0; m &= m - 1 {
					i := bits.TrailingZeros64(m)
					emit(notation.Cell(i/b.W, i%b.W), b.Play(i, left))
				}
			}},
		Look: query.Board{Kind: "stones", Cells: ".xo#", Size: "3x4", Start: "....|....|....",
			Players: map[string]string{"L": "Left (blue, x)", "R": "Right (red, o)"}},
	}
}

// rules are a game's rules as parts.Rules: a position's parts are the
// connected groups of its reduced cells, cropped; a group's key is its
// canonical key, negated when the tags were swapped.
type rules struct{ rule Rule }

// RulesOf returns the parts.Rules of Snort or Col.
func RulesOf(rule Rule) parts.Rules[State, Key] { return rules{rule} }

func (rules) Parts(s State, dst []State) []State { return s.Components(dst) }
func (rules) Key(g State) (Key, bool)            { return Canonical(g) }
func (rules) Part(k Key) State                   { return k.State() }
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
