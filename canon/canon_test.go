package canon

import (
	"math/rand/v2"
	"testing"

	"github.com/tablebase/tablebase/internal/region"
)

// cellMap is the naive definition of each symmetry on one cell.
func cellMap(s Symmetry, h, w, row, col int) (int, int, int, int) {
	if s&4 != 0 {
		row, col, h, w = col, row, w, h
	}
	if s&1 != 0 {
		col = w - 1 - col
	}
	if s&2 != 0 {
		row = h - 1 - row
	}
	return row, col, h, w
}

func randomRegion(rng *rand.Rand) region.Region {
	for {
		h, w := 1+rng.IntN(8), 1+rng.IntN(8)
		r := region.Region{H: uint8(h), W: uint8(w), Bits: rng.Uint64() & (1<<(h*w) - 1)}
		if comps := r.Components(nil); len(comps) > 0 {
			return comps[0]
		}
	}
}

func TestSymmetriesMoveCellsAsDefined(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	for range 500 {
		r := randomRegion(rng)
		for s := Symmetry(0); s < 8; s++ {
			img := s.Apply(r)
			for row := 0; row < int(r.H); row++ {
				for col := 0; col < int(r.W); col++ {
					nr, nc, h, w := cellMap(s, int(r.H), int(r.W), row, col)
					if int(img.H) != h || int(img.W) != w || img.Has(nr, nc) != r.Has(row, col) {
						t.Fatalf("symmetry %d of %s gives %s", s, r, img)
					}
				}
			}
		}
	}
}

func TestAllImagesShareAKey(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for range 2000 {
		r := randomRegion(rng)
		key, sym := Canonical(r)
		if sym.Apply(r) != key.Region() {
			t.Fatalf("%s: symmetry %d does not give key %s", r, sym, key.Region())
		}
		for s := Symmetry(0); s < 8; s++ {
			img := s.Apply(r)
			k, isym := Canonical(img)
			if k != key {
				t.Fatalf("image %d of %s has key %s, want %s", s, r, k.Region(), key.Region())
			}
			// The sign from the image to the key composes correctly.
			if isym.Apply(img) != key.Region() || (isym.Negates() != (sym.Negates() != s.Negates()) && !selfTransposed(key)) {
				t.Fatalf("image %d of %s: sign of the map to the key is wrong", s, r)
			}
		}
	}
}

// selfTransposed reports whether some row-column exchange fixes the key.
func selfTransposed(k Key) bool {
	for s := Symmetry(4); s < 8; s++ {
		if s.Apply(k.Region()) == k.Region() {
			return true
		}
	}
	return false
}

// TestCanonicalChoosesFirstLeast checks that Canonical returns the first
// symmetry, in the order 0 to 7, whose image has the least key among
// those of the least height, on random regions: the choice among equal
// images is fixed, and with it every answer built on the symmetry.
func TestCanonicalChoosesFirstLeast(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for range 5000 {
		r := randomRegion(rng)
		var best Key
		var bestSym Symmetry
		for s := Symmetry(0); s < 8; s++ {
			if k := Key(s.Apply(r)); s == 0 || k.Less(best) {
				best, bestSym = k, s
			}
		}
		if k, s := Canonical(r); k != best || s != bestSym {
			t.Fatalf("%s: key %s by %d, want %s by %d", r, k.Region(), s, best.Region(), bestSym)
		}
	}
}
