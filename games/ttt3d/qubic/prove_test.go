package qubic

import (
	"math/rand/v2"
	"testing"

	"github.com/tablebase/tablebase/games/ttt3d/internal/plain"
	"github.com/tablebase/tablebase/games/ttt3d/rules"
)

// TestProverStrategies checks every win the prover finds on random 4x4x4
// positions early in the game, too far from the end for the exact
// solver, against every defence: there o's replies are cut to those that
// can stop a threat chain, and each cut reply must still be covered (12
// positions searched to 50,000 nodes; 4 to 20,000 with -short).
func TestProverStrategies(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(13, 14))
	b := rules.MustGet(4)
	proved := 0
	positions, budget := 12, int64(50_000)
	if testing.Short() {
		positions, budget = 4, 20_000
	}
	for range positions {
		p := plain.RandomPosition(r, b, 0, 64-10)
		pv := NewProver(b)
		win, settled, strategy := pv.Prove(p, budget)
		if !settled || !win {
			continue
		}
		proved++
		if _, err := strategy.Verify(p); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
	}
	if proved == 0 {
		t.Fatal("no win proved among the samples")
	}
	t.Logf("%d wins proved and verified", proved)
}

// TestProverTranspositions proves random 4x4x4 positions early in the
// game, where many positions are reached by several orders of moves, and
// checks that the search links transpositions and that every strategy
// built through the links holds against every defence (12 positions, 3
// with -short, the third linking transpositions).
func TestProverTranspositions(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(21, 22))
	b := rules.MustGet(4)
	proved, linked := 0, 0
	positions := 12
	if testing.Short() {
		positions = 3
	}
	for range positions {
		p := plain.RandomPosition(r, b, 0, 64-8)
		pv := NewProver(b)
		win, _, strategy := pv.Prove(p, 100000)
		if !win {
			continue
		}
		proved++
		if pv.links > 0 {
			linked++
		}
		if _, err := strategy.Verify(p); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
	}
	if linked == 0 {
		t.Fatalf("%d wins proved, no transposition linked in their searches", proved)
	}
	t.Logf("%d wins proved and verified, %d of their searches linked transpositions", proved, linked)
}

// TestProveParallel proves random 4x4x4 positions early in the game on two
// workers, with x to move and with o to move, and checks each strategy
// against every defence and its plies against Verify's (16 positions of
// 200,000 nodes at most; with -short 4 positions of 120,000, one of them
// still stopped by the budget after its split).
func TestProveParallel(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(15, 16))
	b := rules.MustGet(4)
	proved, split := 0, 0
	positions, budget := 16, int64(200_000)
	if testing.Short() {
		positions, budget = 4, 120_000
	}
	for i := range positions {
		p := plain.RandomPosition(r, b, 0, 64-9-i%2)
		parts := 0
		proof, err := ProveParallel(p, budget, ParallelOptions{Workers: 2, Progress: func(s Split) { parts = s.Parts }})
		if err != nil {
			t.Fatal(err)
		}
		if parts > 0 {
			split++
		}
		if proof.Nodes <= 0 {
			t.Fatalf("%s: %d nodes", p, proof.Nodes)
		}
		if !proof.Win {
			if proof.Settled {
				// A refutation is settled by the first search alone:
				// check it against the sequential prover.
				if w, ok, _ := NewProver(b).Prove(p, 1<<20); !ok || w {
					t.Fatalf("%s: refuted in parallel, sequential %v (settled %v)", p, w, ok)
				}
			}
			continue
		}
		proved++
		plies, err := proof.Strategy.Verify(p)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if proof.Plies != plies {
			t.Fatalf("%s: proof of %d plies, Verify says %d", p, proof.Plies, plies)
		}
	}
	if proved == 0 || split == 0 {
		t.Fatalf("%d wins proved, %d searches split: want some of each", proved, split)
	}
	t.Logf("%d wins proved and verified, %d searches split", proved, split)
}

