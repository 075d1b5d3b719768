package docs

import (
	"strconv"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/games"
	"github.com/tablebase/tablebase/games/amazons"
	"github.com/tablebase/tablebase/games/clobber"
	"github.com/tablebase/tablebase/games/domineering3d"
	"github.com/tablebase/tablebase/games/kayles"
	"github.com/tablebase/tablebase/games/konane"
	"github.com/tablebase/tablebase/games/snort"
	"github.com/tablebase/tablebase/games/toadsfrogs"
	"github.com/tablebase/tablebase/games/toppling"
	"github.com/tablebase/tablebase/games/ttt3d"
)

// subsections returns the ### subsections of text, each its title and
// its first paragraph.
func subsections(text string) map[string]string {
	out := map[string]string{}
	for _, part := range strings.Split(text, "\n### ")[1:] {
		title, body, _ := strings.Cut(part, "\n")
		para, _, _ := strings.Cut(strings.TrimLeft(body, "\n"), "\n\n")
		out[title] = para
	}
	return out
}

// TestFormatSections: docs/format.md has a section of keys and values for
// every game of the registry, which names it in its first paragraph, and
// every such section names a game of the registry.
func TestFormatSections(t *testing.T) {
	subs := subsections(section(readText(t, "format.md"), "Keys and values by game"))
	if len(subs) == 0 {
		t.Fatal("format.md: no section \"Keys and values by game\"")
	}
	named := map[string]bool{}
	for title, para := range subs {
		found := false
		for _, m := range codeName.FindAllStringSubmatch(para, -1) {
			if _, err := games.Lookup(m[1]); err == nil {
				named[m[1]], found = true, true
			}
		}
		if !found {
			t.Errorf("format.md: section %q names no game in its first paragraph", title)
		}
	}
	for _, g := range games.All {
		if !named[g.Name()] {
			t.Errorf("format.md: no section of keys and values names %s", g.Name())
		}
	}
}

// TestFormatKeyLengths: the key lengths of format.md's table of builds
// are those of the code.
func TestFormatKeyLengths(t *testing.T) {
	want := map[string]int{
		"`domineering`, `xt-domineering`, `cram`": canon.KeyLen,
		"`clobber`":       clobber.KeyLen,
		"`domineering3d`": domineering3d.KeyLen,
		"`sync-triomineering`, `sync-domineering`": canon.KeyLen,
		"`ttt3d --n 3`":              ttt3d.KeyLen,
		"`toads-and-frogs`":          toadsfrogs.KeyLen,
		"`konane`":                   konane.KeyLen,
		"`snort`, `col`":             snort.KeyLen,
		"`toppling-dominoes`":        toppling.KeyLen,
		"`amazons`":                  amazons.KeyLen,
		"`kayles`, `dawsons-kayles`": kayles.KeyLen,
	}
	got := map[string]string{}
	for _, table := range tables(section(readText(t, "format.md"), "Metadata")) {
		for _, row := range table {
			if len(row) == 3 {
				got[row[0]] = row[2]
			}
		}
	}
	for build, n := range want {
		if got[build] != strconv.Itoa(n) {
			t.Errorf("format.md: key_len of %s is %q, the code's %d", build, got[build], n)
		}
	}
}
