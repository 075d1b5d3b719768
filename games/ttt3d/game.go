// Package ttt3d is 3D tic-tac-toe on an n x n x n board (n = 3 or 4) with
// optional blocked cells in the registry: its builds (every 3x3x3
// position, the 3x3x3 patterns of blocked cells, a 4x4x4 strategy or
// census), its querier and its play and task parts. The rules are
// games/ttt3d/rules; the solver and the decisions games/ttt3d/solve;
// the census of blocked cells games/ttt3d/census; the 4x4x4 prover and
// its strategy build games/ttt3d/qubic.
package ttt3d

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games/ttt3d/census"
	"github.com/tablebase/tablebase/games/ttt3d/qubic"
	"github.com/tablebase/tablebase/games/ttt3d/rules"
	"github.com/tablebase/tablebase/games/ttt3d/solve"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/query/play"
	"github.com/tablebase/tablebase/tablebase"
)

// Game is 3D tic-tac-toe in the registry.
var Game game

// game gives the generic layers what they need to build, answer and play
// 3D tic-tac-toe.
type game struct{}

// Name is the game's name on the command line and in the JSON.
func (game) Name() string { return "ttt3d" }

// Summary describes the game for tb help.
func (game) Summary() string {
	return "3D tic-tac-toe on 3x3x3 and 4x4x4, with blocked cells: result and plies"
}

// Board describes positions to the explorer and tb play.
func (game) Board() query.Board {
	return query.Board{Kind: "cube", Size: "3", Start: strings.Repeat(".", 27),
		Players: map[string]string{"x": "x (moves first)", "o": "o"}}
}

// Open returns a querier reading f when f is not nil, its decisions on
// config's cores (two if config is nil or says none).
func (game) Open(f *tablebase.File, config *query.Config) (query.Querier, error) {
	q, err := NewQuerier(f)
	if err != nil {
		return nil, err
	}
	q.Workers = 2
	if config != nil && config.Workers > 0 {
		q.Workers = config.Workers
	}
	return q, nil
}

// Params lists the build's parameters.
func (game) Params() []build.Param {
	return []build.Param{
		{Name: "n", Usage: "board side: 3 (every reachable position) or 4 (a winning strategy of x)"},
		{Name: "max-plies", Usage: fmt.Sprintf("--n 3: most stones on a stored position (0 to %d; default all)", MaxPlies), Grows: true},
		{Name: "fair", Bool: true, Usage: "instead, decide the empty board for every pattern of blocked cells (--n 3: 2.9 million classes, about 18 minutes on two cores; --n 4: the numbers of blocked cells in --blocked)"},
		{Name: "blocked", Usage: "--n 4 --fair: the numbers of blocked cells, as 1-3,58-64 (default 1-2,58-64)"},
		{Name: "report", Bool: true, Usage: "with --fair: only print the table of what FILE holds (of a stopped build, say)"},
		{Name: "from", Usage: "--n 4: the position to win from, blocked cells (#) included (default: the empty board)"},
		{Name: "max-nodes", Usage: "--n 4: most proof-tree nodes before giving up (default 4000000000; with --fair, a pattern's search, default 5000000, past which it is left undecided)"},
		{Name: "prove-nodes", Usage: "--n 4 --fair: prove each pattern its search leaves undecided a win of x as --from proves one, within N proof-tree nodes (default 0: not tried); the replies proved are kept in FILE.work"},
	}
}

// Build builds what the parameters choose: every 3x3x3 position, the
// 3x3x3 blocked-cell patterns (--fair), or a 4x4x4 strategy.
func (game) Build(ctx context.Context, p build.Params, opts build.Options) (build.Summary, error) {
	n, err := p.Int("n", 0)
	if err != nil {
		return build.Summary{}, err
	}
	switch {
	case n == 4 && p.Bool("fair") && p.Bool("report"):
		report, err := censusReport(opts.Path, nil)
		return build.Summary{Report: report}, err
	case n == 4 && p.Bool("fair"):
		return buildCensus(ctx, p, opts)
	case n == 4:
		return buildStrategy(ctx, p, opts)
	case n != 3:
		return build.Summary{}, build.Usagef("ttt3d builds need --n 3 or --n 4")
	case p.Bool("fair") && p.Bool("report"):
		report, err := fairReport(opts.Path)
		return build.Summary{Report: report}, err
	case p.Bool("fair"):
		sum, err := BuildFair(ctx, 0, opts)
		sum.What = "ttt3d n 3 blocked patterns"
		if err == nil {
			sum.Report, err = fairReport(opts.Path)
		}
		return sum, err
	}
	maxPlies, err := p.Int("max-plies", MaxPlies)
	if err != nil {
		return build.Summary{}, err
	}
	if maxPlies < 0 || maxPlies > MaxPlies {
		return build.Summary{}, build.Usagef("--max-plies must be between 0 and %d", MaxPlies)
	}
	sum, err := Build(ctx, maxPlies, opts)
	sum.What = fmt.Sprintf("ttt3d n 3 max-plies %d", maxPlies)
	return sum, err
}

