package heap

import (
	"math/rand/v2"
	"testing"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/internal/bits128"
	"github.com/tablebase/tablebase/internal/region"
)

// cramMoves is Cram's rules for these tests, without its reduction:
// every domino, the same for both players.
type cramMoves struct{}

func (cramMoves) Name() string { return "cram-test" }
func (cramMoves) Moves(c region.Region, _ bool, dst []uint64) []uint64 {
	return append(dst, allDominoes(c)...)
}
func (cramMoves) Placements(r region.Region, _ bool, dst []uint64) []uint64 {
	return append(dst, allDominoes(r)...)
}
func (cramMoves) Negates(canon.Symmetry) bool { return false }
func (cramMoves) MinCover() int               { return 2 }
func (cramMoves) Impartial() bool             { return true }

// mexNim is the plain mex oracle of Cram: the least nim-value no
// domino of r leaves, r whole (not split into parts).
func mexNim(r region.Region, memo map[region.Region]int) int {
	if n, ok := memo[r]; ok {
		return n
	}
	var seen nimSet
	for _, d := range allDominoes(r) {
		seen = seen.with(mexNim(r.With(r.Bits&^d), memo))
	}
	n := 0
	for seen.has(n) {
		n++
	}
	memo[r] = n
	return n
}

// oracleCells returns the most cells of a component the tests ask mexNim
// about: 25, or 20 with -short, past which the oracle's cost explodes.
func oracleCells() int {
	if testing.Short() {
		return 20
	}
	return 25
}

// randomSet returns a random set of nim-values below 8 (the values of
// these regions), often one of them alone, now and then one with a value
// above them, or none.
func randomSet(rng *rand.Rand) nimSet {
	s := nimSet{bits128.Of(rng.Uint64() & 0xff & rng.Uint64())}
	switch rng.IntN(8) {
	case 2, 3, 4:
		s = single(rng.IntN(4))
	case 0:
		s = s.with(64 + rng.IntN(64))
	case 1:
		s = nimSet{}
	}
	return s
}

// TestInSet: the pruned search, asked whether the nim-value of a random
// region is in a random set, answers as the plain mex oracle says: the
// value when it is in the set, and when it answers a value, the right
// one; and its nim-value by aspiration sets is the oracle's. Its regions
// are the components of random regions of up to 5x5 (half of them their
// own image under the half-turn), parts of up to 2 and 5 cells valued by
// the mex. Each is asked of a new search, with nothing found, and of one
// search that has answered every question before, so that it meets what
// earlier ones found. -short leaves out the components of more than 20
// cells, where the oracle's cost explodes.
func TestInSet(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 77))
	memo := map[region.Region]int{}
	most := oracleCells()
	for _, small := range []int{2, 5} {
		shared := NewHeapSearch(cramMoves{}, small, nil, 1<<16)
		shared.AspireFrom = 0
		answered, in := 0, 0
		for range 150 {
			r := randomRegion(rng, 2, 4)
			for _, c := range r.Components(nil) {
				if c.Cells() <= small || c.Cells() > most {
					continue
				}
				n, key := mexNim(c, memo), canonKey(c)
				for _, h := range []*HeapSearch{NewHeapSearch(cramMoves{}, small, nil, 1), shared} {
					want := randomSet(rng)
					got, ok := h.inSet(c, key, want)
					switch {
					case ok && got != n:
						t.Fatalf("small %d: %v in %v: answered %d, mex %d", small, c, want, got, n)
					case !ok && want.has(n):
						t.Fatalf("small %d: %v in %v: not, mex %d", small, c, want, n)
					case ok:
						answered++
					}
					if want.has(n) {
						in++
					}
				}
				if got := shared.Nimber(c); got != n {
					t.Fatalf("small %d: %v: pruned nim-value %d, mex %d", small, c, got, n)
				}
			}
		}
		if answered == 0 || in == 0 {
			t.Errorf("small %d: %d answered, %d in their sets: nothing tried", small, answered, in)
		}
	}
}

// canonKey returns the canonical key of c.
func canonKey(c region.Region) canon.Key {
	k, _ := canon.Canonical(c)
	return k
}

// TestNimSet: the set operations agree with a set of ints, on random
// sets of nim-values below 128.
func TestNimSet(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for range 2000 {
		var s nimSet
		model := map[int]bool{}
		for range rng.IntN(6) {
			n := rng.IntN(128)
			s, model[n] = s.with(n), true
		}
		largest := -1
		for n := range model {
			largest = max(largest, n)
		}
		x, k := rng.IntN(128), rng.IntN(129)
		for n := range 128 {
			if s.has(n) != model[n] {
				t.Fatalf("%v: has %d", model, n)
			}
			if s.xor(x).has(n) != model[n^x] {
				t.Fatalf("%v xor %d: has %d", model, x, n)
			}
			if s.withoutLargest().has(n) != (model[n] && n != largest) {
				t.Fatalf("%v without largest: has %d", model, n)
			}
			if s.through().has(n) != (n <= largest) {
				t.Fatalf("%v through: has %d", model, n)
			}
			if lowest(k).has(n) != (n < k) {
				t.Fatalf("lowest %d: has %d", k, n)
			}
			if s.and(lowest(k)).has(n) != (model[n] && n < k) {
				t.Fatalf("%v and lowest %d: has %d", model, k, n)
			}
			want := model[n] && n != x
			if !model[x] {
				want = model[n] && n != largest
			}
			if s.drop(x, s.withoutLargest()).has(n) != want {
				t.Fatalf("%v drop %d: has %d", model, x, n)
			}
		}
		if s.largest() != largest || s.empty() != (largest < 0) {
			t.Fatalf("%v: largest %d, empty %v", model, s.largest(), s.empty())
		}
		if largest >= 0 {
			least := largest
			for n := range model {
				least = min(least, n)
			}
			if s.least() != least {
				t.Fatalf("%v: least %d", model, s.least())
			}
		}
	}
}

// randomRegion returns a random region of least to least+sides-1 rows
// and columns, half of them their own image under the half-turn.
func randomRegion(rng *rand.Rand, least, sides int) region.Region {
	hgt, w := least+rng.IntN(sides), least+rng.IntN(sides)
	r := region.Region{H: uint8(hgt), W: uint8(w), Bits: rng.Uint64() & (1<<(hgt*w) - 1)}
	if rng.IntN(2) == 0 {
		r = r.With(r.Bits | halfTurn(r, r.Bits))
	}
	return r
}
