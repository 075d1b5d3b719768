package census

import (
	"context"
	"encoding/binary"
	"errors"
	mbig "math/big"
	"math/bits"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games/ttt3d/rules"
	"github.com/tablebase/tablebase/games/ttt3d/solve"
	"github.com/tablebase/tablebase/tablebase"
)

// burnside counts the classes of k-cell sets under the board's group by
// Burnside's lemma: the average over the maps of the sets each fixes,
// the coefficient of t^k in the product over its cycles of 1 + t^length.
// Each board's counts of every k are made once (burnsideCounts).
func burnside(b *rules.Board, k int) int64 {
	burnsideMemo.Lock()
	defer burnsideMemo.Unlock()
	c, ok := burnsideMemo.counts[b]
	if !ok {
		c = burnsideCounts(b)
		burnsideMemo.counts[b] = c
	}
	return c[k]
}

// burnsideMemo holds burnside's counts by board.
var burnsideMemo = struct {
	sync.Mutex
	counts map[*rules.Board][]int64
}{counts: map[*rules.Board][]int64{}}

// burnsideCounts returns burnside's counts of b for every k from 0 to
// its cells.
func burnsideCounts(b *rules.Board) []int64 {
	total := make([]*mbig.Int, b.Cells+1)
	for k := range total {
		total[k] = new(mbig.Int)
	}
	for _, g := range b.Group {
		poly := []*mbig.Int{mbig.NewInt(1)}
		seen := make([]bool, b.Cells)
		for c := range b.Cells {
			if seen[c] {
				continue
			}
			n := 0
			for d := c; !seen[d]; d = int(g.Perm[d]) {
				seen[d] = true
				n++
			}
			next := make([]*mbig.Int, len(poly)+n)
			for i := range next {
				next[i] = new(mbig.Int)
			}
			for i, a := range poly {
				next[i].Add(next[i], a)
				next[i+n].Add(next[i+n], a)
			}
			poly = next
		}
		for k := range total {
			total[k].Add(total[k], poly[k])
		}
	}
	c := make([]int64, len(total))
	for k, t := range total {
		c[k] = t.Div(t, mbig.NewInt(int64(len(b.Group)))).Int64()
	}
	return c
}

// TestPatternClasses checks the number of classes of each size against
// Burnside's lemma, and that each class is the least of its images
// (-short leaves out 5, 58 and 59, the largest).
func TestPatternClasses(t *testing.T) {
	b := rules.MustGet(4)
	sizes := []int{0, 1, 2, 3, 4, 5, 58, 59, 60, 61, 62, 63, 64}
	if testing.Short() {
		sizes = []int{0, 1, 2, 3, 4, 60, 61, 62, 63, 64}
	}
	for _, k := range sizes {
		classes := PatternClasses(b, k)
		if want := burnside(b, k); int64(len(classes)) != want {
			t.Errorf("%d blocked cells: %d classes, Burnside %d", k, len(classes), want)
		}
		for _, m := range classes {
			if bits.OnesCount64(m) != k || leastImage(b, m) != m {
				t.Fatalf("%d blocked cells: %x is not a least image of that size", k, m)
			}
		}
	}
	if got, err := ParseRows("1-3,62,61-64", 64); err != nil || !slices.Equal(got, []int{1, 2, 3, 61, 62, 63, 64}) {
		t.Errorf("ParseRows: %v %v", got, err)
	}
	for _, bad := range []string{"", "3-1", "65", "a", "-1"} {
		if _, err := ParseRows(bad, 64); err == nil {
			t.Errorf("ParseRows(%q) took it", bad)
		}
	}
}

