package domineering3d

import "testing"

func TestOrderIndexAndNext(t *testing.T) {
	for i, o := range Orders {
		if o.Index() != i {
			t.Errorf("%s: Index %d, want %d", o, o.Index(), i)
		}
		if got := o.String()[1]; o.Next().String()[0] != got {
			t.Errorf("%s: Next %s, want %c", o, o.Next(), got)
		}
	}
}
