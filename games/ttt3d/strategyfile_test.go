package ttt3d

import (
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games/gametest"
	"github.com/tablebase/tablebase/games/ttt3d/qubic"
	"github.com/tablebase/tablebase/games/ttt3d/rules"
	"github.com/tablebase/tablebase/games/ttt3d/solve"
	"github.com/tablebase/tablebase/query"
)

// TestQubicBlocked builds the strategy of a position with blocked cells
// and checks that the file answers that pattern, each move of x a win
// by Decide, and leaves the same stones without the blocked cells to the
// search.
func TestQubicBlocked(t *testing.T) {
	t.Parallel()
	from := randomBlocked(t, rand.New(rand.NewPCG(23, 24)), func(p rules.Position) bool {
		proof, err := qubic.ProveParallel(p.Restricted(), 400_000, qubic.ParallelOptions{Workers: 1})
		return err == nil && proof.Win && proof.Plies > 5
	})
	path := filepath.Join(t.TempDir(), "q.db")
	if _, err := qubic.BuildQubic(t.Context(), from, 10_000_000, build.Options{Path: path, Workers: 2}); err != nil {
		t.Fatal(err)
	}
	q := shortTables(gametest.Open(t, path, Game).(*Querier))
	ctx := t.Context()
	moves, source, err := q.Moves(ctx, from, query.Options{})
	if err != nil || source != query.FromTablebase || len(moves) != 1 {
		t.Fatalf("%s: %v from %s, %v", from, moves, source, err)
	}
	next := from.Play(moves[0].Cell)
	if d, err := solve.Decide(next, solve.DecideOptions{MaxNodes: 2_000_000, ResultOnly: true}); err != nil || d.Result != solve.Loss {
		t.Fatalf("%s: the stored move %d gives %+v, %v", from, moves[0].Cell, d, err)
	}
	// o's replies are answered from the file too, each a loss.
	replies, source, err := q.Moves(ctx, next, query.Options{})
	if err != nil || source != query.FromTablebase || len(replies) != rules.Count(next.EmptyCells()) {
		t.Fatalf("%s: %d replies from %s, %v", next, len(replies), source, err)
	}
	unblocked := from
	unblocked.Blocked = 0
	if _, source, _ := q.Moves(ctx, unblocked, query.Options{MaxNodes: 1000}); source == query.FromTablebase {
		t.Fatalf("%s answered from a file built with blocked cells", unblocked)
	}
}

// TestQubicFromReply builds a strategy from a position with o to move
// (blocked cells too), after a winning move of x, and asks the file for
// the position before that move: the answer comes from the file, a move
// of x after which o loses.
func TestQubicFromReply(t *testing.T) {
	var from rules.Position
	parent := randomBlocked(t, rand.New(rand.NewPCG(23, 24)), func(p rules.Position) bool {
		d, err := solve.Decide(p, solve.DecideOptions{MaxNodes: 400_000})
		if err != nil || d.Result != solve.Win || len(d.Moves) == 0 || p.B.Completes(p.X, d.Moves[0]) {
			return false
		}
		from = p.Play(d.Moves[0])
		return true
	})
	path := filepath.Join(t.TempDir(), "q.db")
	if _, err := qubic.BuildQubic(t.Context(), from, 10_000_000, build.Options{Path: path, Workers: 2}); err != nil {
		t.Fatal(err)
	}
	q := shortTables(gametest.Open(t, path, Game).(*Querier))
	moves, source, err := q.Moves(t.Context(), parent, query.Options{})
	if err != nil || source != query.FromTablebase || len(moves) != 1 || moves[0].Outcome.Result != solve.Win {
		t.Fatalf("%s: %v from %s, %v", parent, moves, source, err)
	}
	next := parent.Play(moves[0].Cell)
	if d, err := solve.Decide(next, solve.DecideOptions{MaxNodes: 2_000_000, ResultOnly: true}); err != nil || d.Result != solve.Loss {
		t.Fatalf("%s: the move %d from the file gives %+v, %v", parent, moves[0].Cell, d, err)
	}
}

// randomBlocked returns the first of random 4x4x4 positions of 6 blocked
// cells and 8 stones, x to move, that ok accepts.
func randomBlocked(t *testing.T, r *rand.Rand, ok func(rules.Position) bool) rules.Position {
	t.Helper()
	for range 1000 {
		cells := []byte("................................................................")
		perm := r.Perm(64)
		for _, c := range perm[:6] {
			cells[c] = '#'
		}
		for i, c := range perm[6:14] {
			cells[c] = "xo"[i%2]
		}
		if p, err := rules.Parse(string(cells)); err == nil && ok(p) {
			return p
		}
	}
	t.Fatal("no random position with blocked cells won by search")
	return rules.Position{}
}