// TestCensus builds the census of the patterns with 59 to 64 blocked
// cells (5 free cells at most, where plain minimax is quick), compares
// every stored result with the oracle's, checks every pairing behind a
// draw with the simple checker, and stops and resumes the build. -short
// leaves out 59 (4 free cells at most), with smaller chunks.
func TestCensus(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "census.db")
	rows, chunk := []int{59, 60, 61, 62, 63, 64}, 1000
	if testing.Short() {
		rows, chunk = rows[1:], 100
	}
	if _, _, err := BuildCensus(context.Background(), rows, CensusLimits{}, build.Options{Path: path, ChunkSize: chunk, StopAfter: 5}); err != build.ErrStopped {
		t.Fatalf("stopped build: %v", err)
	}
	if _, _, err := BuildCensus(context.Background(), rows, CensusLimits{}, build.Options{Path: path, ChunkSize: chunk}); err != nil {
		t.Fatal(err)
	}
	f, err := tablebase.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b := rules.MustGet(4)
	n := 0
	err = f.ForEach(func(e tablebase.Entry) error {
		m := binary.BigEndian.Uint64(e.Key[1:])
		n++
		want := censusDraw
		if oracle(b, 0, 0, b.Full()&^m).Result == solve.Win {
			want = censusWin
		}
		if int(e.Value&3) != want {
			t.Fatalf("pattern %x: stored %d, oracle %d", m, e.Value&3, want)
		}
		if censusProofs[e.Value>>2] == solve.ProvedByPairing {
			rb := b.Restrict(m)
			pairs, ok := rb.Pairing(0, rb.Full())
			if !ok || !checkPairing(rb, 0, rb.Full(), pairs) {
				t.Fatalf("pattern %x: a draw by pairing without a valid pairing", m)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for _, k := range rows {
		want += int(burnside(b, k))
	}
	table, err := CensusTable(f)
	if err != nil || n != want || len(table) != len(rows) {
		t.Fatalf("%d patterns stored, want %d; %d rows (%v)", n, want, len(table), err)
	}
	for _, r := range table {
		if r.XWins+r.Draws+r.Undecided != r.Classes || r.Undecided != 0 {
			t.Errorf("row %+v", r)
		}
	}
}

// TestCensusProves checks the census's second search on two positions
// with blocked cells and stones that Decide leaves undecided within one
// node: one x wins (a proof of some 160,000 nodes, more than the first
// search of a second search of a million nodes, so that o's replies are
// proved apart) is stored as a win, and recorded in the work directory;
// one x does not win stays undecided; and a work directory that cannot
// be written stops the build with its error. -short takes a win of a
// smaller proof (some 50,000 nodes, still more than the first search),
// and 100,000 nodes for the position x does not win.
func TestCensusProves(t *testing.T) {
	t.Parallel()
	won := mustParse(t, "x.....xo...........#.......#.....oo......o..xx#..#..#......#....")
	drawnNodes := int64(200_000)
	if testing.Short() {
		won = mustParse(t, "..#......x......o#..........#........o...#.....x..oxo#x#........")
		drawnNodes = 100_000
	}
	drawn := mustParse(t, ".......#.#..........oo......#......x.....o..##x......x..#..xo...")
	for _, p := range []rules.Position{won, drawn} {
		if _, err := solve.Decide(p, solve.DecideOptions{MaxNodes: 1, ResultOnly: true}); !errors.Is(err, solve.ErrBudget) {
			t.Fatalf("%s: decided within one node (%v)", p, err)
		}
	}
	var failed error
	c := &census{ctx: t.Context(), fail: func(err error) { failed = err }, workers: 2,
		lim: CensusLimits{MaxNodes: 1, ProveNodes: 1_000_000}, work: t.TempDir()}
	if v := c.decide(won); v&3 != censusWin || failed != nil {
		t.Fatalf("%s: census value %d, want a win (%v)", won, v, failed)
	}
	// The proof is recorded beside its replies, which go: a run that
	// resumes the census takes the win at once.
	entries, err := os.ReadDir(c.work)
	if err != nil || len(entries) != 1 || entries[0].Name() != won.String()+".won" {
		t.Fatalf("%s: the work directory holds %v (%v)", won, entries, err)
	}
	if c.won, err = c.proved(); err != nil {
		t.Fatal(err)
	}
	c.lim.ProveNodes = 1
	if v := c.decide(won); v&3 != censusWin || failed != nil {
		t.Fatalf("%s: census value %d once proved, want a win (%v)", won, v, failed)
	}
	c.lim.ProveNodes = drawnNodes // more than the win's proof takes
	if v := c.decide(drawn); v&3 != censusUndecided || failed != nil {
		t.Fatalf("%s: census value %d, want undecided (%v)", drawn, v, failed)
	}
	c.lim.ProveNodes, c.won = 0, nil // a run without the second search
	if v := c.decide(won); v&3 != censusUndecided {
		t.Fatalf("%s: census value %d without the second search", won, v)
	}
	c.lim.ProveNodes = 1_000_000
	c.work = filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(c.work, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if v := c.decide(won); v&3 != censusUndecided || failed == nil {
		t.Fatalf("%s: census value %d with an unwritable work directory, error %v", won, v, failed)
	}
}

// mustParse parses a position of a test.
func mustParse(t *testing.T, s string) rules.Position {
	t.Helper()
	p, err := rules.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
