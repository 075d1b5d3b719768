package notation

import "testing"

func TestCellsRoundTrip(t *testing.T) {
	for row := range 8 {
		for col := range 8 {
			r, c, err := ParseCell(Cell(row, col))
			if err != nil || r != row || c != col {
				t.Errorf("%d,%d: %s reads back as %d,%d (%v)", row, col, Cell(row, col), r, c, err)
			}
		}
	}
}

func TestExamples(t *testing.T) {
	cases := []struct{ got, want string }{
		{Cell(2, 1), "b3"},
		{Cell3(1, 2, 1), "2b3"},
		{Point(0, 1, 0), "1.2.1"},
		{Piece("a1", "a2"), "a1-a2"},
		{Piece("c4", "c4"), "c4"},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("got %s, want %s", c.got, c.want)
		}
	}
	if f, l := SplitPiece(" A1-B1 "); f != "a1" || l != "b1" {
		t.Errorf("SplitPiece: %s %s", f, l)
	}
}

func TestBadCells(t *testing.T) {
	for _, s := range []string{"", "a", "1a", "a0", "a-1", "a+1", "A1x", "{1"} {
		if _, _, err := ParseCell(s); err == nil {
			t.Errorf("ParseCell(%q) accepted", s)
		}
	}
}
