package version

import (
	"os"
	"regexp"
	"testing"
)

// TestPythonAgrees checks that the Python package's files name Version:
// __version__ in its __init__.py (which its build backend writes into the
// wheel's metadata) and the version its pyproject.toml names.
func TestPythonAgrees(t *testing.T) {
	for _, c := range []struct {
		path    string
		pattern string
	}{
		{"../../python/tablebase/__init__.py", `(?m)^__version__ = "([^"]*)"$`},
		{"../../python/pyproject.toml", `(?m)^# .*\bversion ([0-9][^ ]*) from tablebase/__init__\.py`},
	} {
		data, err := os.ReadFile(c.path)
		if err != nil {
			t.Fatal(err)
		}
		m := regexp.MustCompile(c.pattern).FindSubmatch(data)
		if m == nil {
			t.Errorf("%s names no version (%s)", c.path, c.pattern)
			continue
		}
		if string(m[1]) != Version {
			t.Errorf("%s names version %s, Version is %s", c.path, m[1], Version)
		}
	}
}

// TestVersion checks that Version is written as semantic versioning
// writes one, without a leading v.
func TestVersion(t *testing.T) {
	if !regexp.MustCompile(`^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?$`).MatchString(Version) {
		t.Errorf("Version %q is not a semantic version", Version)
	}
}
