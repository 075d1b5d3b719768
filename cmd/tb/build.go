package main

import (
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

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games"
	"github.com/tablebase/tablebase/tablebase"
)

func runBuild(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	var about strings.Builder
	for _, g := range games.All {
		var names []string
		for _, p := range g.Params() {
			names = append(names, "--"+p.Name)
		}
		fmt.Fprintf(&about, "\n  %-19s %s", g.Name(), strings.Join(names, " "))
	}
	fs := newFlagSet("build", `tb build GAME --db FILE [options]

Builds a tablebase into FILE, showing progress on a terminal. Interrupt it
(Ctrl-C, or even kill -9) and run the same command again to resume; the
result is the same as an uninterrupted build. Each game takes its own
options, which choose what the build covers (docs/contract.md says what
each stores, and docs/benchmarks.md how long the large builds take):`+about.String(), stderr)
	db := fs.String("db", "", "tablebase file to build into (required)")
	workers := fs.Int("workers", 0, "goroutines solving positions (default: one per CPU)")
	params := gameParams(fs)
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return fmt.Errorf("%w: want one game, got %d arguments", errUsage, len(pos))
	}
	g, err := lookupGame(pos[0])
	if err != nil {
		return err
	}
	if *db == "" {
		return fmt.Errorf("%w: --db FILE is required", errUsage)
	}
	p, err := params.of(fs, g)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	opts := build.Options{Path: *db, Workers: *workers}
	if isTerminal(stderr) {
		opts.Progress = stderr
	}
	sum, err := g.Build(ctx, p, opts)
	if errors.Is(err, context.Canceled) {
		fmt.Fprintf(stderr, "interrupted after %d positions; run the same command to resume\n", sum.Solved)
		return errAnswered
	}
	if err != nil {
		fmt.Fprint(stdout, sum.Report)
		return err
	}
	if sum.Complete {
		if sum.FileBytes, err = tablebase.Shrink(*db); err != nil {
			return err
		}
	}
	if sum.What != "" {
		perSecond := float64(sum.Solved) / max(sum.Elapsed.Seconds(), 1e-9)
		what := sum.What
		if sum.Values > 0 {
			what += fmt.Sprintf(", %d distinct values", sum.Values)
		}
		fmt.Fprintf(stdout, "%s: %d positions, solved %d in %s (%.0f positions/s), file %d bytes (%.1f bytes/position)\n",
			what, sum.Positions, sum.Solved, sum.Elapsed.Round(1e6), perSecond,
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
