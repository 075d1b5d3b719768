package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/games/ttt3d"
	"github.com/tablebase/tablebase/internal/libbuild"
	"github.com/tablebase/tablebase/internal/testdir"
	"github.com/tablebase/tablebase/query"
)

func tb(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), code
}

// shortTable gives a tb build or tb query of domineering3d under -short
// (args: the command and its arguments) a three-player solver of 2^16
// transposition table entries, not 2^24 (384 MiB to clear): the table's
// size changes the time the command takes, not its answers.
func shortTable(args []string) []string {
	if !testing.Short() || !slices.Contains(args, "domineering3d") {
		return args
	}
	return append([]string{args[0], "--table-bits", "16"}, args[1:]...)
}

// answer is a JSON answer line of tb query: the fields games share, and
// the games' own that these tests read.
type answer struct {
	query.Answer
	Outcomes   map[string]string `json:"outcomes"`   // domineering3d's
	Vertical   string            `json:"vertical"`   // the synchronized games'
	Horizontal string            `json:"horizontal"` // the synchronized games'
}

func answers(t *testing.T, out string) []answer {
	t.Helper()
	var as []answer
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var a answer
		if err := json.Unmarshal([]byte(line), &a); err != nil {
			t.Fatalf("bad JSON line %q: %v", line, err)
		}
		as = append(as, a)
	}
	return as
}

func TestQueryFromTablebaseAndSolver(t *testing.T) {
	db := filepath.Join(t.TempDir(), "d.db")
	if _, errOut, code := tb(t, "", "build", "--db", db, "domineering", "--max-cells", "8"); code != 0 {
		t.Fatalf("build failed: %s", errOut)
	}
	// Options before or after the game name mean the same.
	out, _, code := tb(t, "", "query", "domineering", "--db", db, "..|..", "...|...", "....|....|....|....", "#.|..")
	if code != 0 {
		t.Fatalf("query exit %d", code)
	}
	as := answers(t, out)
	want := []struct{ value, outcome, source string }{
		{"+-1", "N", "tablebase"}, {"{2|-1/2}", "N", "tablebase"},
		{"+-(0,{{2|0},2Tiny(2)|{2|0},Miny(2)})", "N", "solved"}, {"*", "N", "tablebase"},
	}
	for i, w := range want {
		if a := as[i]; a.Value != w.value || a.Outcome != w.outcome || a.Source != w.source || a.Game != "domineering" {
			t.Errorf("answer %d: %+v, want %+v", i, a, w)
		}
	}
	// --no-solve refuses what the file lacks, line by line.
	out, _, code = tb(t, "..|..\n....|....|....|....\n", "query", "--db", db, "--no-solve", "--explicit", "domineering")
	as = answers(t, out)
	if code != 1 || len(as) != 2 || as[0].Explicit != "{{0|}|{|0}}" || !strings.Contains(as[1].Error, "not in the tablebase") {
		t.Fatalf("--no-solve: exit %d, %+v", code, as)
	}
	// --details adds the thermograph's numbers and the atomic weight.
	out, _, _ = tb(t, "", "query", "--details", "domineering", "...|...", "#.|..")
	as = answers(t, out)
	if a := as[0]; a.LeftStop != "2" || a.RightStop != "-1/2" || a.Mean != "3/4" || a.Temperature != "5/4" || a.AtomicWeight != "" {
		t.Errorf("details of 2x3: %+v", a)
	}
	if a := as[1]; a.Mean != "0" || a.Temperature != "0" || a.AtomicWeight != "0" {
		t.Errorf("details of *: %+v", a)
	}
	// A file of another game is refused.
	if _, errOut, code := tb(t, "", "query", "--db", db, "xt-domineering", "."); code == 0 || !strings.Contains(errOut, "holds a domineering tablebase") {
		t.Fatalf("querying a domineering file as xt-domineering: exit %d, %s", code, errOut)
	}
}

