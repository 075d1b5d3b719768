package games

import (
	"context"
	"testing"

	"github.com/tablebase/tablebase/query"
)

// TestPlayersNamed: every game names its players, and every player its
// answers give a move (or the mover of an outcome class) is named.
func TestPlayersNamed(t *testing.T) {
	small := map[string]string{ // a position quick to answer, else the start
		"domineering": "...|...", "xt-domineering": "...|...", "clobber": "xo|ox",
		"sync-domineering": "...|...", "sync-triomineering": "...|...|...",
	}
	for _, g := range All {
		names := g.Board().Players
		if len(names) < 2 {
			t.Errorf("%s names %d players: %v", g.Name(), len(names), names)
			continue
		}
		q, err := g.Open(nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		pos := small[g.Name()]
		if pos == "" {
			pos = g.Board().Start
		}
		a := q.Query(context.Background(), pos, query.Options{Moves: true})
		if a.Error != "" {
			t.Fatalf("%s %s: %s", g.Name(), pos, a.Error)
		}
		for _, m := range a.Moves {
			if m.Player != "" && names[m.Player] == "" {
				t.Errorf("%s: move %s of player %q, who has no name in %v", g.Name(), m.Move, m.Player, names)
			}
		}
		if o := a.Outcome; (o == "L" || o == "R") && names[o] == "" {
			t.Errorf("%s: outcome %s names no player of %v", g.Name(), o, names)
		}
	}
}
