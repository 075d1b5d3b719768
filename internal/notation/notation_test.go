package notation

import "testing"

func TestCellsRoundTrip(t *testing.T) {
	for row := range 8 {
		for col := range 8 {
			r, c, err := ParseCell(Cell(row, col))
			if err != nil || r != row || c != col {
				t.Errorf("%d,%d: %s reads back as %d,%d (%v)", row, col, Cell(row, col), r, c, err)
			}
			for layer := range 4 {
				l, r, c, err := ParseCell3(Cell3(layer, row, col))
				if err != nil || l != layer || r != row || c != col {
					t.Errorf("%s reads back as %d,%d,%d (%v)", Cell3(layer, row, col), l, r, c, err)
				}
			}
		}
	}
	if p, err := ParsePoint(Point(0, 2, 1)); err != nil || p != [3]int{0, 2, 1} {
		t.Errorf("point %s reads back as %v (%v)", Point(0, 2, 1), p, err)
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
	for _, s := range []string{"b3", "0b3", "x"} {
		if _, _, _, err := ParseCell3(s); err == nil {
			t.Errorf("ParseCell3(%q) accepted", s)
		}
	}
	for _, s := range []string{"1.2", "1.2.0", "1.x.2", "1.+2.3"} {
		if _, err := ParsePoint(s); err == nil {
			t.Errorf("ParsePoint(%q) accepted", s)
		}
	}
}
