package toppling

import (
	"context"
	"github.com/tablebase/tablebase/games/internal/parts"
	"testing"

	"github.com/tablebase/tablebase/query"
)

// FuzzParse: any text is read or refused, never a panic; a position read
// writes back as read, and one of a few dominoes is answered.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"xxo.og|xg", "x", "", "x|", "xTo", "é", "gggg..oooo/x"} {
		f.Add(s)
	}
	q, _ := parts.NewQuerier(Game, nil)
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s)
		if err != nil {
			return
		}
		if back, err := Parse(p.String()); err != nil || back.String() != p.String() {
			t.Fatalf("%q reads as %v, read back %v (%v)", s, p, back, err)
		}
		if p.Dominoes() <= 10 {
			if a := q.Query(context.Background(), s, query.Options{Moves: true}); a.Error != "" {
				t.Fatalf("%q: %s", s, a.Error)
			}
		}
	})
}
