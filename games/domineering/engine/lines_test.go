package engine

import (
	"math/rand/v2"
	"testing"
)

// TestFlip checks lines after a move (lines.flip) against the lines of the
// position after it, filled anew, on random positions and moves of boards
// of up to 8x8 (lines packed in words) and longer ones.
func TestFlip(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for _, sh := range [][2]int{{8, 8}, {5, 7}, {7, 9}, {4, 30}, {11, 11}} {
		g, err := newGeometry(sh[0], sh[1])
		if err != nil {
			t.Fatal(err)
		}
		for range 200 {
			var e bb
			for x := range g.h * g.w {
				if rng.IntN(4) != 0 {
					e = e.Or(cell(x))
				}
			}
			starts, step := g.vertical(e), g.stride
			if rng.IntN(2) == 0 {
				starts, step = g.horizontal(e), 1
			}
			if starts.Empty() {
				continue
			}
			x := starts.Low()
			d := cell(x).Or(cell(x).Shl(step))
			var got, want lines
			g.fillLines(&got, e)
			g.flipLines(&got, d)
			g.fillLines(&want, e.AndNot(d))
			same := got.rowBytes == want.rowBytes && got.colBytes == want.colBytes &&
				got.rows == want.rows && got.cols == want.cols
			if !same {
				t.Fatalf("%dx%d: lines after %v differ from the lines of the position after it", g.h, g.w, d)
			}
			g.flipLines(&got, d)
			g.fillLines(&want, e)
			if got.rows != want.rows || got.cols != want.cols || got.colBytes != want.colBytes {
				t.Fatalf("%dx%d: %v flipped twice is not the position", g.h, g.w, d)
			}
		}
	}
}
