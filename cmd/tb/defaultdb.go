package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/tablebase/tablebase/games"
	"github.com/tablebase/tablebase/tablebase"
)

// defaultDB returns where a game's whole-board search looks for its
// tablebase when no --db is given: $TB_GAME_DB (the game's name in
// capitals, '-' as '_': TB_DOMINEERING_DB), else
// $XDG_DATA_HOME/tablebase/GAME.db, else ~/.local/share/tablebase/GAME.db.
func defaultDB(game string) string {
	if p := os.Getenv("TB_" + strings.ToUpper(strings.ReplaceAll(game, "-", "_")) + "_DB"); p != "" {
		return p
	}
	dir := os.Getenv("XDG_DATA_HOME")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return ""
		}
		dir = filepath.Join(home, ".local", "share")
	}
	return filepath.Join(dir, "tablebase", game+".db")
}

// openDefaultDB opens g's default tablebase, or says on stderr that the
// search goes on without one (nil), and the command that builds it.
func openDefaultDB(g games.Game, stderr io.Writer) *tablebase.File {
	game := g.Name()
	path := defaultDB(game)
	if path != "" {
		if _, err := os.Stat(path); err == nil {
			f, err := tablebase.Open(path)
			if err == nil && f.Meta().Game == game {
				return f
			}
			if err == nil {
				f.Close()
				err = fmt.Errorf("it holds %s", f.Meta().Game)
			}
			fmt.Fprintf(stderr, "tb: ignoring %s: %v\n", path, err)
			return nil
		}
	}
	build := game
	for _, p := range g.Params() {
		if p.Grows {
			build += " --" + p.Name + " N"
		}
	}
	fmt.Fprintf(stderr, "tb: no %s tablebase at %s, so the search values its parts in memory (same answers);\n"+
		"    tb build %s --db %s makes one (see tb build -h)\n", game, path, build, path)
	return nil
}