// buildStrategy builds a 4x4x4 winning strategy of x.
func buildStrategy(ctx context.Context, p build.Params, opts build.Options) (build.Summary, error) {
	from := rules.Empty(rules.MustGet(4), 0)
	if s := p["from"]; s != "" {
		var err error
		if from, err = rules.Parse(s); err != nil || from.B.N != 4 {
			return build.Summary{}, build.Usagef("--from: want a 4x4x4 position (%v)", err)
		}
	}
	maxNodes, err := p.Int("max-nodes", 4_000_000_000)
	if err != nil {
		return build.Summary{}, err
	}
	if maxNodes < 1 {
		return build.Summary{}, build.Usagef("--max-nodes must be 1 or more, not %d", maxNodes)
	}
	sum, err := qubic.BuildQubic(ctx, from, int64(maxNodes), opts)
	sum.What = "ttt3d n 4 strategy from " + from.String()
	if err == nil {
		sum.Report = fmt.Sprintf("x wins: %d proof-tree nodes in this run\n", sum.Solved)
	}
	return sum, err
}

// buildCensus builds the census of 4x4x4 patterns of blocked cells.
func buildCensus(ctx context.Context, p build.Params, opts build.Options) (build.Summary, error) {
	spec := p["blocked"]
	if spec == "" {
		spec = "1-2,58-64"
	}
	rows, err := census.ParseRows(spec, 64)
	if err != nil {
		return build.Summary{}, build.Usagef("--blocked: %v", err)
	}
	maxNodes, err := p.Int("max-nodes", 5_000_000)
	if err != nil {
		return build.Summary{}, err
	}
	proveNodes, err := p.Int("prove-nodes", 0)
	if err != nil {
		return build.Summary{}, err
	}
	if maxNodes < 0 || proveNodes < 0 {
		return build.Summary{}, build.Usagef("--max-nodes and --prove-nodes must be 0 or more")
	}
	sum, seconds, err := census.BuildCensus(ctx, rows, census.CensusLimits{MaxNodes: int64(maxNodes), ProveNodes: int64(proveNodes)}, opts)
	sum.What = "ttt3d n 4 blocked patterns " + spec
	if err == nil {
		sum.Report, err = censusReport(opts.Path, seconds)
	}
	return sum, err
}