func TestBadInput(t *testing.T) {
	// Batch mode answers every line, with an error field on bad ones.
	out, _, code := tb(t, "..|..\n..|.\nabc\n\n.#.\n", "query", "xt-domineering")
	as := answers(t, out)
	if code != 1 || len(as) != 4 {
		t.Fatalf("exit %d, %d answers", code, len(as))
	}
	for i, w := range []string{"", "ragged rows", "bad character 'a'", ""} {
		if w == "" && (as[i].Error != "" || as[i].Value == "") || w != "" && !strings.Contains(as[i].Error, w) {
			t.Errorf("line %d: %+v, want error %q", i, as[i], w)
		}
	}
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"query", "chess", "."}, 2, `unknown game "chess"`},
		{[]string{"query"}, 2, "name a game"},
		{[]string{"query", "--no-solve", "domineering", "."}, 2, "--no-solve needs --db"},
		{[]string{"query", "--db", "/nonexistent/x.db", "domineering", "."}, 1, "no such file"},
		{[]string{"build", "domineering", "--db", "x.db"}, 2, "--max-cells N is required"},
		{[]string{"build", "domineering", "--db", filepath.Join(t.TempDir(), "x.db"), "--max-cells", "99"}, 2, "between 1 and 18"},
		{[]string{"frobnicate"}, 2, "unknown command"},
		{[]string{"build", "ttt3d", "--db", "x.db"}, 2, "--n 3 or --n 4"},
		{[]string{"build", "ttt3d", "--n", "3", "--max-plies", "40", "--db", "x.db"}, 2, "--max-plies must be between"},
		{[]string{"build", "ttt3d", "--n", "4", "--from", "xx", "--db", "x.db"}, 2, "--from"},
		{[]string{"build", "ttt3d", "--n", "4", "--from", strings.Repeat(".", 27), "--db", "x.db"}, 2, "4x4x4 position"},
		{[]string{"query", "ttt3d", "xx........................."}, 1, "impossible counts"},
		{[]string{"query", "ttt3d", "xxxooo....................."}, 1, "both x and o"},
		{[]string{"query", "--bogus"}, 2, "flag provided but not defined"},
		{[]string{"query", "domineering", "........./........./........./........./........./........./........./........."}, 1, "larger than the 64 cells"},
	} {
		_, errOut, code := tb(t, "", c.args...)
		if code != c.code || !strings.Contains(errOut, c.msg) {
			t.Errorf("tb %v: exit %d, %q; want exit %d with %q", c.args, code, errOut, c.code, c.msg)
		}
	}
	if out, _, code := tb(t, "", "help"); code != 0 || !strings.Contains(out, "Commands:") {
		t.Errorf("tb help: exit %d, %q", code, out)
	}
	if _, errOut, code := tb(t, "", "query", "-h"); code != 0 || !strings.Contains(errOut, "--no-solve") {
		t.Errorf("tb query -h: exit %d, %q", code, errOut)
	}
}

// TestMain runs the tests with their files in memory where it can
// (testdir).
func TestMain(m *testing.M) { testdir.Main(m) }

