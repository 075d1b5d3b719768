package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games"
)

func runBuild(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	var about strings.Builder
	var grows []string // the parameters that grow a file, for the help
	for _, g := range games.All {
		var names []string
		for _, p := range g.Params() {
			names = append(names, "--"+p.Name)
			if p.Grows && !slices.Contains(grows, "--"+p.Name) {
				grows = append(grows, "--"+p.Name)
			}
		}
		if len(names) == 0 {
			names = []string{"(no build: build its parts' games)"}
		}
		fmt.Fprintf(&about, "\n  %-19s %s", g.Name(), strings.Join(names, " "))
	}
	fs := newFlagSet("build", `tb build GAME --db FILE [options]

Builds a tablebase into FILE, showing progress on a terminal. Interrupt it
(Ctrl-C, or even kill -9) and run the same command again to resume; the
result is the same bytes as an uninterrupted build's, on any number of
workers, so that a published file can be checked by its SHA-256. A larger
`+strings.Join(grows, " or ")+` grows a file of a smaller build
(complete or not) to the file a build from nothing makes; a file of any
other build is refused. With --shard I/N it builds only share I of the
next level into a file of its own, for a scheduler to run the N shares on
N machines; tb merge then joins them into FILE (docs/cluster.md). Each
game takes its own options, which choose what the build covers
(docs/contract.md says what each stores, and
docs/benchmarks.md how long the large builds take):`+about.String(), stderr)
	bf := buildFlags(fs)
	shard := fs.String("shard", "", "build only share I of N (I/N, I from 0) of the next level of FILE")
	shardDB := fs.String("shard-db", "", "the shard's file (default FILE.shard-I-of-N)")
	memoryMiB := fs.Int("memory-mib", 0, "collect garbage harder near this much memory, in MiB, and stop the build (to resume later) once the process holds more (0: no limit)")
	g, p, err := bf.parse(fs, args, true)
	if err != nil {
		return err
	}
	if *memoryMiB < 0 {
		return fmt.Errorf("%w: --memory-mib must be 0 or more", errUsage)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ctx, stopWatch := limitMemory(ctx, *memoryMiB, time.Second)
	defer stopWatch()
	opts := bf.options(stderr)
	if *shard == "" {
		sum, err := build.Run(ctx, g, p, opts)
		return bf.report(stdout, stderr, sum, overMemory(ctx, err), "solved")
	}
	sh, err := build.ParseShard(*shard)
	if err != nil {
		return err
	}
	opts.Shard, opts.Path = sh, cmp.Or(*shardDB, sh.Path(opts.Path))
	if err := build.PrepareShard(*bf.db, opts.Path, build.GrowParams(g.Params())...); err != nil {
		return err
	}
	sum, err := build.Run(ctx, g, p, opts)
	err = overMemory(ctx, err)
	if errors.Is(err, build.ErrShardDone) {
		fmt.Fprintf(stdout, "shard %s: solved %d positions in %s into %s (%v); when every shard is done, tb merge joins them into %s\n",
			sh, sum.Solved, sum.Elapsed.Round(time.Millisecond), opts.Path, strings.TrimPrefix(err.Error(), build.ErrShardDone.Error()+": "), *bf.db)
		return nil
	}
	if err == nil && sum.Complete {
		fmt.Fprintf(stdout, "shard %s: solved %d positions in %s into %s, all that %s lacked (its levels are too small to share); tb merge joins it\n",
			sh, sum.Solved, sum.Elapsed.Round(time.Millisecond), opts.Path, *bf.db)
		return nil
	}
	return bf.report(stdout, stderr, sum, err, "solved")
}

// overMemory turns a build stopped by --memory-mib into that error.
func overMemory(ctx context.Context, err error) error {
	var over errOverMemory
	if errors.Is(err, context.Canceled) && errors.As(context.Cause(ctx), &over) {
		return fmt.Errorf("%w; run the same command to resume", over)
	}
	return err
}

// buildArgs are the options tb build and tb merge share.
type buildArgs struct {
	db       *string
	workers  *int
	progress *bool
	params   paramFlags
	pos      []string // the arguments after the game
}

// buildFlags defines the options tb build and tb merge share.
func buildFlags(fs *flag.FlagSet) *buildArgs {
	return &buildArgs{
		db:       fs.String("db", "", "tablebase file to build into (required)"),
		workers:  fs.Int("workers", 0, "goroutines solving positions (default: one per CPU)"),
		progress: fs.Bool("progress", false, "print progress to standard error even when it is not a terminal: a line every 10 seconds, for a log"),
		params:   gameParams(fs),
	}
}

// parse reads the command line: a game (followed by nothing more when
// gameOnly), and --db.
func (bf *buildArgs) parse(fs *flag.FlagSet, args []string, gameOnly bool) (games.Game, build.Params, error) {
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return nil, nil, err
	}
	if len(pos) == 0 || gameOnly && len(pos) != 1 {
		return nil, nil, fmt.Errorf("%w: want one game, got %d arguments", errUsage, len(pos))
	}
	g, err := lookupGame(pos[0])
	if err != nil {
		return nil, nil, err
	}
	if *bf.db == "" {
		return nil, nil, fmt.Errorf("%w: --db FILE is required", errUsage)
	}
	if *bf.workers < 0 {
		return nil, nil, fmt.Errorf("%w: --workers must be 0 or more", errUsage)
	}
	p, err := bf.params.of(fs, g)
	bf.pos = pos[1:]
	return g, p, err
}

