package clobber

import (
	"context"
	"fmt"
	"github.com/tablebase/tablebase/games/internal/parts"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/query"
)

// newOutcomeSearch returns a search valuing groups of at most known stones
// with an in-memory solver, with a table and a cache of group values of
// 2^16 entries: small, as the search clears them whenever the board's
// frame changes, as the tests' boards do again and again.
func newOutcomeSearch(known int) *OutcomeSearch {
	u := cgt.NewUniverse(20)
	return NewOutcomeSearch(u, parts.NewSolver(u, Rules).Part, known, 16)
}

// checkerboard returns the h x w board of alternating stones, x in its
// top left corner.
func checkerboard(h, w int) string {
	rows := make([]string, h)
	for r := range rows {
		var b strings.Builder
		for c := range w {
			b.WriteByte("xo"[(r+c)%2])
		}
		rows[r] = b.String()
	}
	return strings.Join(rows, "|")
}

// randomStones returns an h x w board whose cells are each empty with
// probability holes, else a stone of either player.
func randomStones(rng *rand.Rand, h, w int, holes float64) []string {
	rows := make([]string, h)
	for r := range rows {
		var b strings.Builder
		for range w {
			switch {
			case rng.Float64() < holes:
				b.WriteByte('.')
			case rng.IntN(2) == 0:
				b.WriteByte('x')
			default:
				b.WriteByte('o')
			}
		}
		rows[r] = b.String()
	}
	return rows
}

// TestOutcomeSearchAgainstOracle: on random boards of up to 12 stones, of
// several shapes, with holes, the search's outcome (valuing groups of 0,
// 2, 4 and 8 stones exactly) is plain minimax's over the whole board (60
// boards a shape and size of known group, 8 with -short).
func TestOutcomeSearchAgainstOracle(t *testing.T) {
	shapes := [][2]int{{1, 8}, {1, 12}, {2, 4}, {2, 6}, {3, 3}, {3, 4}, {4, 4}, {3, 5}, {2, 8}}
	rounds := 60
	if testing.Short() {
		rounds = 8
	}
	for _, known := range []int{0, 2, 4, 8} {
		s := newOutcomeSearch(known)
		rng := rand.New(rand.NewPCG(uint64(known), 61))
		for _, shape := range shapes {
			for range rounds {
				rows := randomStones(rng, shape[0], shape[1], rng.Float64()*0.4)
				pos := strings.Join(rows, "|")
				p, err := Parse(pos)
				if err != nil {
					t.Fatal(err)
				}
				if p.Cells() > 12 {
					continue
				}
				if got, want := s.Outcome(p).String(), oracleOutcome(rows); got != want {
					t.Fatalf("known %d: %s: search says %s, minimax %s", known, pos, got, want)
				}
			}
		}
	}
}

// TestOutcomeSearchCheckerboards: checkerboards of up to 20 stones (15
// with -short; TestOutcomeOnlyQuery still checks the search on those of
// 16 against their published outcomes) against plain minimax.
func TestOutcomeSearchCheckerboards(t *testing.T) {
	most := 20
	if testing.Short() {
		most = 15
	}
	s := newOutcomeSearch(DefaultKnownStones)
	bare := newOutcomeSearch(0)
	for h := 1; h <= 5; h++ {
		for w := h; h*w <= most; w++ {
			pos := checkerboard(h, w)
			p, _ := Parse(pos)
			want := oracleOutcome(strings.Split(pos, "|"))
			if got := s.Outcome(p).String(); got != want {
				t.Errorf("%s: search says %s, minimax %s", pos, got, want)
			}
			if got := bare.Outcome(p).String(); got != want {
				t.Errorf("%s: search without values says %s, minimax %s", pos, got, want)
			}
		}
	}
}

// TestOutcomeSearchAgainstValues: the search's outcome is the outcome
// class of the exact value the solver gives, on random boards of up to
// 4x4 cells (200, 30 with -short).
func TestOutcomeSearchAgainstValues(t *testing.T) {
	q := memory(t).(*Querier)
	s := newOutcomeSearch(DefaultKnownStones)
	rng := rand.New(rand.NewPCG(62, 63))
	n := 200
	if testing.Short() {
		n = 30
	}
	for range n {
		rows := randomStones(rng, 2+rng.IntN(3), 3+rng.IntN(2), 0.15)
		p, _ := Parse(strings.Join(rows, "|"))
		v, _, err := q.Value(context.Background(), p, query.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := s.Outcome(p), q.U.Outcome(v); got != want {
			t.Fatalf("%s: search says %s, its value %s is %s", p, got, q.U.String(v), want)
		}
	}
}

// TestOutcomeOnlyQuery: the querier answers --outcome-only through the
// search, published outcomes included, and each player's best move wins
// when the outcome says it does.
func TestOutcomeOnlyQuery(t *testing.T) {
	q := memory(t)
	for _, p := range publishedClobberOutcomes {
		if a := q.Query(context.Background(), p.Position, query.Options{OutcomeOnly: true}); a.Error != "" || a.Outcome != p.Outcome || a.Value != "" {
			t.Errorf("%s: outcome %s (%s), published %s (%s)", p.Position, a.Outcome, a.Error, p.Outcome, p.Source)
		}
	}
	for _, c := range publishedCheckerboards {
		if testing.Short() && c.Stones > 16 {
			continue
		}
		if a := q.Query(context.Background(), c.Position, query.Options{OutcomeOnly: true}); a.Error != "" || a.Outcome != c.Outcome {
			t.Errorf("%s: outcome %s (%s), published %s (%s)", c.Position, a.Outcome, a.Error, c.Outcome, c.Source)
		}
	}
	a := q.Query(context.Background(), "xoxo|oxox|xoxo|oxo.", query.Options{OutcomeOnly: true, Moves: true})
	if a.Error != "" {
		t.Fatal(a.Error)
	}
	for _, m := range a.Moves {
		after := q.Query(context.Background(), m.Position, query.Options{OutcomeOnly: true})
		mover := m.Player
		wins := after.Outcome == mover || after.Outcome == "P"
		if m.Wins == nil || *m.Wins != wins {
			t.Errorf("%s: %s's move %s leads to %s, wins %v", a.Position, mover, m.Move, after.Outcome, m.Wins)
		}
	}
	if a := q.Query(context.Background(), "xq", query.Options{OutcomeOnly: true}); a.Error == "" {
		t.Error("a bad position is answered")
	}
}

// BenchmarkOutcomeSearch times the search on checkerboards, a fresh
// search each time.
func BenchmarkOutcomeSearch(b *testing.B) {
	for _, size := range [][2]int{{2, 8}, {3, 5}, {4, 4}, {3, 6}, {3, 7}, {2, 12}, {3, 8}} {
		pos := checkerboard(size[0], size[1])
		p, _ := Parse(pos)
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			for b.Loop() {
				s := newOutcomeSearch(DefaultKnownStones)
				s.Outcome(p)
			}
		})
	}
}
