package konane

import (
	"context"
	"testing"

	"github.com/tablebase/tablebase/query"
)

// Values of small positions worked out by hand from the rules (not taken
// from a publication: the text of Ernst, "Playing Konane mathematically:
// a combinatorial game-theoretic analysis", UMAP Journal 16(2), 1995, was
// not at hand when this was written, so no published value is claimed
// here). Each line says why.
var derived = []struct {
	Position, Value, Why string
}{
	{"xo", "0", "no empty cell: no move"},
	{"xo.", "1", "Left jumps to the end ({0|}); Right has no cell to land on"},
	{".xo.", "*", "either jumps the other, leaving one stone ({0|0})"},
	{"xo.o.", "1", "Left jumps once (..xo., which is *) or twice (....x, 0); Right has no move: {0,*|} = 1"},
	{"x.o", "0", "the stones are not adjacent: no move ever"},
	{"xo.|...|.ox", "2", "two parts worth 1 each (xo. and its mirror image), rows two apart"},
	{"x|o|.|o|.", "1", "xo.o. down a column"},
	{"ox.", "-1", "the colours of xo. swapped"},
}

// TestDerived checks the hand-derived values above.
func TestDerived(t *testing.T) {
	q := memory(t)
	for _, d := range derived {
		a := q.Query(context.Background(), d.Position, query.Options{})
		if a.Error != "" || a.Value != d.Value {
			t.Errorf("%s: %s (%s), derived %s (%s)", d.Position, a.Value, a.Error, d.Value, d.Why)
		}
	}
}
