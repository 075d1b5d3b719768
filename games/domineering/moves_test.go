package domineering

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/games/gametest"
	"github.com/tablebase/tablebase/internal/region"
	"github.com/tablebase/tablebase/query"
)

// TestDomineeringMoves checks the moves of random positions: each names
// the cells it takes, leads to the value listed, and together Left's and
// Right's values rebuild the position's canonical form; the winning moves
// agree with the outcome.
func TestDomineeringMoves(t *testing.T) {
	for _, v := range []Variant{Plain, XT} {
		q, _ := NewQuerier(v, nil, nil)
		rng := rand.New(rand.NewPCG(1, 2))
		for range 150 {
			r := gametest.RandomRegion(rng, 3+rng.IntN(2), 3+rng.IntN(2))
			moves, _, err := q.Moves(context.Background(), r, query.Options{})
			if err != nil {
				t.Fatal(err)
			}
			value, _, _ := q.Value(context.Background(), r, query.Options{})
			var lefts, rights []cgt.ID
			winL, winR := false, false
			for _, m := range moves {
				after, err := region.Parse(m.Position)
				if err != nil {
					t.Fatal(err)
				}
				if got := gametest.Covered(t, m.Move, int(r.W)); got != r.Bits&^after.Bits || got&^r.Bits != 0 {
					t.Fatalf("%s: move %s takes %b, position %s", r, m.Move, got, m.Position)
				}
				g, _, _ := q.Value(context.Background(), after, query.Options{})
				if q.Universe().String(g) != m.Value {
					t.Fatalf("%s: move %s value %s, want %s", r, m.Move, m.Value, q.Universe().String(g))
				}
				if m.Player == "L" {
					lefts, winL = append(lefts, g), winL || *m.Wins
				} else {
					rights, winR = append(rights, g), winR || *m.Wins
				}
			}
			if got := q.Universe().FromOptions(lefts, rights); got != value {
				t.Fatalf("%s %s: options rebuild %s, value is %s", v.Name(), r, q.Universe().String(got), q.Universe().String(value))
			}
			o := q.Universe().Outcome(value)
			if winL != (o == cgt.LeftWins || o == cgt.FirstWins) || winR != (o == cgt.RightWins || o == cgt.FirstWins) {
				t.Fatalf("%s: outcome %s, Left wins first %v, Right %v", r, o, winL, winR)
			}
			for i := 1; i < len(moves); i++ {
				if a, b := moves[i-1], moves[i]; a.Player == b.Player && !*a.Wins && *b.Wins {
					t.Fatalf("%s: losing move %s before winning %s", r, a.Move, b.Move)
				}
			}
		}
	}
}
