package cgt

import (
	"math/rand/v2"
	"testing"

	"github.com/tablebase/tablebase/cgt/oracle"
)

// TestMeanIsAdditive checks mean(G+H) = mean(G) + mean(H) and the stop
// inequalities R(G)+R(H) <= R(G+H) <= L(G+H) <= L(G)+L(H), and that a
// sum is no hotter than its hotter part, on random games.
func TestMeanIsAdditive(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	u, o := NewUniverse(16), oracle.New()
	ids, _ := randomPool(rng, u, o, 120)
	for range 400 {
		g, h := ids[rng.IntN(len(ids))], ids[rng.IntN(len(ids))]
		s := u.Add(g, h)
		if got, want := u.Mean(s), u.Mean(g).Add(u.Mean(h)); got != want {
			t.Fatalf("mean(%s + %s) = %v, want %v", u.String(g), u.String(h), got, want)
		}
		gl, gr := u.Stops(g)
		hl, hr := u.Stops(h)
		sl, sr := u.Stops(s)
		if gr.Add(hr).Cmp(sr) > 0 || sr.Cmp(sl) > 0 || sl.Cmp(gl.Add(hl)) > 0 {
			t.Fatalf("stops of %s + %s out of order", u.String(g), u.String(h))
		}
		// The temperature of a sum is at most the larger of the two.
		if ts := u.Temperature(s); ts.Cmp(u.Temperature(g)) > 0 && ts.Cmp(u.Temperature(h)) > 0 {
			t.Fatalf("temperature of %s + %s is %v, above both", u.String(g), u.String(h), ts)
		}
	}
}

// randomAllSmall builds random games whose options are all-small and
// non-empty on both sides (or both empty).
func randomAllSmall(rng *rand.Rand, u *Universe, n int) []ID {
	pool := []ID{Zero}
	for len(pool) < n {
		var l, r []ID
		for range 1 + rng.IntN(3) {
			l = append(l, pool[rng.IntN(len(pool))])
		}
		for range 1 + rng.IntN(3) {
			r = append(r, pool[rng.IntN(len(pool))])
		}
		pool = append(pool, u.FromOptions(l, r))
	}
	return pool
}

func TestAtomicWeightIsAdditiveOnAllSmallGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	u := NewUniverse(16)
	pool := randomAllSmall(rng, u, 150)
	for range 300 {
		g, h := pool[rng.IntN(len(pool))], pool[rng.IntN(len(pool))]
		if !u.IsAllSmall(g) || !u.IsAllSmall(h) {
			t.Fatalf("%s or %s is not all-small", u.String(g), u.String(h))
		}
		ag, err1 := u.AtomicWeight(g)
		ah, err2 := u.AtomicWeight(h)
		as, err3 := u.AtomicWeight(u.Add(g, h))
		if err1 != nil || err2 != nil || err3 != nil {
			t.Fatalf("all-small games must be atomic: %v %v %v", err1, err2, err3)
		}
		if u.Add(ag, ah) != as {
			t.Fatalf("aw(%s)=%s, aw(%s)=%s, aw(sum)=%s", u.String(g), u.String(ag), u.String(h), u.String(ah), u.String(as))
		}
		// Atomic weight >= 2 means Left wins (the two-ahead rule).
		if x, ok := u.IsNumber(as); ok && x.Cmp(Int(2)) >= 0 && u.Outcome(u.Add(g, h)) != LeftWins {
			t.Fatalf("%s has atomic weight %v but Left does not win", u.String(u.Add(g, h)), x)
		}
	}
}
