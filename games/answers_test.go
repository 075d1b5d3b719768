package games_test

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/games"
	"github.com/tablebase/tablebase/query"
)

var update = flag.Bool("update", false, "rewrite testdata/answers.txt with today's answers")

// answerCases are the positions TestAnswerJSON asks of each game beside
// its start and the positions after its first moves: ones that reach the
// fields the start leaves out.
var answerCases = map[string][]string{
	"domineering": {"....|....", "x|.."},
	"ttt3d": {
		"xx.o.o..########################################################", // a pairing draw
		"xxx.ooo.........................................................", // decided by the rules
	},
	"sync-domineering": {"...|...|..."},
	"domineering3d":    {"2x2x2"},
}

// caseBudgets are the node budgets (query.Options.MaxNodes) of the
// answerCases that need one: the position decided by the rules is asked
// with a budget its exact search of every move overruns at once, as the
// default budget of 500,000 nodes a move does in a second.
var caseBudgets = map[string]int64{
	"xxx.ooo.........................................................": 1000,
}

// TestAnswerJSON pins the JSON of every game's answers (docs/contract.md,
// "JSON answers") in testdata/answers.txt, byte for byte: the start of
// each game with every option, without any, with the outcome alone, the
// positions after its first two moves, a position that is not one, and
// the game's answerCases. Run with -update to rewrite the file after a
// deliberate extension.
func TestAnswerJSON(t *testing.T) {
	ctx := context.Background()
	all := query.Options{Moves: true, Details: true, Explicit: true}
	var got strings.Builder
	for _, g := range games.All {
		tb, err := query.OpenGame(g, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		write := func(position string, opts query.Options) query.Answer {
			a := tb.Query(ctx, position, opts)
			got.Write(a.AppendJSON(nil))
			got.WriteByte('\n')
			return a
		}
		start := write(g.Board().Start, all)
		write(g.Board().Start, query.Options{})
		write(g.Board().Start, query.Options{OutcomeOnly: true, Moves: true})
		for _, m := range start.Moves[:min(2, len(start.Moves))] {
			write(m.Position, all)
		}
		write("?", query.Options{})
		for _, p := range answerCases[g.Name()] {
			opts := all
			opts.MaxNodes = caseBudgets[p]
			write(p, opts)
		}
	}
	path := filepath.Join("testdata", "answers.txt")
	if *update {
		if err := os.WriteFile(path, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Split(string(data), "\n")
	for i, line := range strings.Split(got.String(), "\n") {
		if i >= len(want) || line != want[i] {
			t.Fatalf("line %d of %s differs:\ngot  %s\nwant %s", i+1, path, line, want[min(i, len(want)-1)])
		}
	}
	if n := strings.Count(got.String(), "\n"); n != len(want)-1 {
		t.Fatalf("%d answers, %s has %d", n, path, len(want)-1)
	}
}

// BenchmarkAnswerJSON writes the answers of TestAnswerJSON's starts as
// JSON: for each game the start without options (a probe) and with
// moves.
func BenchmarkAnswerJSON(b *testing.B) {
	ctx := context.Background()
	for _, g := range games.All {
		tb, err := query.OpenGame(g, nil, nil)
		if err != nil {
			b.Fatal(err)
		}
		for _, c := range []struct {
			name string
			opts query.Options
		}{{"probe", query.Options{}}, {"moves", query.Options{Moves: true}}} {
			a := tb.Query(ctx, g.Board().Start, c.opts)
			b.Run(g.Name()+"/"+c.name, func(b *testing.B) {
				var buf []byte
				for b.Loop() {
					buf = a.AppendJSON(buf[:0])
				}
			})
		}
	}
}
