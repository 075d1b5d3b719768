package ttt3d

import (
	"strings"
	"testing"

	"github.com/tablebase/tablebase/games/ttt3d/rules"
)

// FuzzParse: any text is read or refused, never a panic, and a position
// read writes back as itself.
func FuzzParse(f *testing.F) {
	for _, s := range []string{strings.Repeat(".", 27), "x" + strings.Repeat(".", 26), strings.Repeat("#", 64), "xx", "é", strings.Repeat("x", 27)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := rules.Parse(s)
		if err != nil {
			return
		}
		if back, err := rules.Parse(p.String()); err != nil || back.String() != p.String() {
			t.Fatalf("%q reads as %s, read back %s (%v)", s, p, back, err)
		}
	})
}