// censusReport writes the counts of a census file as a Markdown table,
// with the seconds each row took where the run built it.
func censusReport(path string, seconds map[int]float64) (string, error) {
	f, err := tablebase.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	rows, err := census.CensusTable(f)
	if err != nil {
		return "", err
	}
	var w strings.Builder
	fmt.Fprintln(&w, "| blocked | classes | x wins | draws | by pairing | by search or rules | undecided | Erdős–Selfridge | Beck | n >= 2D | seconds |")
	fmt.Fprintln(&w, "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	var fewest *census.CensusRow
	for _, r := range rows {
		t := "-"
		if s, ok := seconds[r.Blocked]; ok {
			t = fmt.Sprintf("%.1f", s)
		}
		fmt.Fprintf(&w, "| %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %s |\n", r.Blocked, r.Classes, r.XWins, r.Draws,
			r.ByPairing, r.BySearch+r.ByRules, r.Undecided, r.ErdosSelfridge, r.Beck, r.Degree, t)
		if r.Draws > 0 && fewest == nil {
			fewest = &r
		}
	}
	if fewest != nil {
		fmt.Fprintf(&w, "\nThe fewest blocked cells with a draw among these rows: %d, for example %s.\n", fewest.Blocked, rules.Empty(rules.MustGet(4), fewest.FirstDraw))
	}
	return w.String(), nil
}

// fairReport writes the counts of a blocked-pattern build as a Markdown
// table.
func fairReport(path string) (string, error) {
	f, err := tablebase.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	rows, err := FairTable(f)
	if err != nil {
		return "", err
	}
	var w strings.Builder
	fmt.Fprintln(&w, "| blocked | classes | solved | x wins | draws | Erdős–Selfridge | L+D<8 | pairing |")
	fmt.Fprintln(&w, "|---:|---:|---:|---:|---:|---:|---:|---:|")
	var total FairRow
	for _, r := range rows {
		fmt.Fprintf(&w, "| %d | %d | %d | %d | %d | %d | %d | %d |\n", r.Blocked, r.Total, r.Classes, r.XWins, r.Draws, r.ErdosSelfridge, r.Beck, r.Pairing)
		total.Total += r.Total
		total.Classes += r.Classes
		total.XWins += r.XWins
		total.Draws += r.Draws
		total.ErdosSelfridge += r.ErdosSelfridge
		total.Beck += r.Beck
		total.Pairing += r.Pairing
		total.CriterionMissed += r.CriterionMissed
	}
	fmt.Fprintf(&w, "| all | %d | %d | %d | %d | %d | %d | %d |\n", total.Total, total.Classes, total.XWins, total.Draws, total.ErdosSelfridge, total.Beck, total.Pairing)
	if total.CriterionMissed > 0 {
		return w.String(), fmt.Errorf("%d patterns where a draw criterion holds but x wins: a bug", total.CriterionMissed)
	}
	return w.String(), nil
}

// Play plays from pos; with a 4x4x4 strategy file tb plays the stored
// strategy as x.
func (game) Play(s *play.Session, pos string) error {
	as := s.As
	if as == "" {
		as = "x"
	}
	if as != "x" && as != "o" {
		return build.Usagef("--as takes x or o")
	}
	for {
		a, err := s.Answer(pos)
		if err != nil {
			return err
		}
		b, _ := rules.Parse(pos)
		showCube(s.Out, b)
		mover := "o"
		if b.XToMove() {
			mover = "x"
		}
		if b.Finished() {
			if solve.Finished(b).Result == solve.Loss {
				fmt.Fprintf(s.Out, "%s has a line and wins.\n", map[string]string{"x": "o", "o": "x"}[mover])
			} else {
				fmt.Fprintln(s.Out, "The board is full: a draw.")
			}
			return nil
		}
		moves, e := a.Moves, AnswerOf(a)
		if e.Plies != nil {
			fmt.Fprintf(s.Out, "%s to move: %s in %d plies\n", mover, e.Result, *e.Plies)
		} else {
			fmt.Fprintf(s.Out, "%s to move: %s, proved by %s\n", mover, e.Result, e.Proof)
			moves = withEveryMove(b, moves)
		}
		var m query.Move
		if mover == as {
			if m, err = s.Choose(mover, moves, describeMove); err != nil {
				return play.Quit(err)
			}
		} else {
			m = moves[0]
			fmt.Fprintf(s.Out, "tb plays %s.\n", m.Move)
		}
		pos = m.Position
	}
}

// describeMove says what a move leads to, for tb play's hints.
func describeMove(m query.Move) string {
	switch {
	case m.Result == "":
		return "not proved"
	case m.Distance == nil:
		return m.Result
	}
	return fmt.Sprintf("%s in %d", m.Result, *m.Distance)
}

// withEveryMove adds to the moves of an answer proved without plies
// (those that achieve its result) every other legal move of p, without a
// result, so that a person may play any of them.
func withEveryMove(p rules.Position, moves []query.Move) []query.Move {
	listed := map[int]bool{}
	for _, m := range moves {
		listed[MoveOf(m).Cell] = true
	}
	for e := p.EmptyCells(); e != 0; e &= e - 1 {
		if c := rules.LowCell(e); !listed[c] {
			m := answerMove(p, c, solve.Draw, nil)
			m.Result = ""
			moves = append(moves, m)
		}
	}
	return moves
}

// showCube prints the layers of a tic-tac-toe cube side by side.
func showCube(w io.Writer, b rules.Position) {
	n, s := b.B.N, b.String()
	width := 3 + 2*n + 4 // row number, cells, gap
	var title, letters strings.Builder
	for l := range n {
		fmt.Fprintf(&title, "%-*s", width, fmt.Sprintf("   layer %d", l+1))
		letters.WriteString("   ")
		for c := range n {
			fmt.Fprintf(&letters, " %c", 'a'+c)
		}
		letters.WriteString("    ")
	}
	fmt.Fprintf(w, "\n%s\n%s\n", strings.TrimRight(title.String(), " "), strings.TrimRight(letters.String(), " "))
	for row := range n {
		var line strings.Builder
		for l := range n {
			fmt.Fprintf(&line, "%3d", row+1)
			for c := range n {
				fmt.Fprintf(&line, " %c", s[(l*n+row)*n+c])
			}
			line.WriteString("    ")
		}
		fmt.Fprintln(w, strings.TrimRight(line.String(), " "))
	}
}

// PlayOptions says which of tb play's options the game reads.
func (game) PlayOptions() string { return "--as x or o (x moves first)" }
