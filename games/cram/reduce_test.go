package cram

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/internal/region"
)

// TestReduce: Reduce drops the cells and cuts the links it should on
// small shapes, and on random regions (up to 5x6, with about a third of
// the cells covered, so that tufts and the squares abound) the oracle's
// nim-value of the region is the XOR of those of the parts it leaves,
// reduced once and again.
func TestReduce(t *testing.T) {
	// cut marks with '.' the cells whose link to the right is cut.
	tests := []struct{ in, want, cut string }{
		{"...", "..#", ""},                 // a path of three: one tuft of the middle cell goes
		{".#.|...|.#.", ".#.|.#.|###", ""}, // a plus: three of the four tufts go
		{"..|..", "..|..", ".#|.#"},        // a square: its rows cut
		{".#|#.", "##|##", ""},             // isolated cells
		{"..#..|.#.#.|.....", "..#..|.#.#.|.....", ""},
		{"#.#|...|#.#|#.#", "#.#|#.#|#.#|#.#", ""}, // a cross: two tufts of its middle go
		{".#.#.|.....", ".#.#.|.#.#.", ""},         // the cells between three tufted cells go
		{"#.#|...|.#.", "#.#|...|.#.", ""},         // every cell a tuft or with one
		// The middle square's rows cut, and those of the squares at
		// two corners.
		{"##..|#...|...#|..##", "##..|#...|...#|..##", "##.#|#..#|..##|.###"},
		{"..##|...#|#...|##..", "..##|...#|#...|##..", ".###|..##|#..#|##.#"}, // the mirror image
	}
	for _, tt := range tests {
		in, err := region.Parse(tt.in)
		if err != nil {
			t.Fatal(err)
		}
		cells, cut := rules{}.Reduce(in)
		wantCut := uint64(0)
		if tt.cut != "" {
			c, _ := region.Parse(tt.cut)
			wantCut = c.Bits
		}
		if got := in.With(cells).String(); got != tt.want || cut != wantCut {
			t.Errorf("Reduce(%s) = %s, cut %s; want %s, cut %s", tt.in, got, in.With(cut), tt.want, in.With(wantCut))
		}
	}
	rng := rand.New(rand.NewPCG(11, 12))
	regions := 600
	if testing.Short() { // a third of the regions
		regions = 200
	}
	for range regions {
		h, w := 1+rng.IntN(5), 1+rng.IntN(6)
		r := region.Region{H: uint8(h), W: uint8(w)}
		for i := range h * w {
			if rng.IntN(3) != 0 {
				r.Bits |= 1 << i
			}
		}
		if r.Cells() > 20 {
			continue
		}
		want := oracleNimber(strings.Split(r.String(), "|"))
		once := reducedNimber(r)
		if once != want {
			t.Fatalf("%s: nim-value %d, reduced %d", r, want, once)
		}
		cells, _ := rules{}.Reduce(r)
		if twice := reducedNimber(r.With(cells)); twice != want {
			t.Fatalf("%s: nim-value %d, reduced twice %d", r, want, twice)
		}
	}
}

// reducedNimber returns the XOR of the oracle's nim-values of the parts
// Reduce leaves of r: a flood fill over the cells it keeps, along the
// links it does not cut.
func reducedNimber(r region.Region) int {
	cells, cut := rules{}.Reduce(r)
	h, w := int(r.H), int(r.W)
	has := func(i int) bool { return cells>>i&1 != 0 }
	seen := map[int]bool{}
	x := 0
	for start := range h * w {
		if !has(start) || seen[start] {
			continue
		}
		part := region.Region{H: r.H, W: r.W}
		stack := []int{start}
		seen[start] = true
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			part.Bits |= 1 << i
			var next []int
			if i >= w {
				next = append(next, i-w)
			}
			if i+w < h*w {
				next = append(next, i+w)
			}
			if i%w > 0 && cut>>(i-1)&1 == 0 {
				next = append(next, i-1)
			}
			if i%w < w-1 && cut>>i&1 == 0 {
				next = append(next, i+1)
			}
			for _, j := range next {
				if has(j) && !seen[j] {
					seen[j] = true
					stack = append(stack, j)
				}
			}
		}
		x ^= oracleNimber(strings.Split(part.String(), "|"))
	}
	return x
}
