package main

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/games"
	"github.com/tablebase/tablebase/internal/ttable"
)

// TestTableEntryBytes: the help of every command with --table-bits gives
// the size of the search table's entries that the table takes.
func TestTableEntryBytes(t *testing.T) {
	sizes := regexp.MustCompile(`(\d+) bytes each`)
	want := fmt.Sprint(ttable.WideEntryBytes)
	for _, command := range []string{"build", "query"} {
		_, help, code := tb(t, "", command, "-h")
		found := sizes.FindAllStringSubmatch(help, -1)
		if code != 0 || len(found) == 0 {
			t.Errorf("tb %s -h: exit %d, no entry size in %q", command, code, help)
		}
		for _, m := range found {
			if m[1] != want {
				t.Errorf("tb %s -h: entries of %s bytes, want %s", command, m[1], want)
			}
		}
	}
}

// TestHelpListsEveryCommand: tb help names every command of the dispatch
// table, and under each its steps; each runs its -h, and tb solve -h
// shows every step.
func TestHelpListsEveryCommand(t *testing.T) {
	help, _, code := tb(t, "", "help")
	if code != 0 {
		t.Fatalf("tb help: exit %d", code)
	}
	lines := strings.Split(help, "\n")
	for _, c := range commands() {
		at := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "  "+c.name+" ") })
		if at < 0 {
			t.Errorf("tb help leaves out %s:\n%s", c.name, help)
			continue
		}
		if _, errOut, code := tb(t, "", c.name, "-h"); code != 0 {
			t.Errorf("tb %s -h: exit %d: %s", c.name, code, errOut)
		}
		for i, step := range c.steps {
			if at+1+i >= len(lines) || !strings.HasPrefix(lines[at+1+i], "    "+step.name+" ") {
				t.Errorf("tb help leaves out %s %s under %s:\n%s", c.name, step.name, c.name, help)
			}
			if _, errOut, code := tb(t, "", c.name, step.name, "-h"); code != 0 {
				t.Errorf("tb %s %s -h: exit %d: %s", c.name, step.name, code, errOut)
			}
		}
	}
	_, solveHelp, _ := tb(t, "", "solve", "-h")
	for _, step := range solveSteps() {
		if !strings.Contains(solveHelp, "tb solve "+step.name+" ") {
			t.Errorf("tb solve -h leaves out %s", step.name)
		}
	}
}

// TestHelpHasNoEmptyLists: no help ends on a heading with nothing under
// it, and tb build -h says for every game what its build takes.
func TestHelpHasNoEmptyLists(t *testing.T) {
	for _, c := range commands() {
		_, help, _ := tb(t, "", c.name, "-h")
		if strings.HasSuffix(strings.TrimSpace(help), ":") {
			t.Errorf("tb %s -h ends on a heading:\n%s", c.name, help)
		}
	}
	_, help, _ := tb(t, "", "build", "-h")
	for _, g := range games.All {
		row := regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(g.Name()) + ` +(.*)$`).FindStringSubmatch(help)
		if row == nil || strings.TrimSpace(row[1]) == "" {
			t.Errorf("tb build -h says nothing of %s:\n%s", g.Name(), help)
		}
	}
}

// TestOutcomeOnlyHelp: tb query -h names every game whose --outcome-only
// searches whole boards.
func TestOutcomeOnlyHelp(t *testing.T) {
	_, help, _ := tb(t, "", "query", "-h")
	_, usage, _ := strings.Cut(help, "--outcome-only\n")
	usage, _, _ = strings.Cut(usage, "\n")
	for _, g := range games.All {
		if g.Board().WholeBoard && !strings.Contains(usage, g.Name()) {
			t.Errorf("tb query -h: --outcome-only says nothing of %s: %q", g.Name(), usage)
		}
	}
}