// TestNumbersStayBelowInfinity: a node whose children's numbers add up
// past infinity is not settled by the sum, and the search does not stop
// at a settled child of an unsettled node: an o-to-move node with a
// proved child and one whose disproof number is a large sum must keep
// its disproof number below infinity, so that the descent picks the
// unsettled child.
func TestNumbersStayBelowInfinity(t *testing.T) {
	pv := NewProver(rules.MustGet(4))
	big := uint32(infinity - 5)
	// x to move (no stones): two open children with large disproof numbers.
	xNode := pnNode{more: &pnMore{children: []pnNode{{o: 0, pn: 3, dn: big}, {pn: 4, dn: big}}}}
	pv.update(&xNode)
	if xNode.pn != 3 || xNode.dn != infinity-1 {
		t.Errorf("x to move: numbers %d, %d; want 3, %d", xNode.pn, xNode.dn, infinity-1)
	}
	// o to move (one stone of x): a proved child and an open one whose
	// disproof number is the large sum above.
	oNode := pnNode{x: 1, more: &pnMore{children: []pnNode{
		{x: 1, o: 2, pn: 0, dn: infinity},
		{x: 1, o: 4, pn: 7, dn: xNode.dn},
	}}}
	pv.update(&oNode)
	if oNode.pn != 7 || oNode.dn != infinity-1 {
		t.Errorf("o to move: numbers %d, %d; want 7, %d", oNode.pn, oNode.dn, infinity-1)
	}
	// Sums past infinity from many open children stay below it too.
	many := pnNode{x: 1, more: &pnMore{children: []pnNode{{x: 1, o: 2, pn: big, dn: 1}, {x: 1, o: 4, pn: big, dn: 2}}}}
	pv.update(&many)
	if many.pn != infinity-1 || many.dn != 1 {
		t.Errorf("o to move, large proof numbers: %d, %d; want %d, 1", many.pn, many.dn, infinity-1)
	}
	// A refuted child makes its o-to-move parent refuted: infinity stays.
	refuted := pnNode{x: 1, more: &pnMore{children: []pnNode{{x: 1, o: 2, pn: infinity, dn: 0}, {x: 1, o: 4, pn: 5, dn: 5}}}}
	pv.update(&refuted)
	if refuted.pn != infinity || refuted.dn != 0 {
		t.Errorf("o to move, a refuted child: %d, %d; want %d, 0", refuted.pn, refuted.dn, infinity)
	}
}

// TestProverTriesOpenMovesFirst checks the order of x's moves at an
// expanded node: by the lines through each cell free of o's stones, most
// first, on the full board and on a restricted one.
func TestProverTriesOpenMovesFirst(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	full := rules.MustGet(4)
	for _, b := range []*rules.Board{full, full.Restrict(1<<18 | 1<<43)} {
		for range 20 {
			p := plain.RandomPosition(r, b, 0, 40)
			if !p.XToMove() || b.Threats(p.O, b.Full()&^(p.X|p.O)) != 0 {
				continue
			}
			pv := NewProver(b)
			n := pv.newNode(p.X, p.O, -1)
			pv.expand(&n)
			open := func(c int8) int {
				k := 0
				for _, l := range b.Through[c] {
					if l&p.O == 0 {
						k++
					}
				}
				return k
			}
			kids := n.kids()
			for i := 1; i < len(kids); i++ {
				if open(kids[i].move) > open(kids[i-1].move) {
					t.Fatalf("%s: move %d (%d open lines) after move %d (%d)", p, kids[i].move,
						open(kids[i].move), kids[i-1].move, open(kids[i-1].move))
				}
			}
		}
	}
}

// TestSplitLine checks the progress line of the strategy builds.
func TestSplitLine(t *testing.T) {
	for _, tc := range []struct {
		s    Split
		want string
	}{
		{Split{Nodes: 5, Done: 1, Parts: 3, Move: 0}, "5 proof-tree nodes, x plays 1a1, 1 of 3 replies proved"},
		{Split{Nodes: 7, Done: 2, Parts: 2, Move: 63}, "7 proof-tree nodes, x plays 4d4, 2 of 2 replies proved"},
		{Split{Nodes: 9, Done: 0, Parts: 4, Move: -1}, "9 proof-tree nodes, 0 of 4 replies proved"},
	} {
		if got := tc.s.Line(4); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.s, got, tc.want)
		}
	}
}

// TestProverSizeRestarts: the tree's size that CollapseAbove bounds
// counts the children a search makes, and a second search of the same
// prover starts it again from nothing.
func TestProverSizeRestarts(t *testing.T) {
	b := rules.MustGet(4)
	pv := NewProver(b)
	pv.search(rules.Position{B: b, X: 1, O: 1 << 21}, 20_000)
	if pv.live <= 0 || pv.live > pv.Nodes {
		t.Fatalf("after a search of %d nodes the tree holds %d", pv.Nodes, pv.live)
	}
	// x to move completes 1a1-1d1 at once: settled where the root is made.
	won := rules.Position{B: b, X: 1 | 1<<1 | 1<<2, O: 1<<16 | 1<<17 | 1<<18}
	if root := pv.search(won, 20_000); root.pn != 0 || pv.live != 0 {
		t.Fatalf("%s: proof number %d, tree of %d nodes; want 0 and 0", won, root.pn, pv.live)
	}
}
