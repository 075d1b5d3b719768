package domineering3d

import "testing"

// FuzzParse: any text is read as a position, a box or a turn order, or
// refused, never a panic; a position read writes back as itself.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"2x2x3", "2x2x3:.#.|...|...|...", "1x2x3", "9x9x9", "2x2x2:", "XYZ", "é"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ParseBox(s)
		ParseOrder(s)
		p, err := Parse(s)
		if err != nil {
			return
		}
		if back, err := Parse(p.String()); err != nil || back != p {
			t.Fatalf("%q reads as %v, read back %v (%v)", s, p, back, err)
		}
	})
}
