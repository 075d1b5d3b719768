package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestStats builds the Domineering regions of up to 8 cells and counts
// them: one row a size with the free polyominoes' counts (each region is
// stored once per symmetry class), the hottest 4-cell region the 2x2
// square at temperature 1, and three charts. A file without exact values
// is refused.
func TestStats(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "d8.db")
	if _, errOut, code := tb(t, "", "build", "domineering", "--max-cells", "8", "--db", path); code != 0 {
		t.Fatal(errOut)
	}
	out, errOut, code := tb(t, "", "stats", path, "--svg", filepath.Join(dir, "charts"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for n, want := range []int{1, 1, 2, 5, 12, 35, 108, 369} {
		row := regexp.MustCompile(`(?m)^\s+` + strconv.Itoa(n+1) + `\s+` + strconv.Itoa(want) + `\s`)
		if !row.MatchString(out) {
			t.Errorf("no row for %d cells with %d classes in\n%s", n+1, want, out)
		}
	}
	if !strings.Contains(out, "hottest (temperature 1): ..|..\n") {
		t.Errorf("the 2x2 square is not the hottest 4-cell region:\n%s", out)
	}
	for _, name := range []string{"temperature.svg", "values.svg", "outcomes.svg"} {
		if data, err := os.ReadFile(filepath.Join(dir, "charts", name)); err != nil || !strings.HasPrefix(string(data), "<svg") {
			t.Errorf("%s: %v", name, err)
		}
	}
	ttt := filepath.Join(dir, "t.db")
	if _, errOut, code := tb(t, "", "build", "ttt3d", "--n", "3", "--max-plies", "3", "--db", ttt); code != 0 {
		t.Fatal(errOut)
	}
	if _, errOut, code := tb(t, "", "stats", ttt); code != 1 || !strings.Contains(errOut, "no exact values") {
		t.Errorf("stats of a ttt3d file: exit %d, %s", code, errOut)
	}
}
