package docs

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// figure matches a measured quantity as the documents write it: a number
// and its unit, with a further number and unit where a time goes on
// ("48 min 14 s", "2 h").
var figure = regexp.MustCompile(`\d[\d,.]* (?:h|min|minutes|s|ms|GiB|GB|MB|KB)\b(?: \d[\d,.]* (?:min|s)\b)*`)

// prose pairs a sentence of the README that quotes figures with the row
// of the benchmarks' summary that holds them: each group the pattern
// captures must be in the first row whose text (its cells joined by
// " | ") begins with row; a row ending in " |" names a whole first cell.
// A README figure not paired here (the HTTP rates) is not checked.
var prose = []struct {
	readme *regexp.Regexp
	row    string
}{
	{regexp.MustCompile(`every Domineering region of up to 10 cells \((\S+) positions`), "`tb build domineering --max-cells 10 --db dom10.db` |"},
	{regexp.MustCompile(`empty 6x6 Domineering board takes (\S+ s) on two cores`), "exact value of the empty 6x6 Domineering board"},
	{regexp.MustCompile(`5x8 (\d+ min \d+ s) \((\S+ GiB)\)`), "exact values of 5x8 and 8x5"},
	{regexp.MustCompile(`6x7 \([^)]*\) (\d+ minutes) \((\S+ GiB)\)`), "exact values of 6x7 and 7x6"},
	{regexp.MustCompile("8x8 answers `N` in (\\S+ s) on two cores"), "outcome of the empty 8x8 Domineering board |"},
	{regexp.MustCompile("4x6 checkerboard is `P` in (\\S+ s) of CPU on one core, where MCGS 1.5 takes (\\d+ to \\d+ s)"), "outcome of the Clobber checkerboard 4x6"},
	{regexp.MustCompile("4x8 \\([^)]*\\) is `N` in (\\d+ minutes) of CPU"), "outcome of the Clobber checkerboard 4x8"},
}

// summaryRows returns the rows of the tables of the benchmarks' summary,
// each its cells joined by " | ".
func summaryRows(t *testing.T) []string {
	t.Helper()
	var rows []string
	for _, table := range tables(section(readText(t, "benchmarks.md"), "Summary")) {
		for _, row := range table {
			rows = append(rows, strings.Join(row, " | "))
		}
	}
	if len(rows) < 10 {
		t.Fatalf("benchmarks.md: %d rows in the summary", len(rows))
	}
	return rows
}

// holds reports whether text quotes fig as a whole figure (not the end of
// a longer number).
func holds(text, fig string) bool {
	return regexp.MustCompile(`(^|[^\d.,])` + regexp.QuoteMeta(fig) + `\b`).MatchString(text)
}

// TestReadmeBuildFigures: every build of the README's table is a row of
// the benchmarks' summary with the same command and positions, and every
// figure of its time (and memory) is that row's.
func TestReadmeBuildFigures(t *testing.T) {
	readme := readText(t, filepath.Join("..", "README.md"))
	ts := tables(section(readme, "`tb build GAME --db FILE [options]`"))
	if len(ts) == 0 || len(ts[0]) < 5 {
		t.Fatal("README.md: no table of builds under tb build")
	}
	byCommand := map[string][]string{}
	for _, table := range tables(section(section(readText(t, "benchmarks.md"), "Summary"), "Builds")) {
		for _, row := range table {
			byCommand[row[0]] = row
		}
	}
	for _, row := range ts[0] {
		bench, ok := byCommand[row[0]]
		if !ok {
			t.Errorf("README.md: build %s is not in the summary of docs/benchmarks.md", row[0])
			continue
		}
		if row[1] != bench[1] {
			t.Errorf("%s: %s positions in the README, %s in the benchmarks", row[0], row[1], bench[1])
		}
		figs := figure.FindAllString(row[2], -1)
		if len(figs) == 0 {
			t.Errorf("%s: no figure in the README's %q", row[0], row[2])
		}
		for _, f := range figs {
			if !holds(strings.Join(bench[2:], " | "), f) {
				t.Errorf("%s: the README's %s is not in the benchmarks' %q", row[0], f, strings.Join(bench[2:], " | "))
			}
		}
	}
}

// TestReadmeProseFigures: the figures the README's prose quotes are those
// of the benchmarks' summary, each sentence paired with its row.
func TestReadmeProseFigures(t *testing.T) {
	readme := strings.Join(strings.Fields(readText(t, filepath.Join("..", "README.md"))), " ")
	rows := summaryRows(t)
	for _, p := range prose {
		m := p.readme.FindStringSubmatch(readme)
		if m == nil {
			t.Errorf("README.md: no sentence matches %q", p.readme)
			continue
		}
		var row string
		for _, r := range rows {
			if strings.HasPrefix(r+" |", p.row) {
				row = r
				break
			}
		}
		if row == "" {
			t.Errorf("benchmarks.md: no summary row begins %q", p.row)
			continue
		}
		for _, f := range m[1:] {
			if !holds(row, f) {
				t.Errorf("README.md quotes %s (%q); the benchmarks' row says %q", f, m[0], row)
			}
		}
	}
}

// TestFigure checks the figures found and matched.
func TestFigure(t *testing.T) {
	got := figure.FindAllString("48 min 14 s, 13.8 GiB of memory, 2 h of CPU, 2,227,209,333", -1)
	if strings.Join(got, ";") != "48 min 14 s;13.8 GiB;2 h" {
		t.Errorf("figures %q", got)
	}
	if holds("21.1 s", "1.1 s") || holds("0.70 s", "0.7") || !holds("x 0.70 s wall", "0.70 s") {
		t.Error("holds matches part of a figure")
	}
}
