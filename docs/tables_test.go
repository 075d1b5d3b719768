package docs

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/games"
)

// section returns the text of a document under the heading whose title is
// title, up to the next heading of the same level or higher, or "" when
// the document has no such heading.
func section(text, title string) string {
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		level := len(line) - len(strings.TrimLeft(line, "#"))
		if level == 0 || strings.TrimSpace(line[level:]) != title {
			continue
		}
		end := len(lines)
		for j := i + 1; j < len(lines); j++ {
			if l := len(lines[j]) - len(strings.TrimLeft(lines[j], "#")); l > 0 && l <= level && strings.HasPrefix(lines[j][l:], " ") {
				end = j
				break
			}
		}
		return strings.Join(lines[i+1:end], "\n")
	}
	return ""
}

// tables returns the rows of the Markdown tables of text, each cut into
// its cells (trimmed; an escaped \| stays in its cell as |), header and
// separator rows left out.
func tables(text string) [][][]string {
	var all [][][]string
	var rows [][]string
	for _, line := range append(strings.Split(text, "\n"), "") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "|") {
			if rows != nil {
				all = append(all, rows[1:]) // the header
			}
			rows = nil
			continue
		}
		if strings.HasPrefix(line, "|---") || strings.HasPrefix(line, "| ---") {
			continue
		}
		cells := strings.Split(strings.Trim(strings.ReplaceAll(line, `\|`, "\x00"), "|"), "|")
		for i, c := range cells {
			cells[i] = strings.TrimSpace(strings.ReplaceAll(c, "\x00", "|"))
		}
		rows = append(rows, cells)
	}
	return all
}

var codeName = regexp.MustCompile("`([^`]+)`")

// storedByGame reads the games table of a document's section: the games
// named in the first column (in backquotes), and what the third says the
// tablebase stores, "as above" taken from the row before.
func storedByGame(t *testing.T, file, title string) map[string]string {
	t.Helper()
	text := section(readText(t, file), title)
	ts := tables(text)
	if len(ts) == 0 {
		t.Fatalf("%s: no table under %q", file, title)
	}
	stored := map[string]string{}
	prev := ""
	for _, row := range ts[0] {
		if len(row) < 3 {
			t.Fatalf("%s: row %q has %d cells", file, row, len(row))
		}
		s := row[2]
		if s == "as above" {
			s = prev
		}
		prev = s
		for _, m := range codeName.FindAllStringSubmatch(row[0], -1) {
			stored[m[1]] = s
		}
	}
	return stored
}

// TestStoredAgrees: the README and the contract name every game of the
// registry in their games tables, and say the same of what its tablebase
// stores.
func TestStoredAgrees(t *testing.T) {
	readme := storedByGame(t, filepath.Join("..", "README.md"), "Games")
	contract := storedByGame(t, "contract.md", "Games")
	for _, g := range games.All {
		name := g.Name()
		r, ok1 := readme[name]
		c, ok2 := contract[name]
		switch {
		case !ok1 || !ok2:
			t.Errorf("%s: in the README's games table %v, in the contract's %v", name, ok1, ok2)
		case r != c:
			t.Errorf("%s stores %q in the README, %q in the contract", name, r, c)
		}
	}
	if len(readme) != len(games.All) || len(contract) != len(games.All) {
		t.Errorf("the README names %d games, the contract %d, the registry has %d", len(readme), len(contract), len(games.All))
	}
}

// TestTables checks the helpers on a small document.
func TestTables(t *testing.T) {
	doc := "# A\n## B\n| x | y |\n|---|---|\n| `a\\|b` | 1 |\n\ntext\n### C\n| h |\n|---|\n| c |\n## D\n| d |\n"
	b := section(doc, "B")
	ts := tables(b)
	if len(ts) != 2 || len(ts[0]) != 1 || ts[0][0][0] != "`a|b`" || ts[0][0][1] != "1" || ts[1][0][0] != "c" {
		t.Errorf("tables of section B: %q", ts)
	}
	if strings.Contains(b, "| d |") || section(doc, "E") != "" || section(doc, "D") != "| d |\n" {
		t.Errorf("section B %q, D %q", b, section(doc, "D"))
	}
}
