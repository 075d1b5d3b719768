package main

import (
	"fmt"
	"strings"

	"github.com/tablebase/tablebase/games"
	"github.com/tablebase/tablebase/tablebase"
)

// dbList collects repeated --db flags.
type dbList []string

func (d *dbList) String() string     { return strings.Join(*d, ",") }
func (d *dbList) Set(v string) error { *d = append(*d, v); return nil }

// dbFiles are the tablebase files of repeated --db flags, at most one a
// game, each open until close.
type dbFiles struct {
	games []string                   // in the order of the flags
	paths map[string]string          // by game
	files map[string]*tablebase.File // by game
}

// openDBs opens the files at paths, each a tablebase of a known game and
// no two of the same game.
func openDBs(paths []string) (*dbFiles, error) {
	d := &dbFiles{paths: map[string]string{}, files: map[string]*tablebase.File{}}
	for _, path := range paths {
		f, err := tablebase.Open(path)
		if err == nil {
			err = d.add(path, f)
		}
		if err != nil {
			d.close()
			return nil, err
		}
	}
	return d, nil
}

// add keeps f, opened from path, under its game, or closes it and says
// why not.
func (d *dbFiles) add(path string, f *tablebase.File) error {
	g := f.Meta().Game
	var err error
	if _, lookup := games.Lookup(g); lookup != nil {
		err = fmt.Errorf("%s: %w", path, lookup)
	} else if d.paths[g] != "" {
		err = fmt.Errorf("%w: %s and %s both hold %s; give one file a game", errUsage, d.paths[g], path, g)
	}
	if err != nil {
		f.Close()
		return err
	}
	d.games = append(d.games, g)
	d.paths[g], d.files[g] = path, f
	return nil
}

// forGame returns the file that g reads: none for a game of other games'
// positions (a sum), whose parts read the files (partQueriers.given),
// else the one file given, if any.
func (d *dbFiles) forGame(g games.Game) (*tablebase.File, error) {
	_, composite := games.CompositeOf(g)
	switch {
	case composite || len(d.games) == 0:
		return nil, nil
	case len(d.games) > 1:
		return nil, fmt.Errorf("%w: %s reads one --db file (several are for the parts of a sum)", errUsage, g.Name())
	}
	return d.files[d.games[0]], nil
}

// close closes the files.
func (d *dbFiles) close() {
	for _, f := range d.files {
		f.Close()
	}
}
