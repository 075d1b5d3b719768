package main

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games"
)

// qubicFrom is a 4x4x4 position, blocked cells and all, where x wins
// within a few thousand proof-tree nodes.
const qubicFrom = ".#..#..x....#o........x.......o#......#...o........#.x.....x..o."

// TestVerifyIncomplete stops a build of each kind after its first chunk
// (or at once):
// tb verify calls the file ok and incomplete, names the tb build command
// that completes it, and exits 3; that command, run as it is, completes
// the file, which tb verify then calls ok and complete (exit 0).
func TestVerifyIncomplete(t *testing.T) {
	for _, c := range []struct {
		game    string
		params  build.Params
		command string // the command's arguments between the game and --db
		// cancelled stops the build before it stores anything (a build
		// that commits once, at its end, stops no other way).
		cancelled bool
	}{
		{"domineering", build.Params{"max-cells": "8"}, "--max-cells 8", false},
		{"clobber", build.Params{"max-cells": "4"}, "--max-cells 4", false},
		{"sync-domineering", build.Params{"board": "2x3"}, "--board 2x3", false},
		{"domineering3d", build.Params{"board": "2x2x2"}, "--board 2x2x2", false},
		{"ttt3d", build.Params{"n": "3", "max-plies": "2"}, "--n 3 --max-plies 2", false},
		{"ttt3d", build.Params{"n": "4", "fair": "true", "blocked": "63-64", "max-nodes": "1000"}, "--n 4 --fair --blocked 63,64 --max-nodes 1000", false},
		{"ttt3d", build.Params{"n": "4", "from": qubicFrom}, "--n 4 --from '" + qubicFrom + "'", true},
	} {
		t.Run(c.game+" "+c.command, func(t *testing.T) {
			g, err := games.Lookup(c.game)
			if err != nil {
				t.Fatal(err)
			}
			db := filepath.Join(t.TempDir(), "x.db")
			ctx, cancel := context.WithCancel(context.Background())
			if c.cancelled {
				cancel()
			}
			_, err = g.Build(ctx, c.params, build.Options{Path: db, StopAfter: 1})
			cancel()
			if !errors.Is(err, build.ErrStopped) && !errors.Is(err, context.Canceled) {
				t.Fatalf("stopped after a chunk: %v", err)
			}
			out, _, code := tb(t, "", "verify", db)
			want := "tb build " + c.game + " " + c.command + " --db " + shellWord(db)
			if code != 3 || !strings.Contains(out, db+": ok: ") || !strings.Contains(out, db+": incomplete: the build has not ended; "+want+" completes it\n") {
				t.Fatalf("tb verify of a stopped build: exit %d, %s; want exit 3 and %q", code, out, want)
			}
			args := strings.Fields(strings.ReplaceAll(want, "'", ""))[1:]
			if out, errOut, code := tb(t, "", shortTable(args)...); code != 0 {
				t.Fatalf("%s: exit %d, %s%s", want, code, out, errOut)
			}
			if out, _, code := tb(t, "", "verify", db); code != 0 || strings.Contains(out, "incomplete") {
				t.Errorf("tb verify of the completed build: exit %d, %s", code, out)
			}
		})
	}
}

// TestVerifyExitStatus: damage outweighs an incomplete build, which
// outweighs complete ones; a file no build writes (tb query --save's)
// is ok, and says nothing completes it.
func TestVerifyExitStatus(t *testing.T) {
	dir := t.TempDir()
	complete, stopped, saved, damaged := filepath.Join(dir, "c.db"), filepath.Join(dir, "s.db"), filepath.Join(dir, "saved.db"), filepath.Join(dir, "d.db")
	g, err := games.Lookup("domineering")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := build.Run(context.Background(), g, build.Params{"max-cells": "6"}, build.Options{Path: complete}); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Build(context.Background(), build.Params{"max-cells": "6"}, build.Options{Path: stopped, StopAfter: 1}); !errors.Is(err, build.ErrStopped) {
		t.Fatal(err)
	}
	if _, errOut, code := tb(t, "", "query", "--save", saved, "domineering", "...|..."); code != 0 {
		t.Fatalf("tb query --save: exit %d, %s", code, errOut)
	}
	if out, _, code := tb(t, "", "verify", saved); code != 0 || !strings.Contains(out, saved+": not the file of a tb build (parameters components=saved): nothing completes it") {
		t.Errorf("tb verify of a saved file: exit %d, %s", code, out)
	}
	for _, c := range []struct {
		files []string
		code  int
	}{
		{[]string{complete}, 0},
		{[]string{complete, stopped}, 3},
		{[]string{stopped, damaged, complete}, 1},
	} {
		if _, _, code := tb(t, "", append([]string{"verify"}, c.files...)...); code != c.code {
			t.Errorf("tb verify %v: exit %d, want %d", c.files, code, c.code)
		}
	}
}
