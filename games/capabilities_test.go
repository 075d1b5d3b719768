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
