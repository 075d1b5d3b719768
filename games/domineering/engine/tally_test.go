package engine

import (
	"math/rand/v2"
	"sync/atomic"
	"testing"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/internal/region"
)

// TestTally checks the resources a player counts on small boards.
func TestTally(t *testing.T) {
	for _, c := range []struct {
		board string
		left  bool
		want  tally
	}{
		// A 2x2 board: one block for each (the edges are walls).
		{"..|..", true, tally{empty: 4, blocks: 1}},
		{"..|..", false, tally{empty: 4, blocks: 1}},
		// 2x3: Left's block by the left edge leaves the third column, a
		// vulnerable move beside the block (one move of Right may break
		// both).
		{"...|...", true, tally{empty: 6, blocks: 1, vulns: [2]int{0, 1}}},
		// A block of Right's walled above; the cells left beside it are
		// protected and can make no move: unused.
		{"####|...#|#...|####", false, tally{empty: 6, blocks: 1, unused: 2}},
		// Two safe moves of Left (nothing beside them), no move of Right's.
		{".#|.#|#.|#.", true, tally{empty: 4, safe: 2}},
		{".#|.#|#.|#.", false, tally{empty: 4}},
		// A lone vulnerable move holding a protected cell, for each: the
		// empty cell across from its open end has no empty cell beside it
		// along the line, so no move of the other's breaks two.
		{"..|.#|##", true, tally{empty: 3, vulns: [2]int{1, 0}, withProtected: [2]int{1, 0}}},
		{"..|.#|##", false, tally{empty: 3, vulns: [2]int{1, 0}, withProtected: [2]int{1, 0}}},
		// A safe move of Right in the middle row with an option on the
		// cell after it, whose cells above and below then die for Left.
		{"##.#|...#|##.#", false, tally{empty: 5, safe: 1, options: [3]int{0, 0, 1}}},
		// Right's block along the top edge; the protected cell beside its
		// lower half is unused.
		{"#..|...|###", false, tally{empty: 5, blocks: 1, unused: 1}},
	} {
		p, err := Parse(c.board)
		if err != nil {
			t.Fatal(err)
		}
		g, _ := newGeometry(p.H, p.W)
		var l lines
		g.fillLines(&l, cellsOf(p))
		tl := newTallier()
		own := l.rows[:g.h]
		if c.left {
			own = l.cols[:g.w]
		}
		if got := tl.tally(own); got != c.want {
			t.Errorf("%s left %v: %+v, want %+v", c.board, c.left, got, c.want)
		}
	}
}

// TestCountAgainstOracle checks every decision of the count on random
// boards, alone and with free moves for either player (a known integer),
// against plain minimax, and each half of the count against the whole.
func TestCountAgainstOracle(t *testing.T) {
	e := New(cgt.NewUniverse(8), nil, Options{TableBits: 8})
	rng := rand.New(rand.NewPCG(11, 12))
	shapes := [][2]int{{4, 4}, {3, 5}, {5, 3}, {4, 5}, {5, 4}, {3, 6}, {6, 3}, {2, 8}, {2, 10}, {10, 2}}
	decided := 0
	rounds := oracleRounds()
	for i := range rounds * 20 {
		sh := shapes[i%len(shapes)]
		full := region.Full(sh[0], sh[1])
		r := full.With(full.Bits & (rng.Uint64() | rng.Uint64()))
		g, _ := newGeometry(sh[0], sh[1])
		s := newSearcher(e, g, new(atomic.Bool), new(atomic.Bool))
		free := rng.IntN(5) - 2
		for _, left := range []bool{true, false} {
			e := cellsOf(position(r))
			d, got := s.countWith(e, free, free, left)
			// Each half of the count alone (countSides) decides only
			// its own way, and the two together decide as countWith.
			wd, wr := s.countSides(e, free, free, left, true, false)
			ld, lr := s.countSides(e, free, free, left, false, true)
			if (wd && !wr) || (ld && lr) || (wd && ld) || d != (wd || ld) || (d && got != wr) {
				t.Fatalf("%s with %d free moves, left first %v: count %v %v, halves %v %v and %v %v", r, free, left, d, got, wd, wr, ld, lr)
			}
			if !d {
				continue
			}
			decided++
			if want := oracleWinsFree(r, left, free); got != want {
				t.Fatalf("%s with %d free moves for Left, left first %v: count %v, minimax %v", r, free, left, got, want)
			}
		}
	}
	t.Logf("%d positions decided by counting", decided)
	if decided < rounds {
		t.Errorf("the count decided only %d positions", decided)
	}
}

