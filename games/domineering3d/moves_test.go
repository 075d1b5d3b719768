package domineering3d

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/tablebase/tablebase/internal/bits128"
	"github.com/tablebase/tablebase/query"
)

// TestDomineering3DMoves checks that under each order the first player
// can force a win exactly when one of his moves leads to his win, and that
// another player can force it exactly when every move leads to his.
func TestDomineering3DMoves(t *testing.T) {
	q, _ := NewQuerier(nil)
	if testing.Short() {
		q.tableBits = 16 // -short: the search's table at 2^16 entries, not 2^24 (the system's clearing 384 MiB of pages)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 80 {
		p := Full(Box{A: 2, B: 3, C: 3})
		p.Empty = p.Empty.And(randomSet(rng, 2))
		if trial%4 == 0 { // a box past one word, 14 cells empty
			p = Position{Box: Box{A: 5, B: 4, C: 4}}
			for p.Empty.Count() < 14 {
				p.Empty = p.Empty.Or(bits128.Cell(rng.IntN(80)))
			}
		}
		out, _, _ := q.Outcomes(context.Background(), p, query.Options{})
		moves, _, err := q.Moves(context.Background(), p, query.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range moves {
			after, err := Parse(m.Position)
			if err != nil || after.Empty.AndNot(p.Empty).Count() != 0 || p.Empty.Count()-after.Empty.Count() != 2 {
				t.Fatalf("%s: move %s gives %s (%v)", p, m.Move, m.Position, err)
			}
		}
		for i, o := range Orders {
			var after []string
			for _, m := range moves {
				if m.Player == o.First.String() {
					after = append(after, OutcomesOf(m.Extra)[o.String()])
				}
			}
			if len(after) == 0 {
				continue // the first player leaves the game at once
			}
			want := Q.String()
			for _, w := range after {
				if w == o.First.String() {
					want = w
				}
			}
			if want == "Q" && allEqual(after) && after[0] != "Q" {
				want = after[0]
			}
			if out[i].String() != want {
				t.Fatalf("%s under %s: outcome %s, moves lead to %v", p, o, out[i], after)
			}
		}
	}
}

func allEqual(s []string) bool {
	for _, x := range s {
		if x != s[0] {
			return false
		}
	}
	return true
}
