package region

import "testing"

// FuzzParse: any text is read or refused, never a panic, a board read in
// one pass is read so by Parse too, and a board read writes back to text
// that reads as the same board.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"..|..", ".#.|...", "", "|", "a|b", "........|........", "é"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := Parse(s)
		if fast, ok := parseBoard(s); ok && (err != nil || fast != r) {
			t.Fatalf("%q: one pass reads %v, Parse %v (%v)", s, fast, r, err)
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
