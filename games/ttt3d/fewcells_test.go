package ttt3d

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// plainPatternResult plays every game on the free cells of a pattern of
// blocked cells by plain minimax (lines from proofLines, a memo of the
// positions met), from x's and o's stones with x to move: 1 if x wins, 0
// for a draw, -1 if o wins.
func plainPatternResult(free, x, o uint64) int {
	var open []uint64
	for _, l := range proofLines() {
		var s uint64
		for _, c := range l {
			s |= 1 << c
		}
		if s&^free == 0 {
			open = append(open, s)
		}
	}
	memo := map[[2]uint64]int{}
	var value func(me, other uint64) int // for the side to move
	value = func(me, other uint64) int {
		if v, ok := memo[[2]uint64{me, other}]; ok {
			return v
		}
		best := -2
		empty := free &^ (me | other)
		if empty == 0 {
			best = 0
		}
		for e := empty; e != 0 && best < 1; e &= e - 1 {
			m := me | e&-e
			v := -2
			for _, l := range open {
				if l&m == l {
					v = 1
				}
			}
			if v < 1 {
				v = -value(other, m)
			}
			best = max(best, v)
		}
		memo[[2]uint64{me, other}] = best
		return best
	}
	return value(x, o)
}

// TestPlainPatternResult checks that the minimax sees wins for both
// sides: x to move with three cells of a line and the fourth free wins;
// x to move against o's two lines of three (crossing, their fourth cells
// free and apart) loses.
func TestPlainPatternResult(t *testing.T) {
	b := MustGet(4)
	rng := rand.New(rand.NewPCG(5, 6))
	for range 20 {
		l1 := b.Lines[rng.IntN(len(b.Lines))]
		var l2 uint64
		for l2 == 0 || l2 == l1 || l2&l1 == 0 {
			l2 = b.Lines[rng.IntN(len(b.Lines))]
		}
		c := l1 & l2
		c1, c2 := l1&^c, l2&^c
		c1, c2 = c1&-c1, c2&-c2 // a fourth cell of each line, left free
		// x: three cells of l1 and its fourth free; o: three cells elsewhere.
		o := randomCells(rng, l1, 3)
		if got := plainPatternResult(l1|o, l1&^c1, o); got != 1 {
			t.Fatalf("x completes a line at once: minimax %d, want 1", got)
		}
		// o: l1 and l2 but c1 and c2 (5 cells); x: 5 cells elsewhere, no
		// three of them on one line.
		o = (l1 | l2) &^ (c1 | c2)
		var x uint64
		for x == 0 || threeOnALine(b, x) {
			x = randomCells(rng, l1|l2, 5)
		}
		if got := plainPatternResult(l1|l2|x, x, o); got != -1 {
			t.Fatalf("o has two threats: minimax %d, want -1", got)
		}
	}
}

// threeOnALine reports whether some line holds three cells of s.
func threeOnALine(b *Board, s uint64) bool {
	for _, l := range b.Lines {
		if bits.OnesCount64(l&s) >= 3 {
			return true
		}
	}
	return false
}

// TestFewFreeCells checks, by plain minimax, the fact behind
// scripts/qubictop on the patterns most likely to break it: free cells
// holding two crossing lines and a few cells more. With 10 free cells x
// never wins; with 11 and 12, Decide's answer is the minimax's.
func TestFewFreeCells(t *testing.T) {
	b := MustGet(4)
	rng := rand.New(rand.NewPCG(53, 52))
	for _, c := range []struct{ free, trials int }{{9, 60}, {10, 60}, {11, 30}, {12, 8}} {
		for range c.trials {
			var f uint64
			for {
				l1, l2 := b.Lines[rng.IntN(len(b.Lines))], b.Lines[rng.IntN(len(b.Lines))]
				if l1 != l2 && l1&l2 != 0 {
					f = l1 | l2
					break
				}
			}
			f |= randomCells(rng, f, c.free-7)
			got := plainPatternResult(f, 0, 0)
			if c.free <= 10 && got != 0 {
				t.Fatalf("%d free cells %#x: minimax %d, want a draw", c.free, f, got)
			}
			d, err := Decide(Empty(b, b.Full()&^f), DecideOptions{ResultOnly: true})
			want := map[Result]int{Win: 1, Draw: 0, Loss: -1}[d.Result]
			if err != nil || want != got {
				t.Fatalf("%d free cells %#x: Decide %v (%v), minimax %d", c.free, f, d.Result, err, got)
			}
		}
	}
}
