package games_test

import (
	"slices"
	"testing"

	"github.com/tablebase/tablebase/games"
	"github.com/tablebase/tablebase/query"
)

// TestRegionCapabilities: the placement games, and they alone, offer
// their rules and their querier as libtb's batches ask for them.
func TestRegionCapabilities(t *testing.T) {
	placement := []string{"domineering", "xt-domineering", "cram"}
	for _, g := range games.All {
		want := slices.Contains(placement, g.Name())
		if _, ok := games.RegionRulesOf(g); ok != want {
			t.Errorf("%s: RegionRulesOf %v, want %v", g.Name(), ok, want)
		}
		tb, err := query.OpenGame(g, nil, nil)
		if err != nil {
			t.Fatalf("%s: %v", g.Name(), err)
		}
		if _, ok := games.RegionQuerierOf(tb.Querier); ok != want {
			t.Errorf("%s: RegionQuerierOf %v, want %v", g.Name(), ok, want)
		}
	}
}

// TestAnswerCapabilities: the answers of ttt3d, and they alone, give a
// result for the side to move and moves with a second name; those of
// domineering3d, and they alone, outcomes by turn order.
func TestAnswerCapabilities(t *testing.T) {
	for _, g := range games.All {
		tb, err := query.OpenGame(g, nil, nil)
		if err != nil {
			t.Fatalf("%s: %v", g.Name(), err)
		}
		a := tb.Query(t.Context(), g.Board().Start, query.Options{Moves: true})
		if a.Error != "" || len(a.Moves) == 0 {
			t.Fatalf("%s: %s, %d moves", g.Name(), a.Error, len(a.Moves))
		}
		if r, ok := games.ResultToMoveOf(a.Extra); ok != (g.Name() == "ttt3d") || ok && r.ResultToMove() != "win" {
			t.Errorf("%s: ResultToMoveOf %v", g.Name(), ok)
		}
		if o, ok := games.TurnOrdersOf(a.Extra); ok != (g.Name() == "domineering3d") || ok && len(o.TurnOrders()) != 6 {
			t.Errorf("%s: TurnOrdersOf %v", g.Name(), ok)
		}
		if alias, ok := a.Moves[0].Extra.(games.Alias); ok != (g.Name() == "ttt3d") || ok && alias.Alias() != "13" {
			t.Errorf("%s: the first move's Alias %v", g.Name(), ok)
		}
	}
}
