package ttt3d

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games/gametest"
	"github.com/tablebase/tablebase/games/ttt3d/qubic"
	"github.com/tablebase/tablebase/games/ttt3d/rules"
	"github.com/tablebase/tablebase/games/ttt3d/solve"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

// TestTTT3DFileMatchesSolver answers random 3x3x3 positions of at most
// 6 stones (3 with -short) from a tablebase of at most 6 (3) and by
// search, and compares every field, moves included.
func TestTTT3DFileMatchesSolver(t *testing.T) {
	t.Parallel()
	plies := 6
	if testing.Short() {
		plies = 3
	}
	path := filepath.Join(t.TempDir(), "t.db")
	if _, err := Build(context.Background(), plies, build.Options{Path: path}); err != nil {
		t.Fatal(err)
	}
	fromFile := shortTables(gametest.Open(t, path, Game).(*Querier))
	solverOnly, _ := NewQuerier(nil)
	shortTables(solverOnly)
	r := rand.New(rand.NewPCG(7, 8))
	for range 200 {
		cells := []byte(strings.Repeat(".", 27))
		stones := r.IntN(plies + 1) // plies: the last ply the file holds
		for i, c := range r.Perm(27)[:stones] {
			cells[c] = "xo"[i%2]
		}
		pos := string(cells)
		a := fromFile.Query(context.Background(), pos, query.Options{NoSolve: true})
		b := solverOnly.Query(context.Background(), pos, query.Options{})
		if a.Error != "" || b.Error != "" {
			if a.Error != b.Error || !strings.Contains(a.Error, "line") {
				t.Fatalf("%s: errors %q and %q", pos, a.Error, b.Error)
			}
			continue
		}
		ea, eb := AnswerOf(a), AnswerOf(b)
		if a.Source != query.FromTablebase && ea.Result != "loss" {
			t.Fatalf("%s: source %s", pos, a.Source)
		}
		if ea.Result != eb.Result || *ea.Plies != *eb.Plies {
			t.Fatalf("%s: file %+v, solver %+v", pos, a, b)
		}
		if stones == plies {
			// The file's last ply: the moves the rules settle, each as
			// the solver has it.
			for _, m := range a.Moves {
				if i := slices.IndexFunc(b.Moves, func(n query.Move) bool { return n.Move == m.Move }); i < 0 || !reflect.DeepEqual(m, b.Moves[i]) {
					t.Fatalf("%s: move %+v", pos, m)
				}
			}
			continue
		}
		if !reflect.DeepEqual(a.Moves, b.Moves) {
			t.Fatalf("%s: file %+v, solver %+v", pos, a, b)
		}
		if len(a.Moves) > 0 && (a.Moves[0].Result != ea.Result || *MoveOf(a.Moves[0]).Plies != *ea.Plies) {
			t.Fatalf("%s: the first move does not give the answer", pos)
		}
	}
	// Beyond the file's plies, --no-solve is an error.
	deep := "xoxoxoox." + strings.Repeat(".", 18)
	if a := fromFile.Query(context.Background(), deep, query.Options{NoSolve: true}); !strings.Contains(a.Error, query.ErrNotStored.Error()) {
		t.Fatalf("%s: %+v", deep, a)
	}
}

// TestTTT3DCompleteFile checks a complete 3x3x3 tablebase, too large to
// build in CI: set TB_TTT3D_DB to its path. Positions reached by random
// play (0 to 25 stones) must all be answered from the file, with the
// exact solver's result and plies.
func TestTTT3DCompleteFile(t *testing.T) {
	path := os.Getenv("TB_TTT3D_DB")
	if path == "" {
		t.Skip("TB_TTT3D_DB names no complete 3x3x3 tablebase")
	}
	tb := gametest.Open(t, path, Game)
	b := rules.MustGet(3)
	s := solve.NewSolver(b, 24)
	r := rand.New(rand.NewPCG(31, 32))
	for n := 0; n < 20000; {
		p, stones := rules.Empty(b, 0), r.IntN(26)
		for i := 0; i < stones && !p.Finished(); i++ {
			var cells []int
			for e := p.EmptyCells(); e != 0; e &= e - 1 {
				cells = append(cells, rules.LowCell(e))
			}
			p = p.Play(cells[r.IntN(len(cells))])
		}
		if p.Finished() {
			continue
		}
		n++
		a := tb.Query(context.Background(), p.String(), query.Options{NoSolve: true})
		if err := a.Err(); err != nil || a.Source != query.FromTablebase {
			t.Fatalf("%s: %v, source %q", p, err, a.Source)
		}
		if o, e := s.Solve(p), AnswerOf(a); e.Result != o.Result.String() || *e.Plies != o.Plies {
			t.Fatalf("%s: file %s in %d, solver %v", p, e.Result, *e.Plies, o)
		}
	}
}

