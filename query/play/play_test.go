package play

import (
	"testing"

	"github.com/tablebase/tablebase/query"
)

// cell is a move's Extra that names the move by a number too, as
// ttt3d's cell index does.
type cell string

func (cell) AppendJSON(b []byte, _ query.Place) []byte { return b }

func (c cell) Alias() string { return string(c) }

// TestSameMove: a typed move names a move by its cells in either order,
// or by the second name its Extra gives it.
func TestSameMove(t *testing.T) {
	piece := query.Move{Move: "a1-a2"}
	indexed := query.Move{Move: "1a2", Extra: cell("1")}
	for _, c := range []struct {
		in   string
		m    query.Move
		want bool
	}{
		{"a1-a2", piece, true}, {"a2-a1", piece, true}, {"a1-b1", piece, false}, {"1", piece, false},
		{"1a2", indexed, true}, {"1", indexed, true}, {"2", indexed, false},
	} {
		if got := SameMove(c.in, c.m); got != c.want {
			t.Errorf("SameMove(%q, %s) = %v, want %v", c.in, c.m.Move, got, c.want)
		}
	}
}
