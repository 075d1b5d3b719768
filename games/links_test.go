package games_test

import (
	"os/exec"
	"reflect"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/games"
)

// serverOnly are the packages only the HTTP layer may link: a game's
// rules and the contract they implement link neither the HTTP stack nor
// the server with its embedded explorer (docs/design.md, "Packages").
var serverOnly = []string{"net/http", module + "query/server"}

// TestGamesLinkNoServer lists, with go list -deps, what every package
// below games/, the registry, query and query/play link, and checks that
// none links a package of serverOnly; every game of the registry is
// defined in one of the packages listed.
func TestGamesLinkNoServer(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	out, err := exec.Command(goTool, "list", "-f", `{{.ImportPath}} {{join .Deps " "}}`,
		"../games/...", "../query", "../query/play").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	listed := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, deps, _ := strings.Cut(line, " ")
		listed[pkg] = true
		for _, dep := range strings.Fields(deps) {
			for _, banned := range serverOnly {
				if dep == banned {
					t.Errorf("%s links %s", pkg, banned)
				}
			}
		}
	}
	for _, g := range games.All {
		typ := reflect.TypeOf(g)
		if typ.Kind() == reflect.Pointer {
			typ = typ.Elem()
		}
		if pkg := typ.PkgPath(); !listed[pkg] {
			t.Errorf("game %s is defined in %s, which go list did not list", g.Name(), pkg)
		}
	}
	if !listed[module+"games"] || !listed[module+"query"] {
		t.Errorf("go list did not list the registry and query: %d packages", len(listed))
	}
}
