package cgt

import (
	"math/rand/v2"
	"sync"
	"testing"
)

// TestSharedUniverse has four goroutines build the same random games and
// their sums at once in one universe, each in its own order: every game
// must get one ID whichever goroutine made it first, and read as it does
// in a universe used by one goroutine.
func TestSharedUniverse(t *testing.T) {
	type recipe struct{ left, right []int } // indices of earlier games
	rng := rand.New(rand.NewPCG(21, 22))
	recipes := make([]recipe, 300)
	for i := 1; i < len(recipes); i++ {
		for range rng.IntN(4) {
			recipes[i].left = append(recipes[i].left, rng.IntN(i))
		}
		for range rng.IntN(4) {
			recipes[i].right = append(recipes[i].right, rng.IntN(i))
		}
	}
	pairs := make([][2]int, 400)
	for i := range pairs {
		pairs[i] = [2]int{rng.IntN(len(recipes)), rng.IntN(len(recipes))}
	}
	build := func(u *Universe, order []int) (games, sums []ID) {
		games = make([]ID, len(recipes))
		pick := func(idx []int) []ID {
			out := make([]ID, len(idx))
			for i, j := range idx {
				out[i] = games[j]
			}
			return out
		}
		for i := range recipes {
			games[i] = u.FromOptions(pick(recipes[i].left), pick(recipes[i].right))
		}
		sums = make([]ID, len(pairs))
		for _, i := range order {
			sums[i] = u.Add(games[pairs[i][0]], games[pairs[i][1]])
		}
		return games, sums
	}
	alone := NewUniverse(14)
	wantGames, wantSums := build(alone, rng.Perm(len(pairs)))

	shared := NewUniverse(14)
	results := make([][2][]ID, 4)
	var wg sync.WaitGroup
	for w := range results {
		order := rand.New(rand.NewPCG(uint64(w), 5)).Perm(len(pairs))
		wg.Add(1)
		go func() {
			defer wg.Done()
			g, s := build(shared, order)
			results[w] = [2][]ID{g, s}
		}()
	}
	wg.Wait()
	for w, r := range results {
		for i, g := range r[0] {
			if g != results[0][0][i] || shared.String(g) != alone.String(wantGames[i]) {
				t.Fatalf("worker %d, game %d: %s (ID %d), want %s (ID %d in worker 0)", w, i, shared.String(g), g, alone.String(wantGames[i]), results[0][0][i])
			}
		}
		for i, s := range r[1] {
			if s != results[0][1][i] || shared.String(s) != alone.String(wantSums[i]) {
				t.Fatalf("worker %d, sum %d: %s, want %s", w, i, shared.String(s), alone.String(wantSums[i]))
			}
		}
	}
}
