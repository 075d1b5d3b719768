package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/tablebase/tablebase/games"
	"github.com/tablebase/tablebase/internal/ttable"
	"github.com/tablebase/tablebase/query"
)

// errAnswered means some answer carried an error; it was printed already.
var errAnswered = errors.New("some positions could not be answered")

// errInterrupted stops a query on Ctrl-C or SIGTERM.
var errInterrupted = errors.New("interrupted by a signal")

// interruptible returns a context of ctx that Ctrl-C or SIGTERM cancels
// with errInterrupted until end is called. The first such signal is
// taken; a second one, or one after end, has its usual effect (the
// process ends), unless another watch (tb query --save's) takes it.
func interruptible(ctx context.Context) (_ context.Context, end func()) {
	ctx, cancel := context.WithCancelCause(ctx)
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	ended := make(chan struct{})
	go func() {
		select {
		case <-signals:
			signal.Stop(signals)
			cancel(errInterrupted)
		case <-ended:
		}
	}()
	return ctx, func() {
		signal.Stop(signals)
		close(ended)
		cancel(nil)
	}
}

func runQuery(args []string, stdin io.Reader, stdout, stderr io.Writer) (err error) {
	fs := newFlagSet("query", `tb query [--db FILE] GAME [POSITION ...]

Answers each POSITION, or each line of standard input when none is given,
with one JSON object per line. Positions the file lacks are solved in memory
unless --no-solve is given. A sum reads a --db file for each game of its
parts that has one (repeat --db, one file a game); its other parts are
solved in memory.

Ctrl-C or SIGTERM during a search stops it: its answer is written with the
error "interrupted by a signal", no further position is asked, and tb query
exits with status 1. A second one, or one between two positions, ends the
process at once.`, stderr)
	var db dbList
	fs.Var(&db, "db", "tablebase `FILE` to read (a sum: repeat for its parts' games)")
	noSolve := fs.Bool("no-solve", false, "answer only from the tablebase; a missing position is an error")
	explicit := fs.Bool("explicit", false, "add the explicit canonical form (the games with CGT values)")
	details := fs.Bool("details", false, "add stops, mean, temperature, atomic weight and thermograph (the games with CGT values)")
	moves := fs.Bool("moves", false, "list every move with what it leads to (ttt3d always does)")
	stats := fs.Bool("stats", false, "with --outcome-only: print the nodes searched and the time to standard error")
	outcomeOnly := fs.Bool("outcome-only", false, "answer only the outcome, by a search: of the whole board on domineering (boards up to 256 cells) and clobber (64 cells), over the parts on konane, toads-and-frogs, snort, col, toppling-dominoes and amazons")
	showProgress := fs.Bool("progress", false, "print how far the search (--outcome-only, ttt3d, sync-*, domineering3d) or the computation of exact values has got to standard error as a line every 10 seconds, for a log (a terminal shows it anyway, redrawn in place)")
	maxNodes := fs.Int64("max-nodes", 0, "ttt3d: the most nodes a search may take to prove an answer, past which the answer is an error (0: no limit)")
	workers := fs.Int("workers", 2, "the cores the search (--outcome-only, domineering3d) or the computation of exact values uses")
	save := fs.String("save", "", "write every component value found into this file (one that --save wrote, or a new one) when done or stopped by Ctrl-C or --memory-mib; --db with it continues the computation")
	memoryMiB := fs.Int("memory-mib", 0, "stop a computation once the process holds more than this much memory, in MiB, with an error (0: no limit)")
	knownCells := fs.Int("known-cells", 0, "with --outcome-only: the largest components (in cells) replaced by their exact value, from the file or solved (0: the game's default, 10 for domineering; at most the file's --max-cells, or 10)")
	tableBits := fs.Uint("table-bits", 0, fmt.Sprintf("with --outcome-only, sync-* or domineering3d: log2 of the search's transposition table entries, %d bytes each, %d on sync-* boards of 129 to 192 cells and %d on larger ones and on domineering boards past 128 cells (0: by the board, a third of its cells, 16 to 25; sync-* and domineering3d: 24); cram: the table of large regions of each of the heap search's --workers, 16 bytes an entry (0: 2 GiB)",
		ttable.WideEntryBytes, ttable.MidEntryBytes, ttable.LongEntryBytes))
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return fmt.Errorf("%w: name a game", errUsage)
	}
	g, err := lookupGame(pos[0])
	if err != nil {
		return err
	}
	files, err := openDBs(db)
	if err != nil {
		return err
	}
	defer files.close()
	f, err := files.forGame(g)
	if err != nil {
		return err
	}
	parts := &partQueriers{config: &query.Config{Workers: *workers, TableBits: *tableBits, KnownCells: *knownCells}, given: files.files, hashes: true}
	defer parts.close()
	switch {
	case len(db) == 0 && *noSolve:
		return fmt.Errorf("%w: --no-solve needs --db FILE", errUsage)
	case len(db) == 0 && *outcomeOnly && g.Board().WholeBoard:
		if f = openDefaultDB(g, stderr); f != nil {
			defer f.Close()
		}
	}
	if *workers < 1 || *workers > 64 {
		return fmt.Errorf("%w: --workers must be between 1 and 64", errUsage)
	}
	if *knownCells < 0 || *knownCells > 64 {
		return fmt.Errorf("%w: --known-cells must be between 0 and 64", errUsage)
	}
	if *tableBits != 0 && (*tableBits < 16 || *tableBits > 32) {
		return fmt.Errorf("%w: --table-bits must be 0 or between 16 and 32", errUsage)
	}
	if *memoryMiB < 0 || *maxNodes < 0 {
		return fmt.Errorf("%w: --memory-mib and --max-nodes must be 0 or more", errUsage)
	}
	config := &query.Config{Workers: *workers, TableBits: *tableBits, KnownCells: *knownCells}
	config.Parts = parts.querier
	terminal := isTerminal(stderr)
	show, interval := *showProgress || terminal, logInterval
	if terminal {
		interval = terminalInterval
	}
	var search *searchProgress // set before the first query, if progress is shown by nodes
	if show {
		config.Progress = func(at query.Progress) {
			if search != nil {
				search.update(at)
			}
		}
	}
	t, err := query.OpenGame(g, f, config)
	if err != nil {
		return err
	}
	q := t.Querier
	// Progress: the component classes valued, for a computation of exact
	// values; else the nodes of a search, where the querier counts them.
	counter, _ := games.CounterOf(q)
	components, valued := games.ComponentCounterOf(q)
	out := bufio.NewWriter(stdout)
	defer out.Flush() // after the reports stop
	var report *reporter
	switch {
	case !show:
	case valued && !*outcomeOnly:
		say, final := valueProgress(components.Components)
		report = startReporter(stderr, terminal, interval, say, final)
	case counter != nil:
		search = newSearchProgress(counter.Nodes)
		report = startReporter(stderr, terminal, interval, search.say, nil)
	}
	if report != nil {
		defer report.stop()
	}
	ctx, stopWatch := limitMemory(context.Background(), *memoryMiB, time.Second)
	defer stopWatch()
	if *save != "" {
		saver, ok := games.SaverOf(q)
		if !ok {
			return fmt.Errorf("%w: --save: %s keeps no component values", errUsage, g.Name())
		}
		if err := saver.Saves(*save); err != nil {
			return err
		}
		// Ctrl-C stops the computation; what it found is saved.
		var stopSignals context.CancelFunc
		ctx, stopSignals = signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
		defer stopSignals()
		defer func() {
			start := time.Now()
			if serr := saver.Save(*save); serr != nil && err == nil {
				err = fmt.Errorf("--save: %w", serr)
			} else if serr == nil {
				fmt.Fprintf(stderr, "tb query: saved the component values to %s in %v\n", *save, time.Since(start).Round(time.Millisecond))
			}
		}()
	}
	opts := query.Options{NoSolve: *noSolve, Explicit: *explicit, Details: *details, Moves: *moves, OutcomeOnly: *outcomeOnly, MaxNodes: *maxNodes}
	var line []byte
	write := func(a query.Answer) error {
		line = append(a.AppendJSON(line[:0]), '\n')
		_, err := out.Write(line)
		return err
	}
	failed := false
	answer := func(p string) error {
		if search != nil {
			search.reset()
		}
		if report != nil {
			report.resume()
		}
		start := time.Now()
		qctx, endWatch := interruptible(ctx)
		a := t.Query(qctx, p, opts)
		over := context.Cause(qctx)
		endWatch()
		if report != nil {
			report.pause()
		}
		if over != nil {
			a.Fail(over)
		}
		if counter != nil && *stats && *outcomeOnly {
			fmt.Fprintf(stderr, "tb query: %s: %d nodes in %v\n", p, counter.Nodes(), time.Since(start).Round(time.Millisecond))
		}
		if a.Error != "" {
			failed = true
			if len(pos) > 1 && !errors.Is(over, errInterrupted) {
				fmt.Fprintf(stderr, "tb query: %q: %s\n", p, a.Error)
			}
		}
		if err := write(a); err != nil {
			return err
		}
		if errors.Is(over, errInterrupted) {
			return errInterrupted
		}
		return nil
	}
	if len(pos) > 1 {
		for _, p := range pos[1:] {
			if err := answer(p); err != nil {
				return err
			}
		}
	} else {
		err := query.EachLine(stdin, query.MaxLine, func(line string, err error) error {
			if err != nil {
				failed = true
				return write(query.Failed(g.Name(), line, err))
			}
			return answer(line)
		})
		if errors.Is(err, errInterrupted) {
			return err
		}
		if err != nil {
			return fmt.Errorf("reading standard input: %w", err)
		}
	}
	if failed {
		return errAnswered
	}
	return nil
}
