package cgt

import (
	"math/rand/v2"
	"testing"

	"github.com/tablebase/tablebase/cgt/oracle"
)

func explicit(t *testing.T, u *Universe, g ID) string {
	t.Helper()
	s, err := u.Explicit(g, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// randomPool builds n random games with both implementations side by side.
func randomPool(rng *rand.Rand, u *Universe, o *oracle.Oracle, n int) ([]ID, []*oracle.Game) {
	ids := []ID{Zero}
	trees := []*oracle.Game{oracle.Zero}
	for len(ids) < n {
		var l, r []ID
		tree := &oracle.Game{}
		for range rng.IntN(4) {
			i := rng.IntN(len(ids))
			l = append(l, ids[i])
			tree.L = append(tree.L, trees[i])
		}
		for range rng.IntN(4) {
			i := rng.IntN(len(ids))
			r = append(r, ids[i])
			tree.R = append(tree.R, trees[i])
		}
		ids = append(ids, u.FromOptions(l, r))
		trees = append(trees, o.Canonical(tree))
	}
	return ids, trees
}

func TestCanonicalFormsMatchOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	u, o := NewUniverse(16), oracle.New()
	ids, trees := randomPool(rng, u, o, 400)
	for i := range ids {
		if got, want := explicit(t, u, ids[i]), o.String(trees[i]); got != want {
			t.Fatalf("game %d: canonical form %s, oracle %s", i, got, want)
		}
	}
}

func TestSumsAndComparisonsMatchOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	u, o := NewUniverse(16), oracle.New()
	ids, trees := randomPool(rng, u, o, 60)
	for range 300 {
		i, j := rng.IntN(len(ids)), rng.IntN(len(ids))
		sum := u.Add(ids[i], ids[j])
		want := o.Canonical(oracle.Add(trees[i], trees[j]))
		if got := explicit(t, u, sum); got != o.String(want) {
			t.Fatalf("%s + %s = %s, oracle %s", u.String(ids[i]), u.String(ids[j]), got, o.String(want))
		}
		if got, want := u.Le(ids[i], ids[j]), o.Le(trees[i], trees[j]); got != want {
			t.Fatalf("%s <= %s: %v, oracle %v", u.String(ids[i]), u.String(ids[j]), got, want)
		}
		diff := u.Sub(ids[i], ids[j])
		wantDiff := o.Canonical(oracle.Add(trees[i], oracle.Neg(trees[j])))
		if got := explicit(t, u, diff); got != o.String(wantDiff) {
			t.Fatalf("%s - %s = %s, oracle %s", u.String(ids[i]), u.String(ids[j]), got, o.String(wantDiff))
		}
		if explicit(t, u, u.Add(diff, ids[j])) != explicit(t, u, ids[i]) {
			t.Fatalf("(g-h)+h != g for %s, %s", u.String(ids[i]), u.String(ids[j]))
		}
	}
}

// TestTranslationIsCanonical checks the shortcut Add takes for a number
// plus a non-number against the full canonicalisation.
func TestTranslationIsCanonical(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	u, o := NewUniverse(16), oracle.New()
	ids, _ := randomPool(rng, u, o, 200)
	for _, g := range ids {
		for _, x := range []Dyadic{Int(1), Int(-2), NewDyadic(1, 1), NewDyadic(-3, 2)} {
			n := u.Number(x)
			sum := u.Add(g, n)
			var l, r []ID
			for _, o := range u.Left(g) {
				l = append(l, u.Add(o, n))
			}
			for _, o := range u.Right(g) {
				r = append(r, u.Add(o, n))
			}
			if _, isNum := u.IsNumber(g); !isNum && u.FromOptions(l, r) != sum {
				t.Fatalf("%s + %s: translation %s, canonical %s", u.String(g), x, u.String(sum), u.String(u.FromOptions(l, r)))
			}
		}
	}
}

func TestOutcome(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	u, o := NewUniverse(16), oracle.New()
	ids, trees := randomPool(rng, u, o, 200)
	for i, g := range ids {
		ge, le := o.Le(oracle.Zero, trees[i]), o.Le(trees[i], oracle.Zero)
		want := map[[2]bool]Outcome{{true, true}: SecondWins, {true, false}: LeftWins, {false, true}: RightWins, {false, false}: FirstWins}[[2]bool{ge, le}]
		if got := u.Outcome(g); got != want {
			t.Fatalf("outcome of %s: %v, want %v", u.String(g), got, want)
		}
	}
}
