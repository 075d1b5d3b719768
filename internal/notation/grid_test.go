package notation

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestGrid checks that ParseGrid reads each kind's characters into its
// set, that WriteGrid writes back what it read, and the errors.
func TestGrid(t *testing.T) {
	g, err := ParseGrid(" xo.|L#x ", NewAlphabet("xL", "o", ".", "#"))
	if err != nil {
		t.Fatal(err)
	}
	want := Grid{H: 2, W: 3, Sets: [MaxKinds]uint64{1 | 1<<3 | 1<<5, 1 << 1, 1 << 2, 1 << 4}}
	if g.H != want.H || g.W != want.W {
		t.Fatalf("got %+v, want %+v", g, want)
	}
	for k := range want.Sets {
		if g.Sets[k] != want.Sets[k] {
			t.Errorf("kind %d: cells %b, want %b", k, g.Sets[k], want.Sets[k])
		}
	}
	written := WriteGrid(g.H, g.W, func(bit uint64) byte {
		for k, set := range g.Sets {
			if set&bit != 0 {
				return "xo.#"[k]
			}
		}
		return '?'
	})
	if written != "xo.|x#x" { // 'L' reads as the kind 'x' writes
		t.Errorf("written %q, want %q", written, "xo.|x#x")
	}
	for _, c := range []struct{ in, err string }{
		{"", "empty position"},
		{"x||o", "empty row"},
		{"xo|x", "ragged rows: row 2 has 1 cells, row 1 has 2"},
		{"xé", "bad character 'é' in row 1 (want 'x', 'L', 'o', '.' or '#')"},
		{strings.Repeat(".", 65), "larger than the 64 cells"},
		{"xo|", "empty row"},
		{"|xo", "empty row"},
		{"x/o/", "empty row"},
	} {
		if _, err := ParseGrid(c.in, NewAlphabet("xL", "o", ".", "#")); err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("ParseGrid(%q): %v, want an error with %q", c.in, err, c.err)
		}
	}
}

// TestGridRoundTrip checks on random boards that WriteGrid writes what
// ParseGrid read, and that ParseGrid reads back what WriteGrid wrote.
func TestGridRoundTrip(t *testing.T) {
	a := NewAlphabet("x", "o", ".", "#")
	rng := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		h := 1 + rng.IntN(8)
		w := 1 + rng.IntN(64/h)
		rows := make([]string, h)
		for i := range rows {
			var b strings.Builder
			for range w {
				b.WriteByte("xo.#"[rng.IntN(4)])
			}
			rows[i] = b.String()
		}
		s := strings.Join(rows, "|")
		g, err := ParseGrid(s, a)
		if err != nil || g.H != h || g.W != w {
			t.Fatalf("ParseGrid(%q) = %+v, %v", s, g, err)
		}
		written := WriteGrid(h, w, func(bit uint64) byte {
			for k, set := range g.Sets {
				if set&bit != 0 {
					return "xo.#"[k]
				}
			}
			return '?'
		})
		if written != s {
			t.Fatalf("ParseGrid(%q) written back as %q", s, written)
		}
	}
}
