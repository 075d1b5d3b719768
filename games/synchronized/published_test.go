package synchronized

import (
	"strings"
	"testing"
)

// caoTable41 is Table 4.1 of Cao, "Further Results on the Game of
// Synchronized Triomineering" (2012): the class of the n x m board (n
// rows, m columns) of Synchronized Triomineering for n + m <= 14, row n
// listing m = 1, 2, ...; "?" is 7x7, left open there.
// It contains Table 2.2 (n + m <= 12) of the same thesis.
var caoTable41 = []string{
	"D D H H H H H H H H H",
	"D D H H H H H H H H H",
	"V V D V V D V V D V V",
	"V V H D V H H HD H H",
	"V V H H D H H H H",
	"V V D V V D V V",
	"V V H V V H ?",
	"V V H VD V H",
	"V V D V V",
	"V V H V",
	"V V H",
}

func TestCaoTable41(t *testing.T) {
	s := NewSolver(Triomineering, 22)
	for n, row := range caoTable41 {
		for m, want := range strings.Fields(row) {
			h, w := n+1, m+1
			if want == "?" || testing.Short() && h*w > 30 {
				continue
			}
			if got := s.Solve(FullBoard(h, w)).Class(); got != want {
				t.Errorf("%dx%d: %s, Cao (2012) says %s", h, w, got, want)
			}
		}
	}
}
