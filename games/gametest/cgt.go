package gametest

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/cgt/oracle"
	"github.com/tablebase/tablebase/query"
)

// AgainstOracle answers each position (its rows) with q and fails the
// test unless its explicit form and outcome class are the ones the
// whole-board oracle of the game's rules finds, and the outcome class
// asked alone (Options.OutcomeOnly) is that too.
func AgainstOracle(t testing.TB, q query.Querier, rules oracle.Board, positions [][]string) {
	t.Helper()
	for _, rows := range positions {
		pos := strings.Join(rows, "|")
		a := q.Query(context.Background(), pos, query.Options{Explicit: true})
		if want, out := rules.Value(rows), rules.Outcome(rows); a.Error != "" || a.Explicit != want || a.Outcome != out {
			t.Fatalf("%s: got %s = %s, outcome %s (%s); the oracles say %s, outcome %s", pos, a.Value, a.Explicit, a.Outcome, a.Error, want, out)
		}
		if o := q.Query(context.Background(), pos, query.Options{OutcomeOnly: true}); o.Error != "" || o.Outcome != a.Outcome || o.Value != "" {
			t.Fatalf("%s: outcome alone %s (%s, value %q), the oracle says %s", pos, o.Outcome, o.Error, o.Value, a.Outcome)
		}
	}
}

// movesUniverse is the universe CGTMoves reads values into, one for all
// its calls: a new universe costs megabytes cleared (its table of pages
// and its first page), more than the check of a small position.
var movesUniverse = sync.OnceValue(func() *cgt.Universe { return cgt.NewUniverse(12) })

// CGTMoves answers pos with its moves and fails the test unless each
// move's value is the value q gives the position it leads to, and the
// values of Left's and Right's moves make the position's value as its
// options (an impartial game's moves, player "", are both players').
// check, when not nil, checks each move as the game's rules say it must
// be.
func CGTMoves(t testing.TB, q query.Querier, pos string, check func(m query.Move)) {
	t.Helper()
	ctx := context.Background()
	a := q.Query(ctx, pos, query.Options{Moves: true})
	if a.Error != "" {
		t.Fatalf("%s: %s", pos, a.Error)
	}
	u := movesUniverse()
	var sides [2][]cgt.ID
	for _, m := range a.Moves {
		after := q.Query(ctx, m.Position, query.Options{})
		if after.Error != "" || after.Value != m.Value {
			t.Fatalf("%s: move %s lists %s, but %s is worth %s (%s)", pos, m.Move, m.Value, m.Position, after.Value, after.Error)
		}
		v, err := u.Parse(m.Value)
		if err != nil {
			t.Fatalf("%s: move %s: %v", pos, m.Move, err)
		}
		for side, player := range []string{"L", "R"} {
			if m.Player == player || m.Player == "" {
				sides[side] = append(sides[side], v)
			}
		}
		if check != nil {
			check(m)
		}
	}
	if got := u.String(u.FromOptions(sides[0], sides[1])); got != a.Value {
		t.Fatalf("%s: value %s, its moves give %s", pos, a.Value, got)
	}
}
