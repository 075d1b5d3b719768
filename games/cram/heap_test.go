package cram

import (
	"bytes"
	"context"
	"encoding/binary"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/games/cram/heap"
	"github.com/tablebase/tablebase/games/internal/placement"
	"github.com/tablebase/tablebase/internal/region"
	"github.com/tablebase/tablebase/query"
)

// TestHeapSearch: the heap search, a heap at a time and pruned, gives
// the solver's nim-value of random regions (half of them their own image
// under the half-turn), with parts of at most 2, 6 and 10 cells valued
// by plain recursion, the oracle's on regions of at most 14 cells, and
// the published values of rectangles of at most 24 cells, with a table
// large and small.
func TestHeapSearch(t *testing.T) {
	for _, pruned := range []bool{false, true} {
		t.Run(map[bool]string{false: "heap", true: "pruned"}[pruned], func(t *testing.T) { testHeapSearch(t, pruned) })
	}
}

// testHeapSearch is TestHeapSearch, pruned from heap 0 or from
// DefaultAspireFrom.
func testHeapSearch(t *testing.T, pruned bool) {
	s := placement.NewSolver(cgt.NewUniverse(20), Game.Rules)
	rng := rand.New(rand.NewPCG(7, 8))
	regions, published := 300, 24
	if testing.Short() { // a third of the regions, the rectangles of at most 20 cells
		regions, published = 100, 20
	}
	for _, small := range []int{2, 6, 10} {
		h := NewHeapSearch(small, 0)
		if pruned {
			h.AspireFrom = 0
		}
		for range regions {
			hgt, w := 2+rng.IntN(4), 2+rng.IntN(5)
			r := region.Region{H: uint8(hgt), W: uint8(w), Bits: rng.Uint64() & (1<<(hgt*w) - 1)}
			if rng.IntN(2) == 0 { // its own image under the half-turn
				r.Bits |= bits.Reverse64(r.Bits) >> (64 - hgt*w)
			}
			for _, c := range r.Components(nil) {
				got, want := h.Nimber(c), s.U.Nimber(s.Component(c))
				if got != want {
					t.Fatalf("small %d: %v: heap search %d, solver %d", small, c, got, want)
				}
				if c.Cells() <= 14 {
					if o := oracleNimber(strings.Split(c.String(), "|")); got != o {
						t.Fatalf("small %d: %v: heap search %d, oracle %d", small, c, got, o)
					}
				}
			}
		}
	}
	// The second search's table is at its least (4,096 regions), so that
	// it replaces what it finds and searches much again.
	for _, memo := range []int{0, 1} {
		h := NewHeapSearch(6, memo)
		if pruned {
			h.AspireFrom = 0
		}
		for _, p := range publishedCram {
			if p.Rows*p.Cols <= published {
				if got := h.Nimber(region.Full(p.Rows, p.Cols)); got != p.Nimber {
					t.Errorf("memo %d: %dx%d: heap search %d, published %d (%s)", memo, p.Rows, p.Cols, got, p.Nimber, p.Source)
				}
			}
		}
		t.Logf("memo %d: %d nodes, %d regions valued", memo, h.Nodes, h.Valued())
	}
}

// BenchmarkNimber values the empty 3x10 board from nothing by the heap
// search (parts of at most 16 cells valued by plain recursion) and by the
// solver alone.
func BenchmarkNimber(b *testing.B) {
	board := region.Full(3, 10)
	b.Run("heap", func(b *testing.B) {
		for b.Loop() {
			if NewHeapSearch(16, 0).Nimber(board) != 2 {
				b.Fatal("3x10 is *2")
			}
		}
	})
	b.Run("solver", func(b *testing.B) {
		for b.Loop() {
			s := placement.NewSolver(cgt.NewUniverse(20), Game.Rules)
			if s.U.Nimber(s.Component(board)) != 2 {
				b.Fatal("3x10 is *2")
			}
		}
	})
}

