package ttt3d

import (
	"context"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games/gametest"
	"github.com/tablebase/tablebase/query"

	"github.com/tablebase/tablebase/tablebase"
)

// TestQubicResume stops a 4x4x4 strategy build after every proved reply
// and checks that each run resumes where the last stopped, that the
// finished file holds a strategy that wins against every defence, and
// that the work directory is gone.
func TestQubicResume(t *testing.T) {
	if testing.Short() {
		t.Skip("a 4x4x4 strategy build of several searches")
	}
	const budget = 400_000
	r := rand.New(rand.NewPCG(21, 22))
	// A position whose proof splits into a few replies that each take
	// a search.
	var from Position
	for from.B == nil {
		cells := []byte("................................................................")
		for i, c := range r.Perm(64)[:8] {
			cells[c] = "xo"[i%2]
		}
		p, err := Parse(string(cells))
		if err != nil {
			continue
		}
		parts := 0
		proof, err := ProveParallel(p, budget, ParallelOptions{Workers: 1, Progress: func(s Split) { parts = s.Parts }})
		if err == nil && proof.Win && parts >= 3 {
			from = p
		}
	}
	path := filepath.Join(t.TempDir(), "q.db")
	runs := 0
	var last build.Summary
	for {
		runs++
		sum, err := BuildQubic(t.Context(), from, budget, build.Options{Path: path, Workers: 1, StopAfter: 1})
		if err == nil {
			last = sum
			break
		}
		if !errors.Is(err, build.ErrStopped) || runs > 100 {
			t.Fatalf("run %d: %v", runs, err)
		}
	}
	if runs < 3 {
		t.Fatalf("the build finished in %d runs: want one per reply", runs)
	}
	if _, err := os.Stat(path + ".work"); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("work directory left behind: %v", err)
	}
	f, err := tablebase.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := Strategy{}
	err = f.ForEach(func(e tablebase.Entry) error {
		k := [2]uint64{binary.BigEndian.Uint64(e.Key), binary.BigEndian.Uint64(e.Key[8:])}
		s[k] = ParseStrategyValue(e.Value)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if int64(len(s)) != last.Positions {
		t.Fatalf("file holds %d positions, summary says %d", len(s), last.Positions)
	}
	if _, err := s.Verify(from); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d runs, %d positions", runs, len(s))
}

// TestQubicBlocked builds the strategy of a position with blocked cells
// and checks that the file answers that pattern, each move of x a win
// by Decide, and leaves the same stones without the blocked cells to the
// search.
func TestQubicBlocked(t *testing.T) {
	t.Parallel()
	from := randomBlocked(t, rand.New(rand.NewPCG(23, 24)), func(p Position) bool {
		proof, err := ProveParallel(p.Restricted(), 400_000, ParallelOptions{Workers: 1})
		return err == nil && proof.Win && proof.Plies > 5
	})
	path := filepath.Join(t.TempDir(), "q.db")
	if _, err := BuildQubic(t.Context(), from, 10_000_000, build.Options{Path: path, Workers: 2}); err != nil {
		t.Fatal(err)
	}
	q := gametest.Open(t, path, Game).(*Querier)
	ctx := t.Context()
	moves, source, err := q.Moves(ctx, from, query.Options{})
	if err != nil || source != query.FromTablebase || len(moves) != 1 {
		t.Fatalf("%s: %v from %s, %v", from, moves, source, err)
	}
	next := from.Play(moves[0].Cell)
	if d, err := Decide(next, DecideOptions{MaxNodes: 2_000_000, ResultOnly: true}); err != nil || d.Result != Loss {
		t.Fatalf("%s: the stored move %d gives %+v, %v", from, moves[0].Cell, d, err)
	}
	// o's replies are answered from the file too, each a loss.
	replies, source, err := q.Moves(ctx, next, query.Options{})
	if err != nil || source != query.FromTablebase || len(replies) != Count(next.EmptyCells()) {
		t.Fatalf("%s: %d replies from %s, %v", next, len(replies), source, err)
	}
	unblocked := from
	unblocked.Blocked = 0
	if _, source, _ := q.Moves(ctx, unblocked, query.Options{MaxNodes: 1000}); source == query.FromTablebase {
		t.Fatalf("%s answered from a file built with blocked cells", unblocked)
	}
}

// TestQubicInterrupt cancels a strategy build of the empty board (a
// search of minutes) and checks that it stops at once with the context's
// error, its file not complete.
func TestQubicInterrupt(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	path := filepath.Join(t.TempDir(), "q.db")
	start := time.Now()
	if _, err := BuildQubic(ctx, Empty(MustGet(4), 0), 1<<40, build.Options{Path: path, Workers: 2}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled build: %v", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Fatalf("the cancelled build took %s to stop", d)
	}
	f, err := tablebase.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if f.Meta().Complete {
		t.Fatal("a cancelled build's file is marked complete")
	}
}

// TestQubicFromReply builds a strategy from a position with o to move
// (blocked cells too), after a winning move of x, and asks the file for
// the position before that move: the answer comes from the file, a move
// of x after which o loses.
func TestQubicFromReply(t *testing.T) {
	var from Position
	parent := randomBlocked(t, rand.New(rand.NewPCG(23, 24)), func(p Position) bool {
		d, err := Decide(p, DecideOptions{MaxNodes: 400_000})
		if err != nil || d.Result != Win || len(d.Moves) == 0 || p.B.Completes(p.X, d.Moves[0]) {
			return false
		}
		from = p.Play(d.Moves[0])
		return true
	})
	path := filepath.Join(t.TempDir(), "q.db")
	if _, err := BuildQubic(t.Context(), from, 10_000_000, build.Options{Path: path, Workers: 2}); err != nil {
		t.Fatal(err)
	}
	q := gametest.Open(t, path, Game).(*Querier)
	moves, source, err := q.Moves(t.Context(), parent, query.Options{})
	if err != nil || source != query.FromTablebase || len(moves) != 1 || moves[0].Outcome.Result != Win {
		t.Fatalf("%s: %v from %s, %v", parent, moves, source, err)
	}
	next := parent.Play(moves[0].Cell)
	if d, err := Decide(next, DecideOptions{MaxNodes: 2_000_000, ResultOnly: true}); err != nil || d.Result != Loss {
		t.Fatalf("%s: the move %d from the file gives %+v, %v", parent, moves[0].Cell, d, err)
	}
}

// randomBlocked returns the first of random 4x4x4 positions of 6 blocked
// cells and 8 stones, x to move, that ok accepts.
func randomBlocked(t *testing.T, r *rand.Rand, ok func(Position) bool) Position {
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
		if p, err := Parse(string(cells)); err == nil && ok(p) {
			return p
		}
	}
	t.Fatal("no random position with blocked cells won by search")
	return Position{}
}