// oracleWinsFree is plain minimax on r plus free moves for Left (for
// Right when free < 0): the player to move wins if some move, a domino or
// a free move he has left, leaves the other a position he loses.
func oracleWinsFree(r region.Region, left bool, free int) bool {
	if (left && free > 0) || (!left && free < 0) {
		spent := free - 1
		if !left {
			spent = free + 1
		}
		if !oracleWinsFree(r, !left, spent) {
			return true
		}
	}
	vert, horiz := region.Dominoes(r)
	moves, second := horiz, uint64(2)
	if left {
		moves, second = vert, uint64(1)<<r.W
	}
	for b := moves; b != 0; b &= b - 1 {
		i := b & -b
		if !oracleWinsFree(r.With(r.Bits&^(i|i*second)), !left, free) {
			return true
		}
	}
	return false
}

// TestTallyBytes checks the tally of lines packed one a byte against the
// tally line by line, on random boards of up to 8x8 (20000, 5000 with
// -short).
func TestTallyBytes(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	tl := newTallier()
	boards := 20000
	if testing.Short() {
		boards = 5000
	}
	for range boards {
		g, _ := newGeometry(1+rng.IntN(8), 1+rng.IntN(8))
		x := rng.Uint64()
		switch rng.IntN(3) { // a quarter, half or three quarters empty
		case 0:
			x &= rng.Uint64()
		case 1:
			x |= rng.Uint64()
		}
		e := bb{Lo: x}.And(g.all)
		var l lines
		g.fillLines(&l, e)
		for _, c := range []struct {
			own  []uint64
			word uint64
		}{{l.cols[:g.w], l.colBytes}, {l.rows[:g.h], l.rowBytes}} {
			if got, want := tl.tallyBytes(c.word), tl.tally(c.own); got != want {
				t.Fatalf("%v lines %x: by bytes %+v, by lines %+v", positionOf(g, e), c.own, got, want)
			}
		}
	}
}

// TestTurn checks the lines turn and turnBytes give against the lines of
// the board turned half round cell by cell, on random boards of up to
// 12 rows and columns and 128 cells (lines packed one a byte up to
// 8x8).
func TestTurn(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	tl := newTallier()
	for range 5000 {
		h, w := 1+rng.IntN(12), 1+rng.IntN(12)
		g, err := newGeometry(h, w)
		if err != nil {
			continue // more cells than the engine takes
		}
		e := bb{Lo: rng.Uint64(), Hi: rng.Uint64()}.And(g.all)
		var turned bb
		for x := range h * w {
			if e.Has(x) {
				turned = turned.Or(cell(h*w - 1 - x))
			}
		}
		var l, want lines
		g.fillLines(&l, e)
		g.fillLines(&want, turned)
		for _, c := range []struct {
			own, want      []uint64
			word, wantWord uint64
			length         int
		}{
			{l.cols[:w], want.cols[:w], l.colBytes, want.colBytes, h},
			{l.rows[:h], want.rows[:h], l.rowBytes, want.rowBytes, w},
		} {
			got := tl.turn(c.own, c.length)
			for i := range got {
				if got[i] != c.want[i] {
					t.Fatalf("%v lines %x: turned %x, want %x", positionOf(g, e), c.own, got, c.want)
				}
			}
			if l.bytes {
				if got := turnBytes(c.word, len(c.own), c.length); got != c.wantWord {
					t.Fatalf("%v word %x: turned %x, want %x", positionOf(g, e), c.word, got, c.wantWord)
				}
			}
		}
	}
}

// TestPackLineTables checks packLine, which reads tables for lines of up
// to longLine cells, against packLongLine on every such line, twice (the
// second time from the entry the first filled in), and on random longer
// lines, which it packs a part at a time.
func TestPackLineTables(t *testing.T) {
	tl := newTallier()
	rng := rand.New(rand.NewPCG(5, 6))
	for range 200000 {
		n := longLine + 1 + rng.IntN(64-longLine)
		free := rng.Uint64()
		if rng.IntN(2) == 0 {
			free |= rng.Uint64() // longer stretches
		}
		if n < 64 {
			free &= 1<<n - 1
		}
		prot := free & (rng.Uint64() | rng.Uint64())
		f, p, u, s := tl.packLine(free, prot)
		wf, wp, wu, ws := packLongLine(free, prot)
		if f != wf || p != wp || u != wu || s != ws {
			t.Fatalf("free %b prot %b: %b %b %b %d, want %b %b %b %d", free, prot, f, p, u, s, wf, wp, wu, ws)
		}
	}
	for round := range 2 {
		for free := range uint64(1 << longLine) {
			for prot := free; ; prot = (prot - 1) & free { // every subset
				f, p, u, s := tl.packLine(free, prot)
				wf, wp, wu, ws := packLongLine(free, prot)
				if f != wf || p != wp || u != wu || s != ws {
					t.Fatalf("round %d, free %b prot %b: %b %b %b %d, want %b %b %b %d", round, free, prot, f, p, u, s, wf, wp, wu, ws)
				}
				if prot == 0 {
					break
				}
			}
		}
	}
}
