package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games/domineering"
	"github.com/tablebase/tablebase/games/domineering3d"
	"github.com/tablebase/tablebase/games/synchronized"
	"github.com/tablebase/tablebase/games/ttt3d"
	"github.com/tablebase/tablebase/tablebase"
)

func runBuild(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("build", `tb build GAME --db FILE [options]

Builds a tablebase into FILE, showing progress on a terminal. Interrupt it
(Ctrl-C, or even kill -9) and run the same command again to resume; the
result is the same as an uninterrupted build.

domineering, xt-domineering: every connected region of at most
--max-cells cells, each stored once up to symmetry.
domineering3d: every board reachable on the --board AxBxC box with all
three players still in the game, with who can force a win under each of
the six turn orders.
sync-triomineering, sync-domineering: every position reachable in play on
the --board RxC board, with what each player can guarantee.
ttt3d --n 3: every position reachable from the empty 3x3x3 board with the
game still going, each symmetry class once, with its result and plies; with
--max-plies K only those with at most K stones (the complete build, 2.2
billion classes into an 8.4 GB file, takes an hour or two, about 20 GB of
memory, and 20 GB of disk in FILE.work until it ends).
ttt3d --n 4: a winning strategy for x from the empty board (or --from a
position), found by proof-number search with threat chains within
--max-nodes proof-tree nodes (o's replies to x's first move proved apart
on all cores, each kept in FILE.work as it is proved, so that a stopped
build resumes), checked against every defence, and stored: x's move at
every position the strategy reaches (from the empty board, 2.7 million
positions in about 6 minutes on two cores and 2.6 GB of memory).
ttt3d --n 3 --fair: the empty board under every pattern of blocked cells,
one per symmetry class, and a table per number of blocked cells of first
player wins, draws, and the draws each classical criterion proves.`, stderr)
	db := fs.String("db", "", "tablebase file to build into (required)")
	maxCells := fs.Int("max-cells", 0, "largest region, in cells (domineering, xt-domineering; 1 to 15)")
	board := fs.String("board", "", "box AxBxC (domineering3d) or board RxC (sync-triomineering, sync-domineering)")
	tableBits := fs.Uint("table-bits", 24, "log2 of the solver's transposition table entries, 16 bytes each (domineering3d, sync-*)")
	workers := fs.Int("workers", 0, "goroutines solving positions (default: one per CPU)")
	n := fs.Int("n", 0, "board side (ttt3d: 3)")
	maxPlies := fs.Int("max-plies", build.TTT3DMaxPlies, "most stones on a stored position (ttt3d --n 3)")
	from := fs.String("from", "", "ttt3d --n 4: the position to win from (default: the empty board)")
	maxNodes := fs.Int64("max-nodes", 4_000_000_000, "ttt3d --n 4: most proof-tree nodes before giving up")
	fair := fs.Bool("fair", false, "ttt3d --n 3: instead, solve the empty board for every pattern of blocked cells")
	report := fs.Bool("report", false, "with --fair: only print the table of what FILE holds (of a stopped build, say)")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return fmt.Errorf("%w: want one game, got %d arguments", errUsage, len(pos))
	}
	if *db == "" {
		return fmt.Errorf("%w: --db FILE is required", errUsage)
	}
	if *tableBits < 10 || *tableBits > 32 {
		return fmt.Errorf("%w: --table-bits must be between 10 and 32", errUsage)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	opts := build.Options{Path: *db, Workers: *workers}
	if isTerminal(stderr) {
		opts.Progress = stderr
	}
	var sum build.Summary
	var what string
	switch pos[0] {
	case "domineering", "xt-domineering":
		v, _ := domineering.ParseVariant(pos[0])
		if *maxCells == 0 {
			return fmt.Errorf("%w: --max-cells N is required for %s", errUsage, v.Name())
		}
		what = fmt.Sprintf("%s max-cells %d", v.Name(), *maxCells)
		sum, err = build.Domineering(ctx, v, *maxCells, opts)
	case "domineering3d":
		box, perr := domineering3d.ParseBox(*board)
		if perr != nil {
			return fmt.Errorf("%w: --board: %v", errUsage, perr)
		}
		what = "domineering3d board " + box.String()
		sum, err = build.Domineering3D(ctx, box, *tableBits, opts)
	case "sync-triomineering", "sync-domineering":
		v, _ := synchronized.ParseVariant(pos[0])
		var rows, cols int
		if _, perr := fmt.Sscanf(*board, "%dx%d", &rows, &cols); perr != nil || fmt.Sprintf("%dx%d", rows, cols) != *board {
			return fmt.Errorf("%w: --board RxC is required for %s, not %q", errUsage, v.Name, *board)
		}
		what = v.Name + " board " + *board
		sum, err = build.Synchronized(ctx, v, rows, cols, *tableBits, opts)
	case "ttt3d":
		if *n == 4 {
			p := ttt3d.Empty(ttt3d.MustGet(4), 0)
			if *from != "" {
				if p, err = ttt3d.Parse(*from); err != nil || p.B.N != 4 {
					return fmt.Errorf("%w: --from: want a 4x4x4 position (%v)", errUsage, err)
				}
				if p.Blocked != 0 {
					return fmt.Errorf("%w: --from: the strategy build takes no blocked cells", errUsage)
				}
			}
			what = "ttt3d n 4 strategy from " + p.String()
			sum, err = build.Qubic(p, *maxNodes, opts)
			if err == nil {
				fmt.Fprintf(stdout, "x wins: %d proof-tree nodes in this run\n", sum.Solved)
			}
			break
		}
		if *n != 3 {
			return fmt.Errorf("%w: ttt3d builds need --n 3 or --n 4", errUsage)
		}
		if *maxPlies < 0 || *maxPlies > build.TTT3DMaxPlies {
			return fmt.Errorf("%w: --max-plies must be between 0 and %d", errUsage, build.TTT3DMaxPlies)
		}
		if *fair && *report {
			return printFairTable(*db, stdout)
		}
		if *fair {
			what = "ttt3d n 3 blocked patterns"
			sum, err = build.TTT3DFair(ctx, 0, opts)
			if err == nil {
				err = printFairTable(*db, stdout)
			}
			break
		}
		what = fmt.Sprintf("ttt3d n 3 max-plies %d", *maxPlies)
		sum, err = build.TTT3D(ctx, *maxPlies, opts)
	default:
		return fmt.Errorf("%w: unknown game %q (tb build knows domineering, xt-domineering, domineering3d, sync-triomineering, sync-domineering and ttt3d)", errUsage, pos[0])
	}
	if errors.Is(err, context.Canceled) {
		fmt.Fprintf(stderr, "interrupted after %d positions; run the same command to resume\n", sum.Solved)
		return errAnswered
	}
	if err != nil {
		return err
	}
	perSecond := float64(sum.Solved) / max(sum.Elapsed.Seconds(), 1e-9)
	if sum.Values > 0 {
		what += fmt.Sprintf(", %d distinct values", sum.Values)
	}
	fmt.Fprintf(stdout, "%s: %d positions, solved %d in %s (%.0f positions/s), file %d bytes (%.1f bytes/position)\n",
		what, sum.Positions, sum.Solved, sum.Elapsed.Round(1e6), perSecond,
		sum.FileBytes, float64(sum.FileBytes)/float64(max(sum.Positions, 1)))
	return nil
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// printFairTable prints the counts of a blocked-pattern build as a
// Markdown table.
func printFairTable(path string, w io.Writer) error {
	f, err := tablebase.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	rows, err := build.FairTable(f)
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "| blocked | classes | solved | x wins | draws | Erdős–Selfridge | L+D<8 | pairing |")
	fmt.Fprintln(w, "|---:|---:|---:|---:|---:|---:|---:|---:|")
	var total build.FairRow
	for _, r := range rows {
		fmt.Fprintf(w, "| %d | %d | %d | %d | %d | %d | %d | %d |\n", r.Blocked, r.Total, r.Classes, r.XWins, r.Draws, r.ErdosSelfridge, r.Beck, r.Pairing)
		total.Total += r.Total
		total.Classes += r.Classes
		total.XWins += r.XWins
		total.Draws += r.Draws
		total.ErdosSelfridge += r.ErdosSelfridge
		total.Beck += r.Beck
		total.Pairing += r.Pairing
		total.CriterionMissed += r.CriterionMissed
	}
	fmt.Fprintf(w, "| all | %d | %d | %d | %d | %d | %d | %d |\n", total.Total, total.Classes, total.XWins, total.Draws, total.ErdosSelfridge, total.Beck, total.Pairing)
	if total.CriterionMissed > 0 {
		return fmt.Errorf("%d patterns where a draw criterion holds but x wins: a bug", total.CriterionMissed)
	}
	return nil
}