// binary returns tb, built once for all tests (libbuild).
func binary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() { binPath, binErr = libbuild.Built("tb") })
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// TestBuildSurvivesSIGKILL kills a real build process mid-way, as soon as
// its file has grown (a commit under way or done, whatever the machine's
// speed), three times at most, resumes it, and compares the file with an
// uninterrupted build's: the same bytes, and so the same answers.
func TestBuildSurvivesSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	dir := t.TempDir()
	bin := binary(t)
	killed := filepath.Join(dir, "killed.db")
	args := []string{"build", "xt-domineering", "--max-cells", "12", "--db", killed}
	kills := 0
	for kills < 3 {
		var from int64
		if info, err := os.Stat(killed); err == nil {
			from = info.Size()
		}
		cmd := exec.Command(bin, args...)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		ended := make(chan error, 1)
		go func() { ended <- cmd.Wait() }()
		err := growThenKill(cmd, killed, from, ended)
		if err == nil {
			break // finished before its file grew
		}
		kills++
	}
	if kills < 2 {
		t.Fatalf("killed %d times: the build ended before its file grew", kills)
	}
	if out, err := exec.Command(bin, args...).CombinedOutput(); err != nil {
		t.Fatalf("resumed build: %v\n%s", err, out)
	}
	whole := filepath.Join(dir, "whole.db")
	if out, err := exec.Command(bin, "build", "xt-domineering", "--max-cells", "12", "--db", whole).CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	t.Logf("killed %d times", kills)
	a, errA := os.ReadFile(killed)
	b, errB := os.ReadFile(whole)
	if errA != nil || errB != nil || len(a) == 0 || !bytes.Equal(a, b) {
		t.Fatalf("the build killed %d times and resumed: %d bytes (%v), an uninterrupted one %d bytes (%v), not the same", kills, len(a), errA, len(b), errB)
	}
	out, _, code := tb(t, "....|....|....\n...|.#.|...|...\n", "query", "--db", killed, "--no-solve", "--explicit", "xt-domineering")
	if code != 0 || len(answers(t, out)) != 2 {
		t.Fatalf("query of the resumed file: exit %d\n%s", code, out)
	}
}

// growThenKill kills the started process cmd with SIGKILL once the file
// at path is larger than from bytes, and returns what its Wait (sent on
// ended) returned: nil if it ended of itself first.
func growThenKill(cmd *exec.Cmd, path string, from int64, ended <-chan error) error {
	tick := time.NewTicker(time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case err := <-ended:
			return err
		case <-tick.C:
			if info, err := os.Stat(path); err == nil && info.Size() > from {
				cmd.Process.Signal(syscall.SIGKILL)
				return <-ended
			}
		}
	}
}

// TestBuildMemoryLimit stops a build past --memory-mib with an error that
// says so, and the same command without the limit resumes it.
func TestBuildMemoryLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	path := filepath.Join(t.TempDir(), "m.db")
	args := []string{"build", "domineering", "--max-cells", "13", "--db", path}
	out, err := exec.Command(binary(t), append(args, "--memory-mib", "30")...).CombinedOutput()
	if err == nil || !strings.Contains(string(out), "over --memory-mib 30; run the same command to resume") {
		t.Fatalf("build with a limit of 30 MiB: %v\n%s", err, out)
	}
	if out, err := exec.Command(binary(t), args...).CombinedOutput(); err != nil || !strings.Contains(string(out), "325737 positions") {
		t.Fatalf("resumed build: %v\n%s", err, out)
	}
}

func TestDomineering3D(t *testing.T) {
	db := filepath.Join(t.TempDir(), "b.db")
	out, errOut, code := tb(t, "", shortTable([]string{"build", "domineering3d", "--board", "2x2x3", "--db", db})...)
	if code != 0 || !strings.Contains(out, "domineering3d board 2x2x3:") {
		t.Fatalf("build: exit %d, %s %s", code, out, errOut)
	}
	out, _, code = tb(t, "2x2x3\n2x2x3:..|..|..|..|.#|..\n2x3x2\n3x3x3:..\n3x3x1\n", shortTable([]string{"query", "--db", db, "domineering3d"})...)
	as := answers(t, out)
	if code != 1 || len(as) != 5 {
		t.Fatalf("exit %d, %d answers", code, len(as))
	}
	// Cincotti, "Three-player Domineering", Table I: 2x2x3 is Z, Q, Q with X, Y, Z first.
	if a := as[0]; a.Source != "tablebase" || a.Outcomes["XYZ"] != "Z" || a.Outcomes["YZX"] != "Q" || a.Outcomes["ZXY"] != "Q" || len(a.Outcomes) != 6 {
		t.Errorf("2x2x3: %+v", a)
	}
	// One covered cell: no play reaches it, so it is solved in memory.
	if a := as[1]; a.Error != "" || a.Source != "solved" || len(a.Outcomes) != 6 {
		t.Errorf("odd board: %+v", a)
	}
	if a := as[2]; a.Source != "solved" || a.Outcomes["ZXY"] != "Y" {
		t.Errorf("2x3x2 (another box, solved in memory): %+v", a)
	}
	for i, w := range []string{"the position gives 2", "at least 2"} {
		if !strings.Contains(as[3+i].Error, w) {
			t.Errorf("answer %d: %+v, want error %q", 3+i, as[3+i], w)
		}
	}
	if _, errOut, code := tb(t, "", "build", "domineering3d", "--board", "9x9x9", "--db", db); code != 2 || !strings.Contains(errOut, "more than the 128") {
		t.Errorf("9x9x9: exit %d, %s", code, errOut)
	}
	if _, errOut, code := tb(t, "", "build", "domineering3d", "--board", "5x4x4", "--db", db); code != 2 || !strings.Contains(errOut, "at most 64") {
		t.Errorf("5x4x4: exit %d, %s", code, errOut)
	}
}