// TestTTT3DStrategyFile builds a 4x4x4 strategy from a position x wins
// in 7 plies (52 stones, found by random play), and checks that the
// querier answers it and every reply of o from the file, consistently
// with the exact solver.
func TestTTT3DStrategyFile(t *testing.T) {
	t.Parallel()
	solver := solve.NewSolver(rules.MustGet(4), 18)
	from, err := rules.Parse("ox..oxxoxx..oo.xox.oxoxxoxx.oooxxoxxxooooo.xoxxoo..xxxoxoxo.xo.o")
	if err != nil {
		t.Fatal(err)
	}
	if o := solver.Solve(from); o.Result != solve.Win || o.Plies < 5 {
		t.Fatalf("%s: %v, not a win in 5 plies or more", from, o)
	}
	path := filepath.Join(t.TempDir(), "q.db")
	if _, err := qubic.BuildQubic(t.Context(), from, 1<<20, build.Options{Path: path}); err != nil {
		t.Fatal(err)
	}
	q := shortTables(gametest.Open(t, path, Game).(*Querier))
	a := q.Query(context.Background(), from.String(), query.Options{NoSolve: true})
	best := solver.Solve(from)
	if e := AnswerOf(a); a.Error != "" || !e.Strategy || e.Result != "win" || len(a.Moves) != 1 || *e.Plies < best.Plies {
		t.Fatalf("%s: %+v (solver %v)", from, a, best)
	}
	after := from.Play(MoveOf(a.Moves[0]).Cell)
	if o := solver.Solve(after); o.Result != solve.Loss {
		t.Fatalf("strategy move %d does not win: %v", MoveOf(a.Moves[0]).Cell, o)
	}
	reply := q.Query(context.Background(), after.String(), query.Options{NoSolve: true})
	if reply.Error != "" || AnswerOf(reply).Result != "loss" || len(reply.Moves) != rules.Count(after.EmptyCells()) {
		t.Fatalf("%s: %+v", after, reply)
	}
	for _, m := range reply.Moves {
		if m.Result != "loss" || *MoveOf(m).Plies > *AnswerOf(reply).Plies {
			t.Fatalf("%s: reply %+v", after, m)
		}
	}
}

// TestSearchStops: a 4x4x4 search gives up when its context ends, with
// ErrTimeout: stopped short of its answer (the minute allowed only guards
// against a hang, on however busy a machine).
func TestSearchStops(t *testing.T) {
	q, _ := NewQuerier(nil)
	shortTables(q)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	a := q.Query(ctx, "x......o"+strings.Repeat(".", 56), query.Options{})
	if !errors.Is(a.Err(), query.ErrTimeout) || time.Since(start) > time.Minute {
		t.Fatalf("after %v: %s", time.Since(start), a.Error)
	}
}

// BenchmarkFileLookups looks up random unfinished positions (random play
// to 0 to 25 stones, or the file's --max-plies) in the 3x3x3 file named by
// TB_TTT3D_DB, from a
// process that has not read it before: run it with -count 1 and
// -benchtime Nx, and read lookups a second as N divided by the time.
func BenchmarkFileLookups(b *testing.B) {
	path := os.Getenv("TB_TTT3D_DB")
	if path == "" {
		b.Skip("TB_TTT3D_DB names no 3x3x3 tablebase")
	}
	f, err := tablebase.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	q, err := NewQuerier(f)
	if err != nil {
		b.Fatal(err)
	}
	most, err := strconv.Atoi(f.Meta().Params["max-plies"])
	if err != nil {
		b.Fatal(err)
	}
	board := rules.MustGet(3)
	r := rand.New(rand.NewPCG(41, 42))
	var positions []rules.Position
	for len(positions) < 1<<16 {
		p, stones := rules.Empty(board, 0), r.IntN(min(most, 25)+1)
		for i := 0; i < stones && !p.Finished(); i++ {
			var cells []int
			for e := p.EmptyCells(); e != 0; e &= e - 1 {
				cells = append(cells, rules.LowCell(e))
			}
			p = p.Play(cells[r.IntN(len(cells))])
		}
		if !p.Finished() {
			positions = append(positions, p)
		}
	}
	b.ResetTimer()
	for i := range b.N {
		if _, ok, err := q.lookup(positions[i%len(positions)]); !ok || err != nil {
			b.Fatal(ok, err)
		}
	}
}

// TestBlockedAnswers: a 4x4x4 pattern that pairings settle is a draw
// filling the board, answered at once with its proof; a node limit that
// is too small for a pattern is an error, not a wrong answer.
func TestBlockedAnswers(t *testing.T) {
	t.Parallel()
	q, _ := NewQuerier(nil)
	shortTables(q)
	a := q.Query(context.Background(), rules.Empty(rules.MustGet(4), diagonals()).String(), query.Options{})
	if e := AnswerOf(a); a.Error != "" || e.Result != "draw" || e.Proof != solve.ProvedByPairing || e.Plies == nil || *e.Plies != 48 || len(a.Moves) != 48 {
		t.Fatalf("diagonals blocked: %+v", a)
	}
	for _, m := range a.Moves {
		if m.Result != "draw" || MoveOf(m).Plies == nil || *MoveOf(m).Plies != 48 {
			t.Fatalf("diagonals blocked: move %+v", m)
		}
	}
	one := "#" + strings.Repeat(".", 63)
	a = q.Query(context.Background(), one, query.Options{MaxNodes: 10_000})
	if !errors.Is(a.Err(), query.ErrTooLarge) || a.Extra != nil {
		t.Fatalf("one blocked cell, 10,000 nodes: %+v", a)
	}
}
