// Package docs holds the project's documents and a test that their links
// hold: every relative link in README.md and the Markdown files under
// docs/ and python/ names a file or directory of the repository, and
// every link to a heading of a Markdown file names one it has.
package docs

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

var (
	fence   = regexp.MustCompile("(?ms)^```.*?^```")
	link    = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	inline  = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
	heading = regexp.MustCompile(`(?m)^#+\s+(.*?)\s*$`)
	scheme  = regexp.MustCompile(`^[a-z]+:`)
)

// TestLinks: every relative link of the documents names a path inside
// the repository that exists, and its #fragment, on a Markdown file, one
// of that file's headings as GitHub names them.
func TestLinks(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	files := []string{filepath.Join(root, "README.md")}
	for _, dir := range []string{"docs", "python"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".md") {
				files = append(files, path)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(files) < 10 {
		t.Fatalf("%d documents found", len(files))
	}
	headings := map[string]map[string]bool{}
	checked := 0
	for _, file := range files {
		text := readText(t, file)
		for _, m := range link.FindAllStringSubmatch(text, -1) {
			target := m[1]
			if scheme.MatchString(target) {
				continue
			}
			checked++
			path, fragment, _ := strings.Cut(target, "#")
			dest := file
			if path != "" {
				dest = filepath.Join(filepath.Dir(file), path)
			}
			rel, err := filepath.Rel(root, dest)
			if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
				t.Errorf("%s: %s points outside the repository", relTo(root, file), target)
				continue
			}
			if _, err := os.Stat(dest); err != nil {
				t.Errorf("%s: %s: no such file", relTo(root, file), target)
				continue
			}
			if fragment == "" || !strings.HasSuffix(dest, ".md") {
				continue
			}
			if headings[dest] == nil {
				headings[dest] = anchors(readText(t, dest))
			}
			if !headings[dest][fragment] {
				t.Errorf("%s: %s: no such heading", relTo(root, file), target)
			}
		}
	}
	if checked < 100 {
		t.Errorf("%d links checked", checked)
	}
}

// TestAnchors: headings are named as GitHub names them.
func TestAnchors(t *testing.T) {
	got := anchors("# Results\n## 4x4x4 (Qubic)\n### `tb solve`: tasks\n## Cram and [Clobber](x.md)\n```\n# not a heading\n```\n## Results\n")
	for _, want := range []string{"results", "4x4x4-qubic", "tb-solve-tasks", "cram-and-clobber", "results-1"} {
		if !got[want] {
			t.Errorf("no anchor %q in %v", want, got)
		}
	}
	if got["not-a-heading"] || len(got) != 5 {
		t.Errorf("anchors %v", got)
	}
}

// readText returns a document without its fenced code blocks, whose
// text is not Markdown.
func readText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return fence.ReplaceAllString(string(b), "")
}

// anchors returns the fragments that name the headings of a document
// (none in its fenced code): lower case, links replaced by their text,
// every character but letters, digits, spaces, hyphens and underscores
// dropped, spaces made hyphens, and a repeated name numbered from -1.
func anchors(text string) map[string]bool {
	names := map[string]bool{}
	seen := map[string]int{}
	for _, m := range heading.FindAllStringSubmatch(fence.ReplaceAllString(text, ""), -1) {
		title := inline.ReplaceAllString(strings.ToLower(m[1]), "$1")
		var b strings.Builder
		for _, r := range title {
			switch {
			case r == ' ':
				b.WriteByte('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		name := b.String()
		if n := seen[name]; n > 0 {
			seen[name]++
			name += "-" + strconv.Itoa(n)
		} else {
			seen[name] = 1
		}
		names[name] = true
	}
	return names
}

// relTo returns path relative to root, for messages.
func relTo(root, path string) string {
	if rel, err := filepath.Rel(root, path); err == nil {
		return rel
	}
	return path
}
