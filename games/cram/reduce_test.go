package cram

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/internal/region"
)

// TestReduce: Reduce drops the cells it should on small shapes, and
// keeps the oracle's nim-value of random regions (up to 5x5, with about
// a third of the cells covered, so that tufts abound), reduced once and
// again.
func TestReduce(t *testing.T) {
	tests := []struct{ in, want string }{
		{"...", "..#"},                 // a path of three: one tuft of the middle cell goes
		{".#.|...|.#.", ".#.|.#.|###"}, // a plus: three of the four tufts go
		{"..|..", "..|.."},             // a square: nothing
		{".#|#.", "##|##"},             // isolated cells
		{"..#..|.#.#.|.....", "..#..|.#.#.|....."},
		{"#.#|...|#.#|#.#", "#.#|#.#|#.#|#.#"}, // a cross: two tufts of its middle go
		{".#.#.|.....", ".#.#.|.#.#."},         // the cells between three tufted cells go
		{"#.#|...|.#.", "#.#|...|.#."},         // every cell a tuft or with one
	}
	for _, tt := range tests {
		in, err := region.Parse(tt.in)
		if err != nil {
			t.Fatal(err)
		}
		if got := in.With(Game.Rules.(rules).Reduce(in)).String(); got != tt.want {
			t.Errorf("Reduce(%s) = %s, want %s", tt.in, got, tt.want)
		}
	}
	rng := rand.New(rand.NewPCG(11, 12))
	for range 400 {
		h, w := 1+rng.IntN(5), 1+rng.IntN(5)
		r := region.Region{H: uint8(h), W: uint8(w)}
		for i := range h * w {
			if rng.IntN(3) != 0 {
				r.Bits |= 1 << i
			}
		}
		once := r.With(rules{}.Reduce(r))
		twice := once.With(rules{}.Reduce(once))
		want := oracleNimber(strings.Split(r.String(), "|"))
		for _, got := range []region.Region{once, twice} {
			if n := oracleNimber(strings.Split(got.String(), "|")); n != want {
				t.Fatalf("%s (nim-value %d) reduced to %s (%d)", r, want, got, n)
			}
		}
	}
}
