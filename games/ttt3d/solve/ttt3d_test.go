package solve

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/games/ttt3d/internal/plain"
	"github.com/tablebase/tablebase/games/ttt3d/rules"
)

// TestLines checks the generated lines against a brute-force list: every
// set of n cells that are equally spaced along a step in {-1,0,1}^3.
func TestLines(t *testing.T) {
	for _, tc := range []struct{ n, lines int }{{3, 49}, {4, 76}} {
		n := tc.n
		want := map[uint64]bool{}
		for start := range n * n * n {
			for step := range 27 {
				d := [3]int{step/9 - 1, step/3%3 - 1, step%3 - 1}
				if d == [3]int{} {
					continue
				}
				z, y, x := start/(n*n), start/n%n, start%n
				var l uint64
				ok := true
				for i := range n {
					a, b, c := z+i*d[0], y+i*d[1], x+i*d[2]
					if a < 0 || a >= n || b < 0 || b >= n || c < 0 || c >= n {
						ok = false
						break
					}
					l |= 1 << ((a*n+b)*n + c)
				}
				if ok {
					want[l] = true
				}
			}
		}
		got := rules.MustGet(n).Lines
		if len(got) != tc.lines || len(want) != tc.lines {
			t.Fatalf("n=%d: %d lines generated, %d by brute force, want %d", n, len(got), len(want), tc.lines)
		}
		for _, l := range got {
			if !want[l] {
				t.Errorf("n=%d: line %x is not a line", n, l)
			}
		}
	}
}

// TestGroup checks the derived automorphism groups: 48 and 192 maps, each
// a bijection sending lines onto lines, closed under composition.
func TestGroup(t *testing.T) {
	for _, tc := range []struct{ n, order int }{{3, 48}, {4, 192}} {
		b := rules.MustGet(tc.n)
		if len(b.Group) != tc.order {
			t.Fatalf("n=%d: %d automorphisms, want %d", tc.n, len(b.Group), tc.order)
		}
		isLine := map[uint64]bool{}
		for _, l := range b.Lines {
			isLine[l] = true
		}
		perms := map[string]bool{}
		for _, m := range b.Group {
			if bits.OnesCount64(m.Apply(b.Full())) != b.Cells {
				t.Fatalf("n=%d: %v is not a bijection", tc.n, m.Perm)
			}
			for _, l := range b.Lines {
				if !isLine[m.Apply(l)] {
					t.Fatalf("n=%d: %v sends line %x off the lines", tc.n, m.Perm, l)
				}
			}
			perms[string(m.Perm)] = true
		}
		for _, f := range b.Group {
			for _, g := range b.Group {
				comp := make([]byte, b.Cells)
				for c := range comp {
					comp[c] = g.Perm[f.Perm[c]]
				}
				if !perms[string(comp)] {
					t.Fatalf("n=%d: the group is not closed", tc.n)
				}
			}
		}
	}
}

func TestParseErrors(t *testing.T) {
	dots := strings.Repeat(".", 27)
	for _, tc := range []struct{ in, want string }{
		{"", "27 cells"},
		{dots[:26], "not 26"},
		{"a" + dots[1:], "bad character"},
		{"xx" + dots[2:], "impossible counts"},
		{"o" + dots[1:], "impossible counts"},
		{"xxx" + "oo" + dots[5:], "already has a line"}, // o to move; x has a line: finished, fine
		{"xxx" + "ooo" + dots[6:], "both x and o"},
		{"xxx" + "o.o" + "o.." + dots[9:], "already has a line"},
	} {
		_, err := rules.Parse(tc.in)
		if tc.in == "xxx"+"oo"+dots[5:] {
			if err != nil {
				t.Errorf("%q: %v, want a finished position", tc.in, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want one containing %q", tc.in, err, tc.want)
		}
	}
	p, err := rules.Parse("xxx" + "oo" + dots[5:])
	if err != nil || !p.Finished() || NewSolver(p.B, 10).Solve(p) != (Outcome{Loss, 0}) {
		t.Errorf("finished position: %v %v", p, err)
	}
}

// TestSolverAgainstOracle compares results and plies, and every move's
// outcome, with plain minimax on random positions with and without
// blocked cells (a quarter of them with -short).
func TestSolverAgainstOracle(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct{ n, blocked, empty, count int }{
		{3, 0, 8, 200}, {3, 0, 9, 30}, {3, 3, 8, 150}, {3, 8, 10, 30}, {4, 0, 7, 60}, {4, 20, 8, 20},
	} {
		b := rules.MustGet(tc.n)
		s := NewSolver(b, 16)
		if testing.Short() {
			tc.count = max(tc.count/4, 1)
		}
		for range tc.count {
			p := plain.RandomPosition(r, b, tc.blocked, tc.empty)
			me, opp := p.Mover()
			want := oracle(b, me, opp, p.EmptyCells())
			if got := s.Solve(p); got != want {
				t.Fatalf("%s: solver %v, oracle %v", p, got, want)
			}
			moves := s.Moves(p, 2)
			if moves[0].Outcome != want {
				t.Fatalf("%s: best move %v, oracle %v", p, moves[0], want)
			}
			for _, m := range moves {
				c := uint64(1) << m.Cell
				var o Outcome
				if completes(b, me|c, m.Cell) {
					o = Outcome{Win, 1}
				} else {
					r := oracle(b, opp, me|c, p.EmptyCells()&^c)
					o = Outcome{-r.Result, r.Plies + 1}
				}
				if m.Outcome != o {
					t.Fatalf("%s: move %d %v, oracle %v", p, m.Cell, m.Outcome, o)
				}
			}
		}
	}
}

// TestSymmetricImages checks that every image of a position under the
// group has the same outcome.
func TestSymmetricImages(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{3, 4} {
		b := rules.MustGet(n)
		s := NewSolver(b, 18)
		for range 5 {
			p := plain.RandomPosition(r, b, r.IntN(6), map[int]int{3: 16, 4: 10}[n])
			want := s.Solve(p)
			for _, m := range b.Group {
				q := rules.Position{B: b, X: m.Apply(p.X), O: m.Apply(p.O), Blocked: m.Apply(p.Blocked)}
				if got := NewSolver(b, 12).Solve(q); got != want {
					t.Fatalf("%s: %v, image %s: %v", p, want, q, got)
				}
			}
		}
	}
}

// TestEmpty3x3x3 checks that x wins the empty board: in 7 plies, by the
// centre only.
func TestEmpty3x3x3(t *testing.T) {
	b := rules.MustGet(3)
	moves := NewSolver(b, 20).Moves(rules.Empty(b, 0), 2)
	if moves[0].Cell != 13 || moves[0].Outcome != (Outcome{Win, 7}) {
		t.Fatalf("best first move %+v, want the centre winning in 7", moves[0])
	}
	if !slices.ContainsFunc(moves[1:], func(m Move) bool { return m.Outcome.Result != Win }) {
		t.Fatalf("every move wins: %v", moves)
	}
}
