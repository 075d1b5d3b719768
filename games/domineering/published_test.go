package domineering

import (
	"testing"

	"github.com/tablebase/tablebase/games/internal/placement"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/internal/region"
)

// TestPublishedDomineeringValues reproduces values of empty boards given by
// CGSuite and the literature. "m x n" is m rows and n columns.
func TestPublishedDomineeringValues(t *testing.T) {
	cases := []struct {
		h, w int
		want string
	}{
		{1, 1, "0"}, {2, 1, "1"}, {1, 2, "-1"},
		{2, 2, "+-1"},
		{2, 3, "{2|-1/2}"},
		{3, 3, "+-1"},
		{4, 4, "+-(0,{{2|0},2Tiny(2)|{2|0},Miny(2)})"},
		{4, 5, "1"},
		{5, 5, "0"},
	}
	u := cgt.NewUniverse(20)
	s := placement.NewSolver(u, Plain)
	for _, c := range cases {
		if testing.Short() && c.h*c.w > 16 {
			continue
		}
		if got := u.String(s.Value(region.Full(c.h, c.w))); got != c.want {
			t.Errorf("%dx%d Domineering = %s, want %s", c.h, c.w, got, c.want)
		}
	}
}

// TestFourByFourExplicit checks the 4x4 value against its options written
// out: its left options are 0 and {{2|0},{2|{2|0}}|{2|0},{{2|0}|0}}.
func TestFourByFourExplicit(t *testing.T) {
	u := cgt.NewUniverse(18)
	two := u.Number(cgt.Int(2))
	twoZero := opts2(u, two, cgt.Zero)
	x := u.FromOptions([]cgt.ID{twoZero, opts2(u, two, twoZero)}, []cgt.ID{twoZero, opts2(u, twoZero, cgt.Zero)})
	v := placement.NewSolver(u, Plain).Value(region.Full(4, 4))
	left := u.Left(v)
	if len(left) != 2 || !(left[0] == cgt.Zero && left[1] == x || left[1] == cgt.Zero && left[0] == x) {
		t.Fatalf("4x4 left options %v, want 0 and %s", left, u.String(x))
	}
	if u.Neg(v) != v {
		t.Fatalf("4x4 is not a switch: %s", u.String(v))
	}
}

func opts2(u *cgt.Universe, l, r cgt.ID) cgt.ID { return u.FromOptions([]cgt.ID{l}, []cgt.ID{r}) }
