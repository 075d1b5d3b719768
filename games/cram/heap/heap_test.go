package heap

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tablebase/tablebase/internal/region"
)

// TestOffCentre: a domino across the centre of its box is 0 off it, one
// beside the centre 1 (half cells, squared), and no move of a box of 64
// cells is as far as 2^16, the room the option's cost leaves it.
func TestOffCentre(t *testing.T) {
	sq := region.Full(4, 4)
	if got := offCentre(sq, 1<<5|1<<9); got != 1 { // (1,1)-(2,1): half a cell left of the centre, on its row
		t.Errorf("vertical domino beside the centre of 4x4: %d, want 1", got)
	}
	odd := region.Full(3, 3)
	if got := offCentre(odd, 1<<4|1<<5); got != 1 {
		t.Errorf("domino from the centre of 3x3: %d, want 1", got)
	}
	if got := offCentre(region.Full(3, 4), 1<<5|1<<6); got != 0 {
		t.Errorf("domino across the centre of 3x4: %d, want 0", got)
	}
	for _, box := range []region.Region{region.Full(1, 64), region.Full(64, 1), region.Full(8, 8), region.Full(2, 32)} {
		for _, d := range bothMoves(box) {
			if got := offCentre(box, d); got >= 1<<16 {
				t.Errorf("%dx%d: move %x is %d off the centre", box.H, box.W, d, got)
			}
		}
	}
}

// bothMoves returns the dominoes of c either way.
func bothMoves(c region.Region) []uint64 {
	return (dominoes{}).Moves(c, false, (dominoes{}).Moves(c, true, nil))
}

// TestSidesCrop: a part cut down by its region's sides is the part
// cropped, whether it spans the frame (no crop) or not, on random parts
// of frames of every shape from 1x1 to 8x8 and 1x64 and 64x1.
func TestSidesCrop(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	frames := []region.Region{region.Full(1, 64), region.Full(64, 1)}
	for h := 1; h <= 8; h++ {
		for w := 1; w <= 8; w++ {
			frames = append(frames, region.Full(h, w))
		}
	}
	spanned := 0
	for _, f := range frames {
		box := sidesOf(f)
		for range 200 {
			cells := f.Bits & rng.Uint64()
			if rng.IntN(2) == 0 {
				cells |= f.Bits &^ rng.Uint64() >> rng.IntN(8) // denser
			}
			if cells == 0 {
				continue
			}
			got, want := box.crop(f, cells), f.With(cells).Crop()
			if got != want {
				t.Fatalf("%dx%d, cells %x: %+v, want %+v", f.H, f.W, cells, got, want)
			}
			if got.H == f.H && got.W == f.W {
				spanned++
			}
		}
	}
	if spanned == 0 {
		t.Error("no part spanned its frame: the short cut was not tried")
	}
}

// TestByCost: options come out sorted by cost, those of one cost in the
// order they came, as a stable sort leaves them, for random costs with
// many ties, from none to maxMoves options.
func TestByCost(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	var scratch [maxMoves]option
	for _, n := range []int{0, 1, 2, 7, 60, maxMoves} {
		for range 20 {
			opts := make([]option, n)
			for i := range opts {
				opts[i] = option{move: uint64(i), cost: rng.IntN(5)<<16 + rng.IntN(3)}
			}
			want := slices.Clone(opts)
			slices.SortStableFunc(want, func(a, b option) int { return cmp.Compare(a.cost, b.cost) })
			byCost(opts, &scratch)
			if !slices.Equal(opts, want) {
				t.Fatalf("%d options: %v, want %v", n, opts, want)
			}
		}
	}
}
