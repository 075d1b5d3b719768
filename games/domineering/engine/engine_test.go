package engine

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/games/internal/placement"
	"github.com/tablebase/tablebase/internal/bitsw"
	"github.com/tablebase/tablebase/internal/region"
)

// oracleWins is plain minimax from the rules: the player to move wins if
// some move leaves the other a position he loses (oracleWinsFree with no
// free moves).
func oracleWins(r region.Region, left bool) bool { return oracleWinsFree(r, left, 0) }

// plainRules are Domineering's rules for the in-memory solver the tests
// value components with (the domineering package imports this one).
type plainRules struct{}

func (plainRules) Name() string                  { return "domineering" }
func (plainRules) Negates(s canon.Symmetry) bool { return s.Negates() }
func (plainRules) Impartial() bool               { return false }
func (plainRules) MinCover() int                 { return 2 }
func (r plainRules) Placements(c region.Region, left bool, dst []uint64) []uint64 {
	return r.Moves(c, left, dst)
}

// Moves appends every domino of the player: a cell and the next below it
// (Left) or to its right (Right).
func (plainRules) Moves(c region.Region, left bool, dst []uint64) []uint64 {
	vert, horiz := region.Dominoes(c)
	step, starts := 1, horiz
	if left {
		step, starts = int(c.W), vert
	}
	for i := range 64 {
		if starts>>i&1 == 1 {
			dst = append(dst, 1<<i|1<<(i+step))
		}
	}
	return dst
}

// solverValues values components with an in-memory canonical-form solver.
func solverValues() (*cgt.Universe, Values) {
	u := cgt.NewUniverse(16)
	s := placement.NewSolver(u, plainRules{})
	var mu sync.Mutex
	return u, func(c region.Region) (cgt.ID, bool) {
		mu.Lock()
		defer mu.Unlock()
		return s.Component(c), true
	}
}

func position(r region.Region) Position {
	p := Position{H: int(r.H), W: int(r.W)}
	for b := r.Bits; b != 0; b &= b - 1 {
		i := 0
		for x := b & -b; x > 1; x >>= 1 {
			i++
		}
		p.empty = p.empty.Or(bitsw.Cell(i))
	}
	return p
}

// TestAgainstOracle checks the engine, with and without known component
// values, against plain minimax on random boards of up to 20 cells, for
// both players moving first.
func TestAgainstOracle(t *testing.T) {
	u, values := solverValues()
	engines := map[string]*Engine{
		"search only":     New(u, nil, Options{TableBits: 16}),
		"known up to 4":   New(u, values, Options{KnownCells: 4, TableBits: 16}),
		"known up to 10":  New(u, values, Options{KnownCells: 10, TableBits: 16}),
		"one worker, k=7": New(u, values, Options{KnownCells: 7, TableBits: 12, Workers: 1}),
	}
	rng := rand.New(rand.NewPCG(7, 8))
	shapes := [][2]int{{4, 4}, {3, 5}, {5, 3}, {4, 5}, {2, 7}, {5, 4}}
	for i := range oracleRounds() {
		sh := shapes[i%len(shapes)]
		full := region.Full(sh[0], sh[1])
		r := full.With(full.Bits & (rng.Uint64() | rng.Uint64() | rng.Uint64()))
		for _, left := range []bool{true, false} {
			want := oracleWins(r, left)
			for name, e := range engines {
				if got := e.Wins(position(r), left); got != want {
					t.Fatalf("%s: %s, left first %v: engine %v, minimax %v", name, r, left, got, want)
				}
			}
		}
	}
}

