package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/games"
)

// TestQuerySumFiles: tb query sum reads each --db file for the parts of
// its game and solves the others in memory, with the answers of a sum
// solved wholly in memory; an answer names the file when its parts read
// one.
func TestQuerySumFiles(t *testing.T) {
	dir := t.TempDir()
	noDefaultFiles(t)
	dom, clob := filepath.Join(dir, "dom.db"), filepath.Join(dir, "clob.db")
	for _, b := range [][]string{{"domineering", "--max-cells", "6", "--db", dom}, {"clobber", "--max-cells", "3", "--db", clob}} {
		if _, errOut, code := tb(t, "", append([]string{"build"}, b...)...); code != 0 {
			t.Fatalf("tb build %v: %s", b, errOut)
		}
	}
	positions := []string{"domineering:..|.. + clobber:xo", "domineering:...|... + domineering:.. + cram:...", "clobber:xox + clobber:ox"}
	solved, _, code := tb(t, "", append([]string{"query", "sum"}, positions...)...)
	if code != 0 {
		t.Fatalf("tb query sum in memory: exit %d", code)
	}
	want := answers(t, solved)
	hash := map[string]string{"": ""} // each file's content hash
	for _, q := range [][]string{{dom, "domineering", ".."}, {clob, "clobber", "xo"}} {
		out, _, _ := tb(t, "", "query", "--db", q[0], q[1], q[2])
		if hash[q[0]] = answers(t, out)[0].File; hash[q[0]] == "" {
			t.Fatalf("tb query --db %s: no file hash", q[0])
		}
	}
	for _, tc := range []struct {
		dbs     []string
		sources []string // of each position's answer
		files   []string // the file each names
	}{
		{[]string{dom}, []string{"solved", "solved", "solved"}, []string{dom, dom, ""}},
		{[]string{clob}, []string{"solved", "solved", "tablebase"}, []string{clob, "", clob}},
		{[]string{dom, clob}, []string{"tablebase", "solved", "tablebase"}, []string{"", dom, clob}},
	} {
		args := []string{"query", "sum"}
		for _, db := range tc.dbs {
			args = append(args, "--db", db)
		}
		out, errOut, code := tb(t, "", append(args, positions...)...)
		if code != 0 {
			t.Errorf("tb %v: exit %d: %s", args, code, errOut)
			continue
		}
		for i, a := range answers(t, out) {
			if a.Value != want[i].Value || a.Outcome != want[i].Outcome || a.Source != tc.sources[i] || a.File != hash[tc.files[i]] {
				t.Errorf("tb %v: %s: %s %s from %s, file %q, want %s %s from %s, file %q", args, a.Position, a.Value, a.Outcome, a.Source, a.File,
					want[i].Value, want[i].Outcome, tc.sources[i], hash[tc.files[i]])
			}
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"query", "--db", dom, "--db", dom, "sum", "domineering:.."}, "both hold domineering"},
		{[]string{"query", "--db", dom, "--db", clob, "domineering", ".."}, "reads one --db file"},
		{[]string{"query", "--no-solve", "sum", "domineering:.."}, "--no-solve needs --db FILE"},
	} {
		if _, errOut, code := tb(t, "", tc.args...); code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("tb %v: exit %d, %q; want exit 2 saying %q", tc.args, code, errOut, tc.want)
		}
	}
}

// TestPlaySumFiles: tb play sum takes a --db file for the parts of its
// game, as tb query does.
func TestPlaySumFiles(t *testing.T) {
	noDefaultFiles(t)
	dom := filepath.Join(t.TempDir(), "dom.db")
	if _, errOut, code := tb(t, "", "build", "domineering", "--max-cells", "4", "--db", dom); code != 0 {
		t.Fatal(errOut)
	}
	out, errOut, code := tb(t, "quit\n", "play", "--db", dom, "sum", "domineering:..|.. + clobber:xo", "--as", "R")
	if code != 0 || !strings.Contains(out, "value +-(1*), outcome N") {
		t.Errorf("tb play --db %s sum: exit %d\n%s%s", dom, code, out, errOut)
	}
	if _, errOut, code := tb(t, "", "play", "--db", dom, "--db", dom, "domineering"); code != 2 || !strings.Contains(errOut, "both hold domineering") {
		t.Errorf("tb play with two files of one game: exit %d, %s", code, errOut)
	}
}

// noDefaultFiles makes every game's default file one that does not exist
// yet, in an empty directory.
func noDefaultFiles(t *testing.T) {
	none := t.TempDir()
	t.Setenv("XDG_DATA_HOME", none)
	for _, g := range games.All {
		t.Setenv("TB_"+strings.ToUpper(strings.ReplaceAll(g.Name(), "-", "_"))+"_DB", filepath.Join(none, g.Name()+".db"))
	}
}
