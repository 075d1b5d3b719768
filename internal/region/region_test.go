package region

import (
	"math/rand/v2"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	for _, c := range []struct {
		in, want, err string
	}{
		{in: "..#|...", want: "..#|..."},
		{in: "..#/...", want: "..#|..."},
		{in: " .. ", want: ".."},
		{in: "", err: "empty position"},
		{in: "..|.", err: "ragged rows: row 2 has 1 cells, row 1 has 2"},
		{in: "..|x.", err: `bad character 'x' in row 2 (want '.' or '#')`},
		{in: "..||..", err: `empty row in "..||.."`},
		{in: "........./.........", want: ".........|........."},
		{in: "........./........./........./........./........./........./........./.........", err: "board of 8x9 cells is larger than the 64 cells supported"},
	} {
		r, err := Parse(c.in)
		switch {
		case c.err != "" && (err == nil || err.Error() != c.err):
			t.Errorf("Parse(%q) error %v, want %q", c.in, err, c.err)
		case c.err == "" && err != nil:
			t.Errorf("Parse(%q): %v", c.in, err)
		case c.err == "" && r.String() != c.want:
			t.Errorf("Parse(%q) = %q, want %q", c.in, r.String(), c.want)
		}
	}
}

// naiveComponents labels components by depth-first search over cells,
// with no link from a cell of cut to its right-hand neighbour.
func naiveComponents(r Region, cut uint64) [][]int {
	seen := map[int]bool{}
	var comps [][]int
	for i := 0; i < int(r.H)*int(r.W); i++ {
		if r.Bits>>i&1 == 0 || seen[i] {
			continue
		}
		var comp []int
		stack := []int{i}
		seen[i] = true
		for len(stack) > 0 {
			c := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			comp = append(comp, c)
			row, col := c/int(r.W), c%int(r.W)
			for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				nr, nc := row+d[0], col+d[1]
				n := nr*int(r.W) + nc
				inside := nr >= 0 && nr < int(r.H) && nc >= 0 && nc < int(r.W)
				if inside && r.Bits>>n&1 != 0 && !seen[n] && (d[1] == 0 || cut>>min(c, n)&1 == 0) {
					seen[n] = true
					stack = append(stack, n)
				}
			}
		}
		comps = append(comps, comp)
	}
	return comps
}

func TestComponentsMatchSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for range 2000 {
		h, w := 1+rng.IntN(8), 1+rng.IntN(8)
		r := Region{H: uint8(h), W: uint8(w), Bits: rng.Uint64() & rng.Uint64() & mask(h*w)}
		comps := r.Components(nil)
		want := naiveComponents(r, 0)
		if len(comps) != len(want) {
			t.Fatalf("%s: %d components, want %d", r, len(comps), len(want))
		}
		total := 0
		for i, c := range comps {
			if c.Cells() != len(want[i]) || !c.Connected() {
				t.Fatalf("%s: component %d is %s, want %d cells", r, i, c, len(want[i]))
			}
			total += c.Cells()
			if c.Crop() != c {
				t.Fatalf("component %s is not cropped", c)
			}
		}
		if total != r.Cells() || r.Connected() != (len(want) == 1) {
			t.Fatalf("%s: cells or connectivity disagree", r)
		}
	}
}

// TestCutComponentCells: with links cut, the components are those of a
// depth-first search that skips the same links, cell for cell.
func TestCutComponentCells(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	for range 2000 {
		h, w := 1+rng.IntN(8), 1+rng.IntN(8)
		r := Region{H: uint8(h), W: uint8(w), Bits: rng.Uint64() & mask(h*w)}
		cut := rng.Uint64() & rng.Uint64() & r.Bits
		got := r.CutComponentCells(cut, nil)
		want := naiveComponents(r, cut)
		if len(got) != len(want) {
			t.Fatalf("%s cut %x: %d components, want %d", r, cut, len(got), len(want))
		}
		for i, cells := range got {
			var b uint64
			for _, c := range want[i] {
				b |= 1 << c
			}
			if cells != b {
				t.Fatalf("%s cut %x: component %d is %x, want %x", r, cut, i, cells, b)
			}
		}
	}
}

// TestSize: "RxC" is read as a size, anything written as rows is not, and
// a size that is not two positive integers with a product fitting an int
// is read as a size of 0 by 0.
func TestSize(t *testing.T) {
	for _, c := range []struct {
		s     string
		h, w  int
		sized bool
	}{
		{"3x4", 3, 4, true},
		{"1x1", 1, 1, true},
		{"3x", 0, 0, true},
		{"0x4", 0, 0, true},
		{"-2x4", 0, 0, true},
		{"axb", 0, 0, true},
		{"4294967296x4294967296", 0, 0, true},
		{"...|...", 0, 0, false},
		{"x.#", 0, 0, false},
		{"34", 0, 0, false},
	} {
		if h, w, sized := Size(c.s); h != c.h || w != c.w || sized != c.sized {
			t.Errorf("Size(%q) = %d, %d, %v; want %d, %d, %v", c.s, h, w, sized, c.h, c.w, c.sized)
		}
	}
}

// TestParseOnePass: boards of every size, read in one pass as Rows reads
// them.
func TestParseOnePass(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		h, w := 1+rng.IntN(8), 1+rng.IntN(8)
		r := Region{H: uint8(h), W: uint8(w), Bits: rng.Uint64() & mask(h*w)}
		s := r.String()
		if rng.IntN(2) == 0 {
			s = strings.ReplaceAll(s, "|", "/")
		}
		slow, err := parseRows(s)
		fast, ok := parseBoard(s)
		if err != nil || slow != r || !ok || fast != r {
			t.Fatalf("%q: through Rows %v (%v), in one pass %v (%v), want %v", s, slow, err, fast, ok, r)
		}
	}
}
