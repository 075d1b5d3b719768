package snort

import (
	"github.com/tablebase/tablebase/games/internal/parts"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
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

// gameOf returns rule's game, described by about.
func gameOf(rule Rule, about string) parts.Game[State, Key] {
	return parts.Game[State, Key]{
		Rules: RulesOf(rule), Store: storeOf(rule), About: about,
		Look: query.Board{Kind: "stones", Cells: ".xo#", Size: "3x4", Start: "....|....|....",
			Players: map[string]string{"L": "Left (blue, x)", "R": "Right (red, o)"}},
		Querier: func(f *tablebase.File, _ *query.Config) (query.Querier, error) { return NewQuerier(rule, f) },
	}
}
