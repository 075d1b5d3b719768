package clobber

import (
	"context"
	"testing"

	"github.com/tablebase/tablebase/query"
)

// FuzzParse: any text is read or refused, never a panic; a board read
// writes back as itself, and one of a few stones is answered.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"xo", "xxo|o.x", "", "x|", "xoq", "é", "........|xoxoxoxo"} {
		f.Add(s)
	}
	q, _ := NewQuerier(nil, nil)
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s)
		if err != nil {
			return
		}
		if back, err := Parse(p.String()); err != nil || back != p {
			t.Fatalf("%q reads as %v, read back %v (%v)", s, p, back, err)
		}
		if p.Cells() <= 8 {
			if a := q.Query(context.Background(), s, query.Options{Moves: true}); a.Error != "" {
				t.Fatalf("%q: %s", s, a.Error)
			}
		}
	})
}
