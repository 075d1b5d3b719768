package query

import "testing"

// counted is an Extra for TestExtraOf.
type counted struct{ N int }

func (counted) AppendJSON(b []byte, _ Place) []byte { return b }

// TestExtraOf: the fields of an Extra of the type asked for, or zero for
// another Extra or none.
func TestExtraOf(t *testing.T) {
	for _, c := range []struct {
		e    Extra
		want int
	}{
		{&counted{N: 3}, 3},
		{marks{}, 0},
		{nil, 0},
	} {
		if got := ExtraOf[counted](c.e).N; got != c.want {
			t.Errorf("ExtraOf(%#v) = %d, want %d", c.e, got, c.want)
		}
	}
}
