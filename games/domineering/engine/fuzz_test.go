package engine

import "testing"

// FuzzParse: any text is read as a whole board of up to 128 cells or
// refused, never a panic, and a board read writes back as itself.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"..|..", "...........|...........", "#", "", "|", "é."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s)
		if err != nil {
			return
		}
		if back, err := Parse(p.String()); err != nil || back.String() != p.String() {
			t.Fatalf("%q reads as %s, read back %s (%v)", s, p, back, err)
		}
	})
}