// TestQueryLarge: a query values a component of over 24 cells by the
// heap search: the published nim-values of rectangles of 25 to 30 cells,
// a timeout that ends a search of 63, and 8x8 at once.
func TestQueryLarge(t *testing.T) {
	q, err := Game.Open(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	u := cgt.NewUniverse(0)
	checked := 0
	for _, p := range publishedCram {
		if n := p.Rows * p.Cols; n <= 24 || n > 30 || testing.Short() && n > 27 {
			continue
		}
		a := q.Query(context.Background(), region.Full(p.Rows, p.Cols).String(), query.Options{})
		want := u.String(u.Nim(p.Nimber))
		if a.Error != "" || a.Value != want {
			t.Errorf("%dx%d: %+v, published %s", p.Rows, p.Cols, a, want)
		}
		checked++
	}
	if checked < 3 {
		t.Fatalf("%d boards checked", checked)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	// 9x7: 110 moves at the first node.
	if a := q.Query(ctx, region.Full(9, 7).String(), query.Options{}); !strings.Contains(a.Error, "did not finish") {
		t.Errorf("9x7 within 100 ms: %+v", a)
	}
	// An even by even board is 0 by the symmetry, without a search.
	if a := q.Query(context.Background(), region.Full(8, 8).String(), query.Options{}); a.Error != "" || a.Value != "0" {
		t.Errorf("8x8: %+v", a)
	}
}

// TestHeapSearchResumes: a search stopped part way (its bound on the
// nim-value below it, and not exact), saved and loaded into a new one,
// gives the nim-value; the new one searches fewer nodes than
// one from nothing. Load refuses what is not a saved search of Cram.
func TestHeapSearchResumes(t *testing.T) {
	board := region.Full(3, 13) // under a second, parts of up to 6 cells by the mex

	fresh, moves := countedSearch(6, 0)
	want := fresh.Nimber(board)
	first, stopped := countedSearch(6, moves.calls/5)
	if _, ok := first.Run(stopped.done, board); ok {
		t.Fatal("3x13 searched before a fifth of its moves: nothing to resume")
	}
	if n, exact := fresh.AtLeast(board); n != want || !exact {
		t.Errorf("searched: at least %d (exact %v), nim-value %d", n, exact, want)
	}
	if n, exact := first.AtLeast(board); n > want || exact {
		t.Errorf("stopped: at least %d (exact %v), nim-value %d", n, exact, want)
	}
	// Every move of the board plus its nim-value leaves a first-player
	// win; stopped part way, the search has shown it for fewer, and a
	// search from nothing for none but the heap's.
	if r, m := fresh.Refuted(board, want); r != m || m != 3*12+2*13+want {
		t.Errorf("searched: %d of %d moves refuted, want all of %d", r, m, 3*12+2*13+want)
	}
	if r, m := first.Refuted(board, want); r >= m {
		t.Errorf("stopped: %d of %d moves refuted", r, m)
	}
	if r, m := NewHeapSearch(6, 0).Refuted(board, want); r != 0 || m != 3*12+2*13+want {
		t.Errorf("from nothing: %d of %d moves refuted", r, m)
	}
	var saved bytes.Buffer
	n, err := first.Save(&saved, 16, math.MaxInt)
	if err != nil || n == 0 {
		t.Fatalf("saved %d regions: %v", n, err)
	}
	// Capped at the regions of more than 16 cells and one more: those
	// are the ones kept.
	census, larger := first.Census(), 0
	for _, c := range census[17:] {
		larger += c
	}
	var capped bytes.Buffer
	if m, err := first.Save(&capped, 16, larger+1); err != nil || m != larger+1 {
		t.Errorf("saved %d regions of at most %d: %v", m, larger+1, err)
	}
	var kept [65]int
	for k := range records(capped.Bytes()) {
		kept[bits.OnesCount64(k.Bits)]++
	}
	if kept[16] != 1 || !slices.Equal(kept[17:], census[17:]) {
		t.Errorf("capped save kept %v, of %v", kept[16:], census[16:])
	}
	second := NewHeapSearch(6, 0)
	if m, err := second.Load(bytes.NewReader(saved.Bytes())); err != nil || m != n {
		t.Fatalf("loaded %d of %d regions: %v", m, n, err)
	}
	if got, ok := second.Run(make(chan struct{}), board); !ok || got != want {
		t.Errorf("resumed: %d %v, want %d", got, ok, want)
	}
	if second.Nodes >= fresh.Nodes {
		t.Errorf("resumed search took %d nodes, from nothing %d", second.Nodes, fresh.Nodes)
	}
	bad := [][]byte{
		[]byte("not a search\n"),
		[]byte(strings.Replace(saved.String(), "cram", "snort", 1)),
		saved.Bytes()[:saved.Len()-3],                                                      // a record cut short
		append(saved.Bytes()[:len(saved.Bytes()):len(saved.Bytes())], make([]byte, 16)...), // a key that is no region's
	}
	for i, b := range bad {
		if _, err := NewHeapSearch(6, 0).Load(bytes.NewReader(b)); err == nil {
			t.Errorf("bad save %d loaded", i)
		}
	}
}

// TestHeapSearchTurns: searches of one board that try its moves, or
// the moves of the positions its moves leave, from different turns give
// its nim-value by other paths (other node counts), and what two of them
// found, stopped part way, joins in a third that loads both saves: as
// far on as either.
func TestHeapSearchTurns(t *testing.T) {
	boards := []region.Region{region.Full(3, 11), region.Full(3, 13)}
	if testing.Short() {
		boards = boards[:1]
	}
	for _, board := range boards {
		first := NewHeapSearch(16, 0)
		want := first.Nimber(board)
		for depth := 1; depth <= 2; depth++ {
			for turns := 2; turns <= 3; turns++ {
				if testing.Short() && turns-depth != 1 { // turn 1 of 2 at depth 1, turn 2 of 3 at depth 2
					continue
				}
				s := NewHeapSearch(16, 0)
				s.Turn, s.Turns, s.TurnDepth = turns-1, turns, depth
				if got := s.Nimber(board); got != want || s.Nodes == first.Nodes {
					t.Errorf("%dx%d, turn %d of %d at depth %d: %d in %d nodes; turn 0: %d in %d", board.H, board.W, turns-1, turns, depth, got, s.Nodes, want, first.Nodes)
				}
			}
		}
	}
	board := region.Full(3, 13)
	whole, moves := countedSearch(6, 0)
	want := whole.Nimber(board)
	var saves []bytes.Buffer
	for turn := range 2 {
		s, stopped := countedSearch(6, moves.calls/5)
		s.Turn, s.Turns = turn, 2
		if _, ok := s.Run(stopped.done, board); ok {
			t.Fatal("3x13 searched before a fifth of its moves: nothing to join")
		}
		var b bytes.Buffer
		if _, err := s.Save(&b, 16, math.MaxInt); err != nil {
			t.Fatal(err)
		}
		saves = append(saves, b)
	}
	joined := NewHeapSearch(6, 0)
	for i := range saves {
		if _, err := joined.Load(bytes.NewReader(saves[i].Bytes())); err != nil {
			t.Fatal(err)
		}
	}
	var again bytes.Buffer
	if _, err := joined.Save(&again, 16, math.MaxInt); err != nil {
		t.Fatal(err)
	}
	// What the joined search holds of a region joins what both saves
	// hold of it, but for the odd region its table let go (its window
	// full) and took back from the second save.
	has, kept, lost, saved := records(again.Bytes()), 0, 0, 0
	first, second := records(saves[0].Bytes()), records(saves[1].Bytes())
	for k, j := range has {
		a, b := first[k], second[k]
		if a.nim != 0 && j.nim != a.nim || b.nim != 0 && j.nim != b.nim || j.won != a.won|b.won {
			lost++
		}
		if a.won != 0 && b.won != 0 && a.won != b.won {
			kept++
		}
	}
	if kept == 0 || lost*20 > kept {
		t.Errorf("%d regions saved by both with other results, %d of the regions joined lost some", kept, lost)
	}
	for k := range first {
		if second[k] == (record{}) {
			saved++
		}
	}
	if saved += len(second); len(has) < saved*99/100 {
		t.Errorf("joined %d of the %d regions saved", len(has), saved)
	}
	if got, ok := joined.Run(make(chan struct{}), board); !ok || got != want {
		t.Errorf("joined: %d %v, want %d", got, ok, want)
	}
}

// record is what a saved heap search holds of a region.
type record struct {
	nim uint8
	won uint32
}

// records reads what Save wrote.
func records(saved []byte) map[canon.Key]record {
	m := map[canon.Key]record{}
	_, b, _ := bytes.Cut(saved, []byte("\n"))
	for ; len(b) >= heap.HeapRecordLen; b = b[heap.HeapRecordLen:] {
		k, _ := canon.ParseKey(b[:canon.KeyLen])
		m[k] = record{b[canon.KeyLen], binary.BigEndian.Uint32(b[canon.KeyLen+1:])}
	}
	return m
}

// TestHeapSearchProgress: after a search that found 3x13's nim-value,
// 2, every move of 3x13 plus a heap of 2 is known to lose, and a move
// of 3x13 plus a heap of 1 to win; before any search, nothing is known
// and nothing refuted.
func TestHeapSearchProgress(t *testing.T) {
	board := region.Full(3, 13)
	moves := 3*12 + 2*13
	fresh := NewHeapSearch(16, 0)
	for _, p := range fresh.Progress(board, 2) {
		if p.Known || p.Refuted != 0 || p.Moves == 0 {
			t.Errorf("before the search: %+v", p)
		}
	}
	s := NewHeapSearch(16, 0)
	if n := s.Nimber(board); n != 2 {
		t.Fatalf("3x13: %d", n)
	}
	list := s.Progress(board, 2)
	if len(list) != moves+2 {
		t.Fatalf("%d moves with a heap of 2, want %d", len(list), moves+2)
	}
	for i, p := range list {
		if !p.Known || p.Wins || (i < moves) != (p.Move != 0) || p.Move == 0 && p.Heap != i-moves {
			t.Errorf("move %d with a heap of 2: %+v", i, p)
		}
	}
	wins := 0
	for _, p := range s.Progress(board, 1) {
		if p.Known && p.Wins {
			wins++
		}
	}
	if wins == 0 {
		t.Error("no move of 3x13 plus a heap of 1 known to win")
	}
}

// countingRules is Cram's rules counting the positions whose moves a
// search asks for, and closing done at the stopAt-th (0: never): a heap
// search, on one goroutine, stopped there stops at the same point on any
// machine, however busy.
type countingRules struct {
	rules
	calls, stopAt int
	done          chan struct{}
}

// Moves counts a call, then answers as Cram's rules do.
func (c *countingRules) Moves(r region.Region, left bool, dst []uint64) []uint64 {
	if c.calls++; c.calls == c.stopAt {
		close(c.done)
	}
	return c.rules.Moves(r, left, dst)
}

// countedSearch returns a heap search of Cram (parts of at most small
// cells valued by recursion) and its rules, which count its calls and
// close their done, to Run it with, at its stopAt-th (0: never).
func countedSearch(small, stopAt int) (*HeapSearch, *countingRules) {
	c := &countingRules{stopAt: stopAt, done: make(chan struct{})}
	return heap.NewHeapSearch(c, small, nil, 0), c
}
