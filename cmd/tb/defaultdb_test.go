package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/games"
)

// TestDefaultDBAdvice: where a whole-board game has no default file, the
// command tb suggests builds one (with 4 for each N), which is then read.
func TestDefaultDBAdvice(t *testing.T) {
	noDefaultFiles(t)
	for _, g := range games.All {
		if !g.Board().WholeBoard {
			continue
		}
		var note bytes.Buffer
		if f := openDefaultDB(g, &note); f != nil {
			t.Fatalf("%s: a file where there is none", g.Name())
		}
		_, command, ok := strings.Cut(note.String(), "tb build ")
		command, _, ok2 := strings.Cut(command, " makes one")
		if !ok || !ok2 {
			t.Fatalf("%s: no command in %q", g.Name(), note.String())
		}
		args := append([]string{"build"}, strings.Fields(strings.ReplaceAll(" "+command+" ", " N ", " 4 "))...)
		if _, errOut, code := tb(t, "", args...); code != 0 {
			t.Errorf("%s: tb %s: exit %d, %s", g.Name(), strings.Join(args, " "), code, errOut)
			continue
		}
		f := openDefaultDB(g, &note)
		if f == nil {
			t.Errorf("%s: the file built is not read: %s", g.Name(), note.String())
			continue
		}
		f.Close()
	}
}
