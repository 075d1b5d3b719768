package grid8

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/internal/region"
)

// randomRegion returns a region of 1 to 8 rows and columns with each cell
// empty with probability p.
func randomRegion(r *rand.Rand, p float64) region.Region {
	g := region.Region{H: uint8(1 + r.IntN(Side)), W: uint8(1 + r.IntN(Side))}
	for i := range int(g.H) * int(g.W) {
		if r.Float64() < p {
			g.Bits |= 1 << i
		}
	}
	return g
}

// TestOperations checks the word operations against the region package's
// cell-by-cell ones on whole 8x8 frames.
func TestOperations(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 10000 {
		b := r.Uint64() & r.Uint64()
		frame := Board(b)
		for _, c := range []struct {
			name      string
			got, want uint64
		}{
			{"transpose", Transpose(b), canon.Transpose(frame).Bits},
			{"mirror left-right", MirrorLR(b), canon.MirrorLR(frame).Bits},
			{"mirror top-bottom", MirrorTB(b), canon.MirrorTB(frame).Bits},
		} {
			if c.got != c.want {
				t.Fatalf("%s of %#x: %#x, want %#x", c.name, b, c.got, c.want)
			}
		}
		if got, want := Components(b, nil), frame.ComponentCells(nil); !slices.Equal(got, want) {
			t.Fatalf("components of %#x: %x, want %x", b, got, want)
		}
	}
}

// TestCanonical checks that a region's eight images share one key, that
// the symmetry returned carries the region to it, and that a key gives
// back the region's cropped image.
func TestCanonical(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		g := randomRegion(r, 0.3+0.6*r.Float64())
		if g.Bits == 0 {
			continue
		}
		b := FromRegion(g)
		if got := Region(b); got != g.Crop() {
			t.Fatalf("Region(FromRegion(%v)) = %v, want %v", g, got, g.Crop())
		}
		key, sym := Canonical(b)
		if got, want := Region(key), sym.Apply(g).Crop(); got != want {
			t.Fatalf("%v: key %v, but symmetry %d gives %v", g, got, sym, want)
		}
		for s := range canon.Symmetry(8) {
			if k, _ := Canonical(FromRegion(s.Apply(g))); k != key {
				t.Fatalf("%v: image %d has key %#x, the region %#x", g, s, k, key)
			}
		}
	}
}

// TestDistinctKeys checks that regions of different classes get different
// keys: the canon package's class keys and ours partition the same
// regions alike.
func TestDistinctKeys(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	ours := map[uint64]canon.Key{}
	for range 20000 {
		g := randomRegion(r, 0.5)
		g.H, g.W = min(g.H, 3), min(g.W, 4)
		g.Bits &= 1<<(int(g.H)*int(g.W)) - 1
		if g.Bits == 0 {
			continue
		}
		theirs, _ := canon.Canonical(g.Crop())
		key, _ := Canonical(FromRegion(g))
		if k, seen := ours[key]; seen && k != theirs {
			t.Fatalf("key %#x for classes %v and %v", key, k.Region(), theirs.Region())
		}
		ours[key] = theirs
	}
}
