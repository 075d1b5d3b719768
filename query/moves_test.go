package query

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/games/domineering"
	"github.com/tablebase/tablebase/games/domineering3d"
	"github.com/tablebase/tablebase/games/synchronized"
	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/internal/region"
)

// covered parses a 2D move back into the cells it covers on a board of
// width w (a straight piece from its first to its last cell).
func covered(t *testing.T, move string, w int) uint64 {
	t.Helper()
	first, last := notation.SplitPiece(move)
	r0, c0, err := notation.ParseCell(first)
	if err != nil {
		t.Fatal(err)
	}
	r1, c1, err := notation.ParseCell(last)
	if err != nil {
		t.Fatal(err)
	}
	var m uint64
	for r := r0; r <= r1; r++ {
		for c := c0; c <= c1; c++ {
			m |= 1 << (r*w + c)
		}
	}
	return m
}

// randomRegion returns a random board of h x w with about 3/4 of the
// cells empty.
func randomRegion(rng *rand.Rand, h, w int) region.Region {
	full := region.Full(h, w)
	return full.With(full.Bits & (rng.Uint64() | rng.Uint64()))
}

// TestDomineeringMoves checks the moves of random positions: each names
// the cells it takes, leads to the value listed, and together Left's and
// Right's values rebuild the position's canonical form; the winning moves
// agree with the outcome.
func TestDomineeringMoves(t *testing.T) {
	for _, v := range []domineering.Variant{domineering.Plain, domineering.XT} {
		q, _ := NewDomineering(v, nil)
		rng := rand.New(rand.NewPCG(1, 2))
		for range 150 {
			r := randomRegion(rng, 3+rng.IntN(2), 3+rng.IntN(2))
			moves, _, err := q.Moves(r, Options{})
			if err != nil {
				t.Fatal(err)
			}
			value, _, _ := q.Value(r, Options{})
			var lefts, rights []cgt.ID
			winL, winR := false, false
			for _, m := range moves {
				after, err := region.Parse(m.Position)
				if err != nil {
					t.Fatal(err)
				}
				if got := covered(t, m.Move, int(r.W)); got != r.Bits&^after.Bits || got&^r.Bits != 0 {
					t.Fatalf("%s: move %s takes %b, position %s", r, m.Move, got, m.Position)
				}
				g, _, _ := q.Value(after, Options{})
				if q.u.String(g) != m.Value {
					t.Fatalf("%s: move %s value %s, want %s", r, m.Move, m.Value, q.u.String(g))
				}
				if m.Player == "L" {
					lefts, winL = append(lefts, g), winL || *m.Wins
				} else {
					rights, winR = append(rights, g), winR || *m.Wins
				}
			}
			if got := q.u.FromOptions(lefts, rights); got != value {
				t.Fatalf("%s %s: options rebuild %s, value is %s", v.Name(), r, q.u.String(got), q.u.String(value))
			}
			o := q.u.Outcome(value)
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

// TestDomineering3DMoves checks that under each order the first player
// can force a win exactly when one of his moves leads to his win, and that
// another player can force it exactly when every move leads to his.
func TestDomineering3DMoves(t *testing.T) {
	q, _ := NewDomineering3D(nil)
	rng := rand.New(rand.NewPCG(3, 4))
	box := domineering3d.Box{A: 2, B: 3, C: 3}
	for range 60 {
		p := domineering3d.Full(box)
		p.Empty &= rng.Uint64() | rng.Uint64()
		out, _, _ := q.Outcomes(p, Options{})
		moves, _, err := q.Moves(p, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for i, o := range domineering3d.Orders {
			var after []string
			for _, m := range moves {
				if m.Player == o.First.String() {
					after = append(after, m.Outcomes[o.String()])
				}
			}
			if len(after) == 0 {
				continue // the first player leaves the game at once
			}
			want := domineering3d.Q.String()
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

// TestSynchronizedMoves checks that each player's best move guarantees
// what the position says he can guarantee.
func TestSynchronizedMoves(t *testing.T) {
	for _, v := range []synchronized.Variant{synchronized.Triomineering, synchronized.Domineering} {
		q, _ := NewSynchronized(v, nil)
		rng := rand.New(rand.NewPCG(5, 6))
		for range 100 {
			r := randomRegion(rng, 4, 4)
			res, _, _ := q.Result(r, Options{})
			moves, _, err := q.Moves(r, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if len(moves) == 0 {
				if v.Moves(r, synchronized.Vertical) != 0 && v.Moves(r, synchronized.Horizontal) != 0 {
					t.Fatalf("%s: no moves listed", r)
				}
				continue
			}
			best := map[string]string{}
			count := map[string]int{}
			for _, m := range moves {
				if _, ok := best[m.Player]; !ok {
					best[m.Player] = m.Guarantee
				}
				count[m.Player]++
				if after, _ := region.Parse(m.Position); covered(t, m.Move, int(r.W)) != r.Bits&^after.Bits {
					t.Fatalf("%s: move %s, position %s", r, m.Move, m.Position)
				}
			}
			if best["V"] != res.Vertical.String() || best["H"] != res.Horizontal.String() {
				t.Fatalf("%s %s: result %+v, best moves %v", v.Name, r, res, best)
			}
			if count["V"] != bits.OnesCount64(v.Moves(r, synchronized.Vertical)) || count["H"] != bits.OnesCount64(v.Moves(r, synchronized.Horizontal)) {
				t.Fatalf("%s: move counts %v", r, count)
			}
		}
	}
}