func TestSynchronized(t *testing.T) {
	db := filepath.Join(t.TempDir(), "s.db")
	if out, errOut, code := tb(t, "", "build", "sync-triomineering", "--board", "4x5", "--db", db); code != 0 {
		t.Fatalf("build: exit %d, %s %s", code, out, errOut)
	}
	out, _, code := tb(t, "....|....|....|....|....\n.....|.....|.....|.....\n...|...|...|...|...|...|...\n..x\n", "query", "--db", db, "sync-triomineering")
	as := answers(t, out)
	if code != 1 || len(as) != 4 {
		t.Fatalf("exit %d, %d answers", code, len(as))
	}
	// Cao, "Further Results on the Game of Synchronized Triomineering"
	// (2012), Table 4.1: 5x4 is H and 4x5 is V; 7x3 is H.
	for i, w := range []struct{ outcome, vertical, horizontal, source string }{
		{"H", "loss", "win", "tablebase"}, {"V", "win", "loss", "tablebase"}, {"H", "loss", "win", "solved"},
	} {
		if a := as[i]; a.Outcome != w.outcome || a.Vertical != w.vertical || a.Horizontal != w.horizontal || a.Source != w.source {
			t.Errorf("answer %d: %+v, want %+v", i, a, w)
		}
	}
	if !strings.Contains(as[3].Error, "bad character 'x'") {
		t.Errorf("bad input: %+v", as[3])
	}
	if _, errOut, code := tb(t, "", "build", "sync-domineering", "--board", "4", "--db", db); code != 2 || !strings.Contains(errOut, "--board RxC is required") {
		t.Errorf("bad --board: exit %d, %s", code, errOut)
	}
}

