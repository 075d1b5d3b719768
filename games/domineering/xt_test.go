package domineering

import (
	"slices"
	"testing"

	"github.com/tablebase/tablebase/games/internal/placement"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/cgt/oracle"
	"github.com/tablebase/tablebase/internal/region"
)

// TestXTStrips checks the 1 x n strips for n = 0..16 against the board
// oracle (n <= 12, 10 with -short) and their period 8. Kao, Wu and Shan, "XT Domineering:
// A new combinatorial game" (2011), print the sequence as
// "0, *, v, ^, *, 0, ^, *, v, *"; the rules agree with it up to n = 5 and
// give v*, ^*, 0, * for n = 6..9 (docs/results.md).
func TestXTStrips(t *testing.T) {
	u := cgt.NewUniverse(18)
	s := placement.NewSolver(u, XT)
	o := oracle.New()
	strip := func(n int) cgt.ID {
		if n == 0 {
			return cgt.Zero
		}
		return s.Value(region.Full(1, n))
	}
	want := []string{"0", "*", "v", "^", "*", "0", "v*", "^*"}
	oracleMost := 12
	if testing.Short() {
		oracleMost = 10
	}
	for n := 0; n <= 16; n++ {
		if got := u.String(strip(n)); got != want[n%8] {
			t.Errorf("1x%d XT Domineering = %s, want %s", n, got, want[n%8])
		}
		if n >= 1 && n <= oracleMost {
			b := &boardOracle{o: o, xt: true, h: 1, w: n, memo: map[string]*oracle.Game{}}
			cells := make([]bool, n)
			for i := range cells {
				cells[i] = true
			}
			if got, _ := u.Explicit(strip(n), 1<<20); got != o.String(b.game(cells)) {
				t.Errorf("1x%d: %s, oracle %s", n, got, o.String(b.game(cells)))
			}
		}
	}
	for i, w := range []string{"0", "*", "v", "^", "*", "0"} {
		if u.String(strip(i)) != w {
			t.Errorf("1x%d disagrees with Kao, Wu and Shan", i)
		}
	}
}

// seedTable1 builds the values of Kao, Wu and Shan's Table 1 from the paper's own
// definitions (20)-(27) of its elementary games, by number of cells.
func seedTable1(u *cgt.Universe) map[int][]cgt.ID {
	star, up := u.Nim(1), u.Up()
	opts := func(l, r []cgt.ID) cgt.ID { return u.FromOptions(l, r) }
	upStar := u.Add(up, star)
	upUp, upUpStar, up3Star := u.Multiple(up, 2), u.Sum(up, up, star), u.Sum(up, up, up, star)
	down := u.Neg
	upPlus := opts([]cgt.ID{up}, []cgt.ID{star})                                    // (22)
	halfUp := opts([]cgt.ID{upUpStar}, []cgt.ID{down(upStar)})                      // (23)
	blackStar := opts([]cgt.ID{cgt.Zero, upStar}, []cgt.ID{down(upStar), cgt.Zero}) // (24)
	halfStar := opts([]cgt.ID{upUp}, []cgt.ID{down(upUpStar)})                      // (25)
	halfStarPlus := opts([]cgt.ID{upUp, upUpStar}, []cgt.ID{down(upUpStar)})        // (26)
	diamond := opts([]cgt.ID{up3Star}, []cgt.ID{down(up3Star)})                     // (27)
	return map[int][]cgt.ID{
		1: {star},
		2: {up},
		3: {cgt.Zero, down(up)},
		4: {star, star, upUpStar, star},
		5: {blackStar, star, upUp, blackStar, upUp, up, cgt.Zero},
		6: {halfStar, halfStar, upUpStar, upPlus, halfUp, u.Add(blackStar, star), cgt.Zero, cgt.Zero},
		7: {star, upStar, up, upStar, star, cgt.Zero, u.Add(star, halfStarPlus)},
		8: {star, diamond, cgt.Zero},
		9: {cgt.Zero},
	}
}

// TestXTTable1 compares every connected region that fits in 3x3, up to
// symmetry, with Kao, Wu and Shan's Table 1. The paper's pictures are lost in our
// copy, so the comparison is by number of cells, of values up to sign (the
// paper counts a position and its rotation, which negates, once).
func TestXTTable1(t *testing.T) {
	u := cgt.NewUniverse(18)
	s := placement.NewSolver(u, XT)
	classes := map[canon.Key]bool{}
	for b := uint64(1); b < 1<<9; b++ {
		if r := (region.Region{H: 3, W: 3, Bits: b}); r.Connected() {
			k, _ := canon.Canonical(r.Crop())
			classes[k] = true
		}
	}
	// Kao, Wu and Shan count 34 classes; the rules give 35 (docs/results.md).
	if len(classes) != 35 {
		t.Fatalf("%d classes of connected regions in 3x3, want 35", len(classes))
	}
	upToSign := func(g cgt.ID) cgt.ID { return min(g, u.Neg(g)) }
	ours := map[int][]cgt.ID{}
	for k := range classes {
		r := k.Region()
		ours[r.Cells()] = append(ours[r.Cells()], upToSign(s.Value(r)))
	}
	seed := seedTable1(u)
	// The one class the paper misses: a fifth 5-cell region of value ^^.
	seed[5] = append(seed[5], u.Multiple(u.Up(), 2))
	for n := 1; n <= 9; n++ {
		var want []cgt.ID
		for _, g := range seed[n] {
			want = append(want, upToSign(g))
		}
		slices.Sort(want)
		slices.Sort(ours[n])
		if !slices.Equal(ours[n], want) {
			t.Errorf("%d cells: values %s, Kao, Wu and Shan %s", n, names(u, ours[n]), names(u, want))
		}
	}
}

func names(u *cgt.Universe, gs []cgt.ID) []string {
	var out []string
	for _, g := range gs {
		out = append(out, u.String(g))
	}
	return out
}
