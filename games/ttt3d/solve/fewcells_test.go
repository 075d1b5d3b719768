package solve

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/tablebase/tablebase/games/ttt3d/rules"
)

// TestPlainPatternResult checks that the minimax sees wins for both
// sides: x to move with three cells of a line and the fourth free wins;
// x to move against o's two lines of three (crossing, their fourth cells
// free and apart) loses.
func TestPlainPatternResult(t *testing.T) {
	b := rules.MustGet(4)
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
func threeOnALine(b *rules.Board, s uint64) bool {
	for _, l := range b.Lines {
		if bits.OnesCount64(l&s) >= 3 {
			return true
		}
	}
	return false
}

// TestPatternPlaysAsItsLines checks, by plain minimax, the fact behind
// scripts/qubictop: a pattern plays as the pattern whose free cells are
// the union of its lines of free cells, the other free cells being
// passes, which never help. The free cells are a plane of the cube (ten
// lines) and one to three cells off it, with stones of both sides played
// at random on the plane so that all three results occur; Decide's
// answer is the minimax's too. -short takes a quarter of the patterns,
// each result still occurring.
func TestPatternPlaysAsItsLines(t *testing.T) {
	t.Parallel()
	b := rules.MustGet(4)
	var planes []uint64
	for axis := range 3 {
		for v := range 4 {
			var p uint64
			for c := range 64 {
				if []int{c / 16, c / 4 % 4, c % 4}[axis] == v {
					p |= 1 << c
				}
			}
			planes = append(planes, p)
		}
	}
	rng := rand.New(rand.NewPCG(53, 52))
	results := map[int]int{}
	patterns := 600
	if testing.Short() {
		patterns = 150
	}
	for range patterns {
		plane := planes[rng.IntN(len(planes))]
		f := plane | randomCells(rng, plane, 1+rng.IntN(3))
		var x, o uint64
		for rules.Count(plane&^(x|o)) > 6 {
			if rules.Count(x) == rules.Count(o) {
				x |= randomCells(rng, ^plane|x|o, 1)
			} else {
				o |= randomCells(rng, ^plane|x|o, 1)
			}
		}
		if b.HasLine(x) || b.HasLine(o) {
			continue
		}
		me, other := x, o
		if rules.Count(x) > rules.Count(o) {
			me, other = o, x
		}
		got := plainPatternResult(f, me, other)
		if want := plainPatternResult(plane, me, other); got != want {
			t.Fatalf("free cells %#x, x %#x, o %#x: minimax %d, on its lines %#x alone %d", f, x, o, got, plane, want)
		}
		p := rules.Position{B: b, X: x, O: o, Blocked: b.Full() &^ f}
		d, err := Decide(p, DecideOptions{ResultOnly: true})
		if want := map[Result]int{Win: 1, Draw: 0, Loss: -1}[d.Result]; err != nil || want != got {
			t.Fatalf("%v: Decide %v (%v), minimax %d", p, d.Result, err, got)
		}
		results[got]++
	}
	t.Logf("results %v", results)
	if least := patterns / 60; results[1] < least || results[0] < least || results[-1] < least {
		t.Errorf("results %v: each should occur", results)
	}
}

// TestApartPartsDoNotHelpX checks, by plain minimax, the other fact
// behind scripts/qubictop: where the free cells split into parts that no
// line joins, x (to move, with as many stones as o in each part) wins
// only if he wins some part alone, since o can answer each move of x in
// its own part. The parts are crossing lines of two parallel planes
// (layers 1 and 4, which no line of free cells joins), with stones of
// both sides played at random.
func TestApartPartsDoNotHelpX(t *testing.T) {
	b := rules.MustGet(4)
	rng := rand.New(rand.NewPCG(61, 62))
	inLayer := func(l uint64, layer int) bool { return l&^(0xffff<<(16*layer)) == 0 }
	part := func(layer int) uint64 {
		var f uint64
		for n := 0; n < 2+rng.IntN(2); {
			l := b.Lines[rng.IntN(len(b.Lines))]
			if inLayer(l, layer) && (f == 0 || l&f != 0) && l&^f != 0 {
				f |= l
				n++
			}
		}
		return f
	}
	play := func(f uint64, moves int) (x, o uint64) {
		for range moves {
			x |= randomCells(rng, ^f|x|o, 1)
			o |= randomCells(rng, ^f|x|o, 1)
		}
		return x, o
	}
	union := map[int]int{}
	both := 0
	for range 200 {
		f1, f2 := part(0), part(3)
		x1, o1 := play(f1, rng.IntN(3))
		x2, o2 := play(f2, rng.IntN(3))
		if rng.IntN(3) == 0 {
			// x holds three cells of a line of the first part, o as many
			// cells off it: x wins that part at once.
			l := b.Lines[0]
			for !inLayer(l, 0) || l&^f1 != 0 {
				l = b.Lines[rng.IntN(len(b.Lines))]
			}
			x1 = l &^ (1 << rules.LowCell(l))
			o1 = randomCells(rng, ^f1|l, min(3, rules.Count(f1&^l)))
			if rules.Count(o1) < 3 {
				continue
			}
		}
		x, o := x1|x2, o1|o2
		if rules.Count(f1|f2)-rules.Count(x|o) > 11 || b.HasLine(x) || b.HasLine(o) {
			continue
		}
		got := plainPatternResult(f1|f2, x, o)
		union[got]++
		if plainPatternResult(f1, x1, o1) < 1 && plainPatternResult(f2, x2, o2) < 1 {
			both++
			if got == 1 {
				t.Fatalf("x wins on %#x (x %#x, o %#x) but on neither part alone", f1|f2, x, o)
			}
		}
	}
	t.Logf("unions: %v; %d with no part won alone", union, both)
	if union[1] < 10 || both < 40 {
		t.Errorf("x won %d unions, %d with no part won alone: too few checked", union[1], both)
	}
}
