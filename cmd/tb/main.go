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

type command struct {
	name, summary string
	run           func(args []string, stdin io.Reader, stdout, stderr io.Writer) error
}

func commands() []command {
	return []command{
		{"build", "build a tablebase into a file", runBuild},
		{"merge", "join the shards of a build into its tablebase", runMerge},
		{"query", "answer positions as JSON lines", runQuery},
		{"serve", "answer positions over HTTP, with the explorer at /", runServe},
		{"play", "play a game against the tablebase in the terminal", runPlay},
		{"value", "evaluate and compare values: canonical form, stops, temperature", runValue},
		{"verify", "check tablebase files for damage", runVerify},
		{"stats", "count what a tablebase of exact values holds", runStats},
		{"solve", "split a whole-board search into tasks: plan, run, status, combine", runSolve},
		{"version", "print the version, the Go version and the file formats read and written", runVersion},
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
		fmt.Fprintf(stderr, "Usage: %s\n\nOptions:\n", synopsis)
		fs.VisitAll(func(f *flag.Flag) {
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
