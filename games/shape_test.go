package games_test

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games"
	"github.com/tablebase/tablebase/games/domineering3d"
	"github.com/tablebase/tablebase/games/synchronized"
	"github.com/tablebase/tablebase/games/ttt3d"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

// TestOneAnswerShape asks every game of the registry for its start
// position and the positions after its first moves, with moves, and
// checks the fields every game shares (docs/contract.md, "One answer
// shape") against the game's own fields, which must still be there.
func TestOneAnswerShape(t *testing.T) {
	ctx := context.Background()
	for _, g := range games.All {
		t.Run(g.Name(), func(t *testing.T) {
			tb, err := query.OpenGame(g, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			a := tb.Query(ctx, g.Board().Start, query.Options{Moves: true})
			checkShape(t, a)
			if len(a.Moves) == 0 {
				t.Fatalf("%s: no moves from the start", g.Name())
			}
			for _, m := range a.Moves[:min(3, len(a.Moves))] {
				checkShape(t, tb.Query(ctx, m.Position, query.Options{Moves: true}))
			}
		})
	}
}

// checkShape checks one answer's shared fields.
func checkShape(t *testing.T, a query.Answer) {
	t.Helper()
	if a.Error != "" {
		t.Fatalf("%s %s: %s", a.Game, a.Position, a.Error)
	}
	where := fmt.Sprintf("%s %s", a.Game, a.Position)
	orders, threePlayer := games.TurnOrdersOf(a.Extra)
	if (a.Outcome == "") != threePlayer {
		t.Errorf("%s: outcome %q and outcomes %v: want exactly one", where, a.Outcome, a.Extra)
	}
	if threePlayer && len(orders.TurnOrders()) != 6 {
		t.Errorf("%s: outcomes %v, want one for each of 6 turn orders", where, orders.TurnOrders())
	}
	if r, ok := games.ResultToMoveOf(a.Extra); ok && a.Outcome != map[string]string{"win": "N", "loss": "P", "draw": "D"}[r.ResultToMove()] {
		t.Errorf("%s: outcome %q for the result %q of the side to move", where, a.Outcome, r.ResultToMove())
	}
	if plies := ttt3d.AnswerOf(a).Plies; a.Game == "ttt3d" && !samePlies(a.Distance, plies) {
		t.Errorf("%s: distance %v, plies %v", where, a.Distance, plies)
	}
	first := map[string]string{} // each player's first move listed
	var order []string
	for _, m := range a.Moves {
		if _, ok := first[m.Player]; !ok {
			first[m.Player] = m.Move
			order = append(order, m.Player)
		}
		want := synchronized.MoveOf(m).Guarantee
		if m.Wins != nil {
			want = map[bool]string{true: "win", false: "loss"}[*m.Wins]
		}
		outcomes := domineering3d.OutcomesOf(m.Extra)
		switch {
		case outcomes != nil && m.Result != "":
			t.Errorf("%s: three-player move %s has a result %q", where, m.Move, m.Result)
		case outcomes == nil && m.Result == "":
			t.Errorf("%s: move %s has no result", where, m.Move)
		case want != "" && m.Result != want:
			t.Errorf("%s: move %s: result %q, its own fields say %q", where, m.Move, m.Result, want)
		}
		if plies := ttt3d.MoveOf(m).Plies; a.Game == "ttt3d" && !samePlies(m.Distance, plies) {
			t.Errorf("%s: move %s: distance %v, plies %v", where, m.Move, m.Distance, plies)
		}
	}
	if len(a.Best) != len(order) {
		t.Fatalf("%s: best %v, want a move for each of %q", where, a.Best, order)
	}
	for i, b := range a.Best {
		if b.Player != order[i] || b.Move != first[b.Player] {
			t.Errorf("%s: best %v, want %s's first move %s", where, b, order[i], first[order[i]])
		}
	}
	if _, err := json.Marshal(a); err != nil {
		t.Error(err)
	}
}

// samePlies reports whether two optional counts are both absent or equal.
func samePlies(a, b *int) bool {
	return (a == nil) == (b == nil) && (a == nil || *a == *b)
}

// TestAnswerNamesItsFile: an answer read from a file carries the file's
// content hash, the one tb verify prints and the complete build stored in
// its metadata; one solved without a file none.
func TestAnswerNamesItsFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "d8.db")
	g, err := games.Lookup("domineering")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Build(context.Background(), build.Params{"max-cells": "8"}, build.Options{Path: path}); err != nil {
		t.Fatal(err)
	}
	r, err := tablebase.Verify(path)
	if err != nil {
		t.Fatal(err)
	}
	if r.Meta.Content != r.Content {
		t.Errorf("the complete file's metadata holds content %016x, the file's is %016x", r.Meta.Content, r.Content)
	}
	tb, err := games.Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	if a := tb.Query(context.Background(), "...|...", query.Options{}); a.File != fmt.Sprintf("%016x", r.Content) || a.Source != query.FromTablebase {
		t.Errorf("answer from the file: file %q source %q, want %016x", a.File, a.Source, r.Content)
	}
	mem, err := query.OpenGame(g, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a := mem.Query(context.Background(), "...|...", query.Options{}); a.File != "" {
		t.Errorf("answer solved without a file names one: %q", a.File)
	}
}
