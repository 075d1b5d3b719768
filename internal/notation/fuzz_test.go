package notation

import "testing"

// FuzzNotation: any text is read as a cell or a piece, or refused,
// never a panic; a cell read writes as text that reads back as
// the same cell.
func FuzzNotation(f *testing.F) {
	for _, s := range []string{"a1", "b3-b4", "2b3", "1.2.1", "z99", "-", "a0", "é1", "a1-"} {
		f.Add(s, 4)
	}
	f.Fuzz(func(t *testing.T, s string, w int) {
		if r, c, err := ParseCell(s); err == nil {
			if r2, c2, err := ParseCell(Cell(r, c)); err != nil || r2 != r || c2 != c {
				t.Fatalf("%q reads as (%d, %d), written %q, read back (%d, %d)", s, r, c, Cell(r, c), r2, c2)
			}
		}
		SplitPiece(s)
		if w >= 1 && w <= 64 {
			Covered(s, w)
		}
	})
}