// BenchmarkEmpty solves empty boards from scratch (no table carried over)
// with components of up to 10 cells valued in memory, and reports the
// nodes searched.
func BenchmarkEmpty(b *testing.B) {
	for _, size := range [][2]int{{6, 6}, {7, 6}, {7, 7}} {
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			var nodes int64
			for range b.N {
				u, values := solverValues()
				e := New(u, values, Options{KnownCells: benchKnown, TableBits: 22, Workers: benchWorkers})
				p := position(region.Full(size[0], size[1]))
				e.Wins(p, true)
				nodes += e.Nodes()
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}

// benchWorkers is 1 so that node counts do not depend on the timing of
// two goroutines; set TB_WORKERS=2 to measure both cores.
var benchWorkers = func() int {
	if os.Getenv("TB_WORKERS") == "2" {
		return 2
	}
	return 1
}()

// benchKnown is the largest component valued exactly (TB_KNOWN, 10).
var benchKnown = func() int {
	if n, err := strconv.Atoi(os.Getenv("TB_KNOWN")); err == nil {
		return n
	}
	return 10
}()

// oracleRounds returns the number of random boards TestAgainstOracle
// checks (TB_ORACLE_ROUNDS; by default 300, 100 with -short).
func oracleRounds() int {
	if n, err := strconv.Atoi(os.Getenv("TB_ORACLE_ROUNDS")); err == nil {
		return n
	}
	if testing.Short() {
		return 100
	}
	return 300
}

// TestDeadline: a search out of time says it did not solve (the minute
// allowed it only guards against a hang, on however busy a machine), and
// answers nothing into the table that a later search could trust.
func TestDeadline(t *testing.T) {
	u, values := solverValues()
	e := New(u, values, Options{KnownCells: 10, TableBits: 18})
	p := position(region.Full(8, 8))
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	start := time.Now()
	if _, _, solved, ok := e.BestMoveWithin(ctx, p, true); solved || !ok {
		t.Errorf("8x8 in 20 ms: solved %v, ok %v", solved, ok)
	}
	if d := time.Since(start); d > time.Minute {
		t.Errorf("the search went on for %v after its deadline", d)
	}
	small := position(region.Full(4, 4))
	if _, wins, solved, _ := e.BestMoveWithin(context.Background(), small, true); !solved || !wins {
		t.Errorf("4x4: solved %v, wins %v", solved, wins)
	}
}

// TestProgress: a search reports each reply it beats and each root move
// it finds lost, with counts that add up, and its last report says how it
// ended.
func TestProgress(t *testing.T) {
	for _, left := range []bool{true, false} {
		var got []Progress
		u, values := solverValues()
		e := New(u, values, Options{KnownCells: 10, TableBits: 18, Workers: 1,
			Progress: func(p Progress) { got = append(got, p) }})
		wins := e.Wins(position(region.Full(6, 6)), left)
		if len(got) == 0 {
			t.Fatalf("left %v: no progress reported", left)
		}
		for i, p := range got {
			ok := p.Move >= 1 && p.Move <= p.Moves && (p.Lost == p.Move || p.Lost == p.Move-1) &&
				p.Beaten <= p.Replies && p.Nodes <= e.Nodes() && (i == 0 || p.Nodes >= got[i-1].Nodes)
			if !ok {
				t.Fatalf("left %v: report %d of %d: %+v (engine %d nodes)", left, i, len(got), p, e.Nodes())
			}
		}
		last := got[len(got)-1]
		if wins && (last.Beaten != last.Replies || last.Replies == 0) || !wins && last.Lost != last.Moves {
			t.Errorf("left %v, wins %v: last report %+v", left, wins, last)
		}
	}
}

// TestTableSize: without a set size, the table is made for the first
// board and grown for a larger one, never shrunk; a set size stays.
func TestTableSize(t *testing.T) {
	bitsAfter := func(e *Engine, h, w int) uint {
		e.Wins(position(region.Full(h, w)), true)
		return e.tabs.tt.Load().bits
	}
	u, values := solverValues()
	e := New(u, values, Options{KnownCells: 10})
	for _, c := range []struct {
		h, w int
		want uint
	}{{4, 4, 16}, {6, 9, 18}, {4, 5, 18}} {
		if got := bitsAfter(e, c.h, c.w); got != c.want {
			t.Errorf("after %dx%d: 2^%d entries, want 2^%d", c.h, c.w, got, c.want)
		}
	}
	fixed := New(u, values, Options{KnownCells: 10, TableBits: 12})
	if got := bitsAfter(fixed, 6, 9); got != 12 {
		t.Errorf("set to 2^12: 2^%d entries after 6x9", got)
	}
}

// positionOf returns the position of g's board with the empty cells e.
func positionOf(g *geometry, e bb) Position {
	return Position{H: g.h, W: g.w, empty: bitsw.Set{A: e.Lo, B: e.Hi}}
}

// TestFork: forks of an engine search positions at once with the
// answers of an engine of their own, each counting its own nodes, and
// share the table: a position one fork has searched is found there by
// another at once.
func TestFork(t *testing.T) {
	u, values := solverValues()
	boards := []region.Region{region.Full(5, 6), region.Full(6, 5), region.Full(4, 7), region.Full(6, 6)}
	want, alone := make([]bool, len(boards)), make([]int64, len(boards))
	for i, r := range boards {
		own := New(u, values, Options{KnownCells: 10, Workers: 1})
		want[i], alone[i] = own.Wins(position(r), true), own.Nodes()
	}
	e := New(u, values, Options{KnownCells: 10, Workers: 1})
	forks := []*Engine{e.Fork(nil), e.Fork(nil)}
	var wg sync.WaitGroup
	got := make([]bool, len(boards))
	for j, f := range forks {
		wg.Go(func() {
			for i := j; i < len(boards); i += len(forks) {
				got[i] = f.Wins(position(boards[i]), true)
			}
		})
	}
	wg.Wait()
	for i := range boards {
		if got[i] != want[i] {
			t.Errorf("board %d: a fork says %v, its own engine %v", i, got[i], want[i])
		}
	}
	if e.Nodes() != 0 || forks[0].Nodes() == 0 || forks[1].Nodes() == 0 {
		t.Errorf("nodes: engine %d, forks %d and %d; want 0 and both searched", e.Nodes(), forks[0].Nodes(), forks[1].Nodes())
	}
	// The 6x6 board, searched by fork 1, is in the table for fork 0: the
	// positions after its moves are.
	before := forks[0].Nodes()
	if forks[0].Wins(position(boards[3]), true) != want[3] || (forks[0].Nodes()-before)*10 > alone[3] {
		t.Errorf("6x6 again by the other fork: %d nodes, %d by an engine of its own", forks[0].Nodes()-before, alone[3])
	}
}
