// Command tb builds and queries tablebases of small-board combinatorial
// games. Run "tb help" for the commands.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games"
)

// errUsage marks errors in the command line (exit status 2); errFlag
// marks those the flag package has already explained.
var (
	errUsage = build.ErrUsage
	errFlag  = errors.New("bad flag")
)

// command is a command of tb, or a step of one (tb solve plan): its
// name, what tb help says of it, how it runs on the arguments after its
// name, and its steps, which run dispatches itself.
type command struct {
	name, summary string
	run           func(args []string, stdin io.Reader, stdout, stderr io.Writer) error
	steps         []command
}

func commands() []command {
	return []command{
		{name: "build", summary: "build a tablebase into a file", run: runBuild},
		{name: "merge", summary: "join the shards of a build into its tablebase", run: runMerge},
		{name: "query", summary: "answer positions as JSON lines", run: runQuery},
		{name: "serve", summary: "answer positions over HTTP, with the explorer at /", run: runServe},
		{name: "play", summary: "play a game against the tablebase in the terminal", run: runPlay},
		{name: "value", summary: "evaluate and compare values: canonical form, stops, temperature", run: runValue},
		{name: "verify", summary: "check tablebase files for damage", run: runVerify},
		{name: "stats", summary: "count what a tablebase of exact values holds", run: runStats},
		{name: "solve", summary: "split a whole-board search into tasks, run them anywhere, combine them", run: runSolve, steps: solveSteps()},
		{name: "version", summary: "print the version, the Go version and the file formats read and written", run: runVersion},
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	if args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		if len(args) > 1 {
			return run([]string{args[1], "-h"}, stdin, stdout, stderr)
		}
		usage(stdout)
		return 0
	}
	if args[0] == "--version" || args[0] == "-version" {
		args = append([]string{"version"}, args[1:]...)
	}
	for _, c := range commands() {
		if c.name == args[0] {
			err := c.run(args[1:], stdin, stdout, stderr)
			switch {
			case err == nil || errors.Is(err, flag.ErrHelp):
				return 0
			case errors.Is(err, errFlag):
				return 2
			case errors.Is(err, errUsage):
				fmt.Fprintf(stderr, "tb %s: %v\n", c.name, strings.TrimPrefix(err.Error(), "usage: "))
				return 2
			case errors.Is(err, errAnswered):
				return 1
			case errors.Is(err, errMore):
				return 3
			default:
				fmt.Fprintf(stderr, "tb %s: %v\n", c.name, err)
				return 1
			}
		}
	}
	fmt.Fprintf(stderr, "tb: unknown command %q; run 'tb help'\n", args[0])
	return 2
}

func usage(w io.Writer) {
	fmt.Fprintln(w, `tb builds and queries tablebases of small-board combinatorial games.

Usage:
  tb COMMAND [options] GAME [arguments]

Commands:`)
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
		for _, step := range c.steps {
			fmt.Fprintf(w, "    %-8s %s\n", step.name, step.summary)
		}
	}
	fmt.Fprintln(w, "\nGames:")
	for _, g := range games.All {
		fmt.Fprintf(w, "  %-19s %s\n", g.Name(), g.Summary())
	}
	fmt.Fprintln(w, "\nRun 'tb COMMAND -h' for a command's options.")
}

// parseInterleaved parses flags that may stand before or after positional
// arguments, returning the positional ones.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, fmt.Errorf("%w: %v", errFlag, err)
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

func newFlagSet(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: %s\n", synopsis)
		heading := "\nOptions:\n" // before the first option, if any
		fs.VisitAll(func(f *flag.Flag) {
			fmt.Fprint(stderr, heading)
			heading = ""
			arg, usage := flag.UnquoteUsage(f)
			if arg != "" {
				arg = " " + arg
			}
			fmt.Fprintf(stderr, "  --%s%s\n    \t%s", f.Name, arg, usage)
			if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" {
				fmt.Fprintf(stderr, " (default %s)", f.DefValue)
			}
			fmt.Fprintln(stderr)
		})
	}
	return fs
}

// lookupGame returns the game named name, or a usage error listing the
// games.
func lookupGame(name string) (games.Game, error) {
	g, err := games.Lookup(name)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errUsage, err)
	}
	return g, nil
}