// TestOutcomeOnly answers whole boards by search, with the default
// tablebase missing (a note, then the answer) and present.
func TestOutcomeOnly(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "dom.db")
	t.Setenv("TB_DOMINEERING_DB", path)
	boards := []string{"....|....|....|....", ".....|.....|.....|.....|.....", "..........|.........."}
	want := []string{"N", "P", "N"}
	check := func(noteWanted bool, flags ...string) {
		args := append(append([]string{"query", "--outcome-only"}, flags...), "domineering")
		out, errOut, code := tb(t, "", append(args, boards...)...)
		if code != 0 || strings.Contains(errOut, "no domineering tablebase") != noteWanted {
			t.Fatalf("%v: exit %d, stderr %q", flags, code, errOut)
		}
		for i, a := range answers(t, out) {
			if a.Outcome != want[i] || a.Value != "" {
				t.Errorf("%v, %s: %+v, want outcome %s only", flags, boards[i], a, want[i])
			}
		}
	}
	check(true)
	if _, errOut, code := tb(t, "", "build", "domineering", "--max-cells", "8", "--db", path); code != 0 {
		t.Fatal(errOut)
	}
	check(false)
	// Boards of more than 64 cells are parsed and searched: one row of 70
	// cells (Right wins), and 9x9 with only a 2x3 corner empty (N, as
	// 2x3 is).
	corner := "...######|...######|" + strings.Repeat("#########|", 6) + "#########"
	out, _, code := tb(t, "", "query", "--outcome-only", "--table-bits", "16", "domineering", strings.Repeat(".", 70), corner)
	if a := answers(t, out); code != 0 || a[0].Outcome != "R" || a[1].Outcome != "N" {
		t.Errorf("large boards: exit %d, %s", code, out)
	}
	// Past 128 cells: 12x12 with the same corner empty, and 16x17, too
	// large, an error in the answer.
	big := "...#########|...#########|" + strings.Repeat("############|", 9) + "############"
	out, _, code = tb(t, "", "query", "--outcome-only", "--table-bits", "16", "domineering", big, strings.Repeat(strings.Repeat(".", 17)+"|", 15)+strings.Repeat(".", 17))
	if a := answers(t, out); code != 1 || a[0].Outcome != "N" || !strings.Contains(a[1].Error, "larger than") {
		t.Errorf("boards past 128 cells: exit %d, %s", code, out)
	}
	if _, errOut, code := tb(t, "", "query", "--outcome-only", "--table-bits", "40", "domineering", corner); code != 2 || !strings.Contains(errOut, "--table-bits") {
		t.Errorf("--table-bits 40: exit %d, %s", code, errOut)
	}
	// One core gives the same answers; none is refused.
	out, _, code = tb(t, "", "query", "--outcome-only", "--workers", "1", "domineering", strings.Repeat(".", 70), corner)
	if a := answers(t, out); code != 0 || a[0].Outcome != "R" || a[1].Outcome != "N" {
		t.Errorf("--workers 1: exit %d, %s", code, out)
	}
	if _, errOut, code := tb(t, "", "query", "--outcome-only", "--workers", "0", "domineering", corner); code != 2 || !strings.Contains(errOut, "--workers") {
		t.Errorf("--workers 0: exit %d, %s", code, errOut)
	}
	// Valuing fewer or more components exactly changes no answer.
	for _, k := range []string{"2", "8", "15"} {
		check(false, "--known-cells", k)
	}
	if _, errOut, code := tb(t, "", "query", "--outcome-only", "--known-cells", "-1", "domineering", corner); code != 2 || !strings.Contains(errOut, "--known-cells") {
		t.Errorf("--known-cells -1: exit %d, %s", code, errOut)
	}
}

// TestFairReport prints the table of a blocked-pattern file that holds
// only the patterns of 25 or more blocked cells, as a stopped build would.
func TestFairReport(t *testing.T) {
	if testing.Short() {
		t.Skip("enumerates every pattern of blocked cells")
	}
	path := filepath.Join(t.TempDir(), "fair.db")
	if _, err := ttt3d.BuildFair(context.Background(), 25, build.Options{Path: path}); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := tb(t, "", "build", "ttt3d", "--n", "3", "--fair", "--report", "--db", path)
	for _, want := range []string{"| 24 | 101 | 0 | 0 | 0 |", "| 25 | 20 | 20 | 0 | 20 |", "| all | 2852288 | 25 | 0 | 25 |"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Fatalf("exit %d, no %q in\n%s%s", code, want, out, errOut)
		}
	}
}

// TestLongLine: a line of standard input of any length gets an answer,
// an error when it is too long, and the lines after it are answered.
func TestLongLine(t *testing.T) {
	out, _, code := tb(t, strings.Repeat(".", 1<<20)+"\n..|..\n", "query", "domineering")
	as := answers(t, out)
	if code != 1 || len(as) != 2 || !strings.Contains(as[0].Error, "line too long") || as[1].Value != "+-1" {
		t.Fatalf("exit %d, %.300s", code, out)
	}
}
