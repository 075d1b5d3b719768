package games_test

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// layers ranks the module's packages from the low-level kit up to the
// commands, by path prefix (the longest that matches). A package may
// import only packages of a lower or equal rank: no import points back up
// the house (docs/design.md, "Packages").
var layers = []struct {
	prefix string
	rank   int
}{
	{"internal/", 0},
	{"canon", 1}, {"cgt", 1},
	{"tablebase", 2},
	{"tablebase/forms", 3}, {"tablebase/census", 3},
	{"build", 4}, {"query", 4},
	{"build/tasks", 5}, {"query/play", 5}, {"query/server", 5},
	{"games/gametest", 6}, {"games/internal/", 6},
	{"games/", 7},
	{"games", 8},
	{"cmd/", 9}, {"scripts/", 9}, {"python", 9}, {"docs", 9},
}

const module = "github.com/tablebase/tablebase/"

// rank returns the rank of a package path relative to the module.
func rank(pkg string) (int, bool) {
	best, r := -1, 0
	for _, l := range layers {
		match := pkg == l.prefix || strings.HasPrefix(pkg, l.prefix) && (strings.HasSuffix(l.prefix, "/") || strings.HasPrefix(pkg[len(l.prefix):], "/"))
		if match && len(l.prefix) > best {
			best, r = len(l.prefix), l.rank
		}
	}
	return r, best >= 0
}

// TestLayers reads the imports of every package of the module (not its
// tests) and checks that none points to a package of a higher rank.
func TestLayers(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if name := d.Name(); rel != "." && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "results" || name == "e2e") {
			return filepath.SkipDir
		}
		p, err := build.ImportDir(path, 0)
		if err != nil {
			return nil // no Go files here
		}
		from, ok := rank(filepath.ToSlash(rel))
		if !ok {
			t.Errorf("%s has no layer", rel)
			return nil
		}
		checked++
		for _, imp := range p.Imports {
			if !strings.HasPrefix(imp, module) {
				continue
			}
			to, ok := rank(strings.TrimPrefix(imp, module))
			if !ok || to > from {
				t.Errorf("%s (layer %d) imports %s (layer %d): an import up the house", rel, from, imp, to)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 40 {
		t.Errorf("only %d packages checked", checked)
	}
}

// TestGamePartsBelowTheirGame checks the packages inside a game's
// directory (its rules, its searches, its research: games/cram/heap,
// games/ttt3d/census) against the game packages themselves: a part
// imports no game, so that the game, which registers the commands,
// reaches its parts and never the other way.
func TestGamePartsBelowTheirGame(t *testing.T) {
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	// isGame reports whether a path relative to the module is a game's
	// package (games/NAME) or the registry.
	isGame := func(pkg string) bool {
		rest, ok := strings.CutPrefix(pkg, "games/")
		return pkg == "games" || ok && !strings.Contains(rest, "/") && rest != "gametest" && rest != "internal"
	}
	parts := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(filepath.Dir(root), path)
		rel = filepath.ToSlash(rel)
		if name := d.Name(); strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || rel == "games/internal" || rel == "games/gametest" {
			return filepath.SkipDir
		}
		p, err := build.ImportDir(path, 0)
		if err != nil || strings.Count(rel, "/") < 2 {
			return nil // no Go files here, or a game itself
		}
		parts++
		for _, imp := range p.Imports {
			if to, ok := strings.CutPrefix(imp, module); ok && isGame(to) {
				t.Errorf("%s imports %s: a game's part imports a game", rel, imp)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if parts < 5 {
		t.Errorf("only %d game parts checked", parts)
	}
}