// options are the build options the command line gives.
func (bf *buildArgs) options(stderr io.Writer) build.Options {
	opts := build.Options{Path: *bf.db, Workers: *bf.workers}
	switch {
	case isTerminal(stderr):
		opts.Progress = stderr
	case *bf.progress:
		opts.Progress = newLogLines(stderr, 10*time.Second)
	}
	return opts
}

// report prints how a build (or merge) went: what it stored, how fast,
// and the file's size.
func (bf *buildArgs) report(stdout, stderr io.Writer, sum build.Summary, err error, verb string) error {
	if errors.Is(err, context.Canceled) {
		fmt.Fprintf(stderr, "interrupted after %d positions; run the same command to resume\n", sum.Solved)
		return errAnswered
	}
	if err != nil {
		fmt.Fprint(stdout, sum.Report)
		return err
	}
	if sum.What != "" {
		perSecond := float64(sum.Solved) / max(sum.Elapsed.Seconds(), 1e-9)
		what := sum.What
		if sum.Values > 0 {
			what += fmt.Sprintf(", %d distinct values", sum.Values)
		}
		fmt.Fprintf(stdout, "%s: %d positions, %s %d in %s (%.0f positions/s), file %d bytes (%.1f bytes/position)\n",
			what, sum.Positions, verb, sum.Solved, sum.Elapsed.Round(1e6), perSecond,
			sum.FileBytes, float64(sum.FileBytes)/float64(max(sum.Positions, 1)))
	}
	fmt.Fprint(stdout, sum.Report)
	return nil
}

// paramFlags are the flags of every game's build parameters, each
// defined once however many games take it.
type paramFlags map[string]*paramValue

// gameParams defines a flag for every parameter of every game, its help
// saying which games take it and what it means to each.
func gameParams(fs *flag.FlagSet) paramFlags {
	flags := paramFlags{}
	var names []string
	usage := map[string]map[string][]string{} // name -> usage -> games
	for _, g := range games.All {
		for _, p := range g.Params() {
			if flags[p.Name] == nil {
				flags[p.Name] = &paramValue{bool: p.Bool}
				usage[p.Name] = map[string][]string{}
				names = append(names, p.Name)
			}
			usage[p.Name][p.Usage] = append(usage[p.Name][p.Usage], g.Name())
		}
	}
	for _, name := range names {
		var parts []string
		for u, gs := range usage[name] {
			parts = append(parts, strings.Join(gs, ", ")+": "+u)
		}
		slices.Sort(parts)
		fs.Var(flags[name], name, strings.Join(parts, "; "))
	}
	return flags
}

// of returns the parameters given to g, refusing those it does not take.
func (pf paramFlags) of(fs *flag.FlagSet, g games.Game) (build.Params, error) {
	takes := map[string]bool{}
	for _, p := range g.Params() {
		takes[p.Name] = true
	}
	p := build.Params{}
	var err error
	fs.Visit(func(f *flag.Flag) {
		v, ok := pf[f.Name]
		switch {
		case !ok:
		case !takes[f.Name]:
			err = fmt.Errorf("%w: --%s does not apply to %s", errUsage, f.Name, g.Name())
		default:
			p[f.Name] = v.value
		}
	})
	return p, err
}

// paramValue is the flag.Value of one build parameter.
type paramValue struct {
	value string
	bool  bool
}

func (v *paramValue) String() string     { return v.value }
func (v *paramValue) Set(s string) error { v.value = s; return nil }

// IsBoolFlag makes a switch of a parameter that is one (flag package).
func (v *paramValue) IsBoolFlag() bool { return v.bool }

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
