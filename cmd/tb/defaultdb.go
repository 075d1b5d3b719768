package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/tablebase/tablebase/tablebase"
)

// defaultDomineeringDB returns where the whole-board Domineering search looks
// for its tablebase when no --db is given: $TB_DOMINEERING_DB, else
// $XDG_DATA_HOME/tablebase/domineering.db, else
// ~/.local/share/tablebase/domineering.db.
func defaultDomineeringDB() string {
	if p := os.Getenv("TB_DOMINEERING_DB"); p != "" {
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
	return filepath.Join(dir, "tablebase", "domineering.db")
}

// openDefaultDomineeringDB opens the default Domineering tablebase, or says on
// stderr that the search goes on without one (nil).
func openDefaultDomineeringDB(stderr io.Writer) *tablebase.File {
	path := defaultDomineeringDB()
	if path != "" {
		if _, err := os.Stat(path); err == nil {
			f, err := tablebase.Open(path)
			if err == nil && f.Meta().Game == "domineering" {
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
	fmt.Fprintf(stderr, "tb: no Domineering tablebase at %s, so components of up to 10 cells are solved in memory (same answers);\n"+
		"    tb build domineering --max-cells 15 --db %s makes one (about a minute), for --known-cells up to 15\n", path, path)
	return nil
}
