package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestNoSolveOutcomeOnly: with --no-solve, --outcome-only searches
// nothing: a position the file holds is answered from it, one it lacks
// is an error, for the games with a whole-board search and for a game
// of parts.
func TestNoSolveOutcomeOnly(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ game, cells, stored, want, missing string }{
		{"domineering", "8", "..|..", `"source":"tablebase","outcome":"N"`, "....|....|....|...."},
		{"clobber", "5", "xo.ox", `"source":"tablebase","outcome":"P"`, "xoxoxoxo"},
		{"toppling-dominoes", "4", "xo", `"source":"tablebase","outcome":"N"`, "xoxoxoxo"},
	} {
		db := filepath.Join(dir, c.game+".db")
		if _, errOut, code := tb(t, "", "build", c.game, "--max-cells", c.cells, "--db", db); code != 0 {
			t.Fatalf("tb build %s: exit %d, %s", c.game, code, errOut)
		}
		out, errOut, code := tb(t, "", "query", "--no-solve", "--outcome-only", "--db", db, c.game, c.stored)
		if code != 0 || !strings.Contains(out, c.want) {
			t.Errorf("%s %s: exit %d, %s%s (want %s)", c.game, c.stored, code, out, errOut, c.want)
		}
		out, errOut, code = tb(t, "", "query", "--no-solve", "--outcome-only", "--db", db, c.game, c.missing)
		if code == 0 || !strings.Contains(out, "not in the tablebase") {
			t.Errorf("%s %s: exit %d, %s%s (want an error: not in the tablebase)", c.game, c.missing, code, out, errOut)
		}
	}
}
