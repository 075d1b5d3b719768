package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/games"
)

// TestEveryGame: every game of the registry is listed by tb help,
// answers its starting position with tb query, and starts tb play.
func TestEveryGame(t *testing.T) {
	help, _, _ := tb(t, "", "help")
	for _, g := range games.All {
		if !strings.Contains(help, "  "+g.Name()+" ") {
			t.Errorf("tb help does not list %s", g.Name())
		}
		start := g.Board().Start
		out, errOut, code := tb(t, "", shortTable([]string{"query", g.Name(), start})...)
		if code != 0 || !strings.Contains(out, `"game":"`+g.Name()+`"`) {
			t.Errorf("tb query %s %s: exit %d, %s%s", g.Name(), start, code, out, errOut)
		}
		if out, errOut, code := tb(t, "quit\n", "play", g.Name()); code != 0 || !strings.Contains(out, "to move") {
			t.Errorf("tb play %s: exit %d, %s%s", g.Name(), code, out, errOut)
		}
	}
}

// TestNewGamesEndToEnd builds Cram and Clobber files with tb build and
// answers from them with tb query, as a user would.
func TestNewGamesEndToEnd(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ game, cells, position, want string }{
		{"cram", "8", "....|....", `"source":"tablebase","value":"0","outcome":"P"`},
		{"cram", "8", "...|...", `"source":"tablebase","value":"*","outcome":"N"`},
		{"clobber", "5", "xxo", `"source":"tablebase","value":"^","outcome":"L"`},
		{"clobber", "5", "xo.ox", `"source":"tablebase","value":"0","outcome":"P"`},
	} {
		db := filepath.Join(dir, c.game+".db")
		if _, errOut, code := tb(t, "", "build", c.game, "--max-cells", c.cells, "--db", db); code != 0 {
			t.Fatalf("tb build %s: exit %d, %s", c.game, code, errOut)
		}
		out, errOut, code := tb(t, "", "query", "--no-solve", "--db", db, c.game, c.position)
		if code != 0 || !strings.Contains(out, c.want) {
			t.Errorf("tb query %s %s: exit %d, %s%s (want %s)", c.game, c.position, code, out, errOut, c.want)
		}
	}
	if _, errOut, code := tb(t, "", "build", "clobber", "--board", "3x3", "--db", filepath.Join(dir, "x.db")); code != 2 || !strings.Contains(errOut, "--board does not apply to clobber") {
		t.Errorf("a parameter of another game: exit %d, %s", code, errOut)
	}
}
