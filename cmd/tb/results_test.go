package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/build/tasks"
)

// TestSolveResults combines every task directory kept in results/ and
// checks the answer against testdata/results.txt: the first line of tb
// solve combine, and its exit status (1 while not decided). It takes a
// few seconds, most of them checking the largest plans against their
// game; with -short it leaves out those of over 50 KB (gzipped).
func TestSolveResults(t *testing.T) {
	root := filepath.Join("..", "..", "results")
	data, err := os.ReadFile(filepath.Join("testdata", "results.txt"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		name, answer, _ := strings.Cut(line, " ")
		want[name] = answer
	}
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, e := range entries {
		dir := filepath.Join(root, e.Name())
		if !e.IsDir() {
			continue
		}
		seen++
		if !tasks.HasPlan(dir) {
			t.Errorf("%s: no plan", dir)
			continue
		}
		if names := files(t, dir); len(names) > 2 || slices.Contains(names, "plan.json") {
			t.Errorf("%s: %d files, not compact (tb solve compact): %v", dir, len(names), names[:min(len(names), 3)])
		}
		if info, err := os.Stat(filepath.Join(dir, tasks.PlanFile)); testing.Short() && err == nil && info.Size() > 50<<10 {
			t.Logf("%s: left out with -short", dir)
			continue
		}
		out, errOut, code := tb(t, "", "solve", "combine", "--dir", dir)
		first, _, _ := strings.Cut(out, "\n")
		got := fmt.Sprintf("exit %d: %s", code, first)
		if code != 0 && !strings.Contains(errOut, "not decided yet") || got != want[e.Name()] {
			t.Errorf("%s: %s %s\nwant %s", dir, got, errOut, want[e.Name()])
		}
	}
	if seen != len(want) {
		t.Errorf("%d task directories in results/, %d in testdata/results.txt", seen, len(want))
	}
}
