package region

import "testing"

// FuzzParse: any text is read or refused, never a panic, as through Rows
// alone (Parse reads most boards in one pass), and a board read writes
// back to text that reads as the same board.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"..|..", ".#.|...", "", "|", "a|b", "........|........", "é", "...|...|...", "..#..|.#...|#####", ".......|.......", "#.#.#.#|.#.#.#./", "..|..|..|..|.", "........"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := Parse(s)
		slow, slowErr := parseRows(s)
		if err != nil != (slowErr != nil) || r != slow {
			t.Fatalf("%q: Parse reads %v (%v), through Rows %v (%v)", s, r, err, slow, slowErr)
		}
		if err != nil {
			return
		}
		back, err := Parse(r.String())
		if err != nil || back != r {
			t.Fatalf("%q reads as %v, written %q, read back %v (%v)", s, r, r.String(), back, err)
		}
		for _, c := range r.Components(nil) {
			if !c.Connected() || c.Crop() != c {
				t.Fatalf("%q: component %v", s, c)
			}
		}
	})
}
