package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tablebase/tablebase/build/tasks"
)

// TestSolve plans a board as tasks, runs them by shards and one alone,
// and combines: the outcome one search gives, in text and JSON; planning
// again changes nothing once it is decided.
func TestSolve(t *testing.T) {
	t.Setenv("TB_DOMINEERING_DB", filepath.Join(t.TempDir(), "none.db"))
	dir := filepath.Join(t.TempDir(), "tasks")
	_, errOut, code := tb(t, "", "solve", "plan", "domineering", "4x5", "--dir", dir, "--probe", "0", "--claim", "L", "--workers", "1")
	if code != 0 || !strings.Contains(errOut, "28 tasks (28 new, 0 done before, 28 to run, 0 dropped) up to id 28") {
		t.Fatalf("plan: exit %d, %s", code, errOut)
	}
	if out, _, code := tb(t, "", "solve", "combine", "--dir", dir); code != 1 || !strings.Contains(out, "not decided") {
		t.Errorf("combine before the tasks: exit %d, %s", code, out)
	}
	if out, _, code := tb(t, "", "solve", "run", "--dir", dir, "--task", "5"); code != 0 || !strings.Contains(out, "1 tasks selected: 1 solved now") {
		t.Errorf("run --task 5: exit %d, %s", code, out)
	}
	for _, run := range [][]string{{"--shard", "1/2"}, {"--shard", "0/2", "--jobs", "3"}, {"--shard", "1/2"}} {
		if out, errOut, code := tb(t, "", append([]string{"solve", "run", "--dir", dir}, run...)...); code != 0 {
			t.Fatalf("run %v: exit %d, %s %s", run, code, out, errOut)
		}
	}
	// The plan gzipped, one log a run.
	if names := files(t, dir); len(names) != 4 || names[3] != "plan.json.gz" || !strings.HasSuffix(names[0], ".jsonl") || !strings.HasSuffix(names[2], ".jsonl") {
		t.Errorf("the task directory: %v", names)
	}
	out, _, code := tb(t, "", "solve", "status", "--dir", dir)
	for _, want := range []string{"tasks: 16 of 16 done, 0 needed", "decided: R to move loses", "outcome: L"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("status: exit %d, no %q in\n%s", code, want, out)
		}
	}
	out, _, code = tb(t, "", "solve", "combine", "--dir", dir)
	if code != 0 || !strings.HasPrefix(out, "domineering .....|.....|.....|.....: L (Left moving first wins, Right moving first loses)") {
		t.Errorf("combine: exit %d, %s", code, out)
	}
	out, _, code = tb(t, "", "solve", "combine", "--dir", dir, "--json")
	var s tasks.Summary
	if err := json.Unmarshal([]byte(out), &s); err != nil || code != 0 || s.Outcome != "L" || len(s.Roots) != 2 || len(s.Roots[0].MainLine) != 2 {
		t.Errorf("combine --json: exit %d, %v, %s", code, err, out)
	}
	_, errOut, code = tb(t, "", "solve", "plan", "--dir", dir, "--probe", "1s")
	if code != 0 || !strings.Contains(errOut, "0 positions probed") || !strings.Contains(errOut, "(0 new, 0 done before, 0 to run, 0 dropped)") {
		t.Errorf("plan again: exit %d, %s", code, errOut)
	}
	// --killers=false is kept in the plan until --killers is given.
	for _, c := range []struct {
		flags     []string
		noKillers bool
	}{{[]string{"--killers=false"}, true}, {nil, true}, {[]string{"--killers"}, false}} {
		if _, errOut, code := tb(t, "", append([]string{"solve", "plan", "--dir", dir}, c.flags...)...); code != 0 {
			t.Fatalf("plan %v: exit %d, %s", c.flags, code, errOut)
		}
		if p, err := tasks.ReadPlan(dir); err != nil || p.NoKillers != c.noKillers {
			t.Errorf("plan %v: no_killers %v, %v", c.flags, p != nil && p.NoKillers, err)
		}
	}
}

// TestSolveUntilRefuted: on 4x6 Synchronized Triomineering, which
// Horizontal wins, a claim that Vertical wins is refuted candidate by
// candidate; runs with --until-refuted stop at each refutation, and the
// loop of plan and run ends with the board's class.
func TestSolveUntilRefuted(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tasks")
	if _, errOut, code := tb(t, "", "solve", "plan", "sync-triomineering", "win:4x6", "--dir", dir, "--claim", "L", "--depth", "3", "--probe", "0", "--workers", "1", "--table-bits", "16"); code != 0 {
		t.Fatalf("plan: exit %d, %s", code, errOut)
	}
	stops := 0
	for round := 0; ; round++ {
		out, errOut, code := tb(t, "", "solve", "run", "--dir", dir, "--all", "--until-refuted")
		if code != 0 {
			t.Fatalf("run: exit %d, %s %s", code, out, errOut)
		}
		if round == 0 && !strings.Contains(out, "stopped: a candidate is refuted at c1-c3 a2-c2") {
			t.Errorf("the first run: %s", out)
		}
		if strings.Contains(out, "stopped: a candidate is refuted") {
			stops++
		}
		if out, _, code := tb(t, "", "solve", "combine", "--dir", dir); code == 0 {
			if !strings.Contains(out, ": R: Horizontal can guarantee a win") || stops < 2 {
				t.Errorf("combined after %d runs, %d stopped: %s", round+1, stops, out)
			}
			return
		}
		if round == 100 {
			t.Fatal("not decided after 100 rounds")
		}
		if _, errOut, code := tb(t, "", "solve", "plan", "--dir", dir); code != 0 {
			t.Fatalf("plan again: exit %d, %s", code, errOut)
		}
	}
}

// TestSolveQuestions splits games whose plans ask a question of a
// player: the self-dual 4x4 board of Synchronized Domineering (class D:
// each player can guarantee a draw) and 3x4 Synchronized Triomineering
// (class V), as tb query answers them; and three-player Domineering on
// the 2x2x3 box under the order XYZ, where Z can force a win and X
// cannot (Cincotti's Table I).
func TestSolveQuestions(t *testing.T) {
	for _, c := range []struct{ game, board, claim, want string }{
		{"sync-domineering", "draw:4x4", "N", "sync-domineering draw:....|....|....|....: N: each can guarantee a draw, so neither a win: class D"},
		{"sync-triomineering", "win:3x4", "L", "sync-triomineering win:....|....|....: L: Vertical can guarantee a win: class V"},
		{"domineering3d", "Z:XYZ:2x2x3", "N", "domineering3d Z:XYZ:2x2x3:...|...|...|...: N: Z can force a win"},
		{"domineering3d", "X:XYZ:2x2x3", "P", "domineering3d X:XYZ:2x2x3:...|...|...|...: P: X cannot force a win"},
	} {
		dir := filepath.Join(t.TempDir(), "tasks")
		if _, errOut, code := tb(t, "", "solve", "plan", c.game, c.board, "--dir", dir, "--probe", "0", "--claim", c.claim, "--workers", "1"); code != 0 {
			t.Fatalf("%s plan: exit %d, %s", c.board, code, errOut)
		}
		if out, errOut, code := tb(t, "", "solve", "run", "--all", "--dir", dir); code != 0 {
			t.Fatalf("%s run: exit %d, %s %s", c.board, code, out, errOut)
		}
		if out, _, code := tb(t, "", "solve", "combine", "--dir", dir); code != 0 || !strings.HasPrefix(out, c.want) {
			t.Errorf("%s combine: exit %d, %s", c.board, code, out)
		}
	}
}

// TestSolveFirst: a plan of one player moving first answers for him
// alone, and combine says so, exit 0; a plan of both narrowed by --first
// drops the other's tasks, and cannot then be asked of him.
func TestSolveFirst(t *testing.T) {
	t.Setenv("TB_DOMINEERING_DB", filepath.Join(t.TempDir(), "none.db"))
	dir := filepath.Join(t.TempDir(), "tasks")
	if _, errOut, code := tb(t, "", "solve", "plan", "domineering", "4x5", "--dir", dir, "--probe", "0", "--claim", "L", "--first", "R", "--workers", "1"); code != 0 {
		t.Fatalf("plan: exit %d, %s", code, errOut)
	}
	if out, errOut, code := tb(t, "", "solve", "run", "--all", "--dir", dir); code != 0 {
		t.Fatalf("run: exit %d, %s %s", code, out, errOut)
	}
	out, _, code := tb(t, "", "solve", "combine", "--dir", dir)
	if code != 0 || !strings.HasPrefix(out, "domineering .....|.....|.....|.....: Right moving first loses (Left moving first not asked)\nRight moving first; claim: R to move loses: proved") {
		t.Errorf("combine: exit %d, %s", code, out)
	}
	if out, _, code := tb(t, "", "solve", "status", "--dir", dir); code != 0 || !strings.Contains(out, "outcome: Right moving first loses (Left moving first not asked)") {
		t.Errorf("status: exit %d, %s", code, out)
	}

	both := filepath.Join(t.TempDir(), "tasks")
	if _, errOut, code := tb(t, "", "solve", "plan", "domineering", "4x5", "--dir", both, "--probe", "0", "--claim", "L", "--workers", "1"); code != 0 {
		t.Fatalf("plan: exit %d, %s", code, errOut)
	}
	if _, errOut, code := tb(t, "", "solve", "plan", "--dir", both, "--first", "L"); code != 0 || !strings.Contains(errOut, "12 tasks (0 new, 0 done before, 12 to run, 16 dropped)") {
		t.Errorf("narrowed to L: exit %d, %s", code, errOut)
	}
	if _, errOut, code := tb(t, "", "solve", "plan", "--dir", both, "--first", "R"); code != 2 || !strings.Contains(errOut, "asks only of Left moving first, not of Right moving first; give another --dir") {
		t.Errorf("asked of R: exit %d, %s", code, errOut)
	}
}

// TestSolveBadInput: bad command lines are usage errors (exit 2), bad
// directories errors (exit 1), each with a clear message.
func TestSolveBadInput(t *testing.T) {
	t.Setenv("TB_DOMINEERING_DB", filepath.Join(t.TempDir(), "none.db"))
	dir := filepath.Join(t.TempDir(), "tasks")
	if _, errOut, code := tb(t, "", "solve", "plan", "domineering", "4x4", "--dir", dir, "--probe", "0"); code != 0 {
		t.Fatal(errOut)
	}
	clobber := filepath.Join(t.TempDir(), "clobber")
	if _, errOut, code := tb(t, "", "solve", "plan", "clobber", "2x3", "--dir", clobber, "--probe", "0"); code != 0 {
		t.Fatal(errOut)
	}
	damaged := t.TempDir()
	os.WriteFile(filepath.Join(damaged, "plan.json"), []byte(`{"format":"tb-solve-plan/1","game":"domineering"`), 0o666)
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"solve"}, 2, "name a step"},
		{[]string{"solve", "frob"}, 2, "unknown step"},
		{[]string{"solve", "plan", "domineering", "4x4"}, 2, "--dir DIR is required"},
		{[]string{"solve", "plan", "--dir", t.TempDir()}, 2, "name a game and a board"},
		{[]string{"solve", "plan", "xt-domineering", "4x4", "--dir", t.TempDir()}, 2, "no whole-board search"},
		{[]string{"solve", "plan", "ttt3d", "4x4", "--dir", t.TempDir()}, 2, "a position has 27 cells (3x3x3) or 64"},
		{[]string{"solve", "plan", "chess", "4x4", "--dir", t.TempDir()}, 2, "unknown game"},
		{[]string{"solve", "plan", "domineering", "4y4", "--dir", t.TempDir()}, 2, "bad character"},
		{[]string{"solve", "plan", "domineering", "4x4", "--dir", t.TempDir(), "--claim", "L"}, 2, "claim N or P"},
		{[]string{"solve", "plan", "domineering", "4x4", "--dir", t.TempDir(), "--claim", "X"}, 2, "want an outcome class"},
		{[]string{"solve", "plan", "domineering", "4x4", "--dir", t.TempDir(), "--depth", "-1"}, 2, "--depth"},
		{[]string{"solve", "plan", "domineering", "4x5", "--dir", t.TempDir(), "--first", "X"}, 2, "--first must be L or R"},
		{[]string{"solve", "plan", "domineering", "4x5", "--dir", dir}, 2, "holds the plan of domineering ....|"},
		{[]string{"solve", "plan", "--dir", dir, "--claim", "P"}, 2, "claims N"},
		{[]string{"solve", "run", "--dir", dir}, 2, "give one of"},
		{[]string{"solve", "run", "--dir", dir, "--all", "--task", "1"}, 2, "give one of"},
		{[]string{"solve", "run", "--dir", dir, "--shard", "3/3"}, 2, "want I/N"},
		{[]string{"solve", "run", "--dir", dir, "--all", "--jobs", "0"}, 2, "--jobs must be between 1 and 64"},
		{[]string{"solve", "run", "--dir", clobber, "--all", "--jobs", "2"}, 2, "clobber's search cannot share its table"},
		{[]string{"solve", "run", "--dir", dir, "--task", "99"}, 1, "no task 99"},
		{[]string{"solve", "run", "--all"}, 2, "--dir DIR is required"},
		{[]string{"solve", "status", "--dir", filepath.Join(dir, "none")}, 1, "no plan in"},
		{[]string{"solve", "status", "--dir", damaged}, 1, "damaged"},
		{[]string{"solve", "combine", "--dir", dir}, 1, "not decided yet"},
		{[]string{"solve", "compact"}, 2, "--dir DIR is required"},
		{[]string{"solve", "compact", "--dir", dir, "x"}, 2, "unexpected"},
		{[]string{"solve", "compact", "--dir", damaged}, 1, "damaged"},
		{[]string{"solve", "compact", "--dir", filepath.Join(dir, "none")}, 1, "no plan in"},
	} {
		_, errOut, code := tb(t, "", c.args...)
		if code != c.code || !strings.Contains(errOut, c.msg) {
			t.Errorf("tb %v: exit %d, %q; want exit %d with %q", c.args, code, errOut, c.code, c.msg)
		}
	}
	if _, errOut, code := tb(t, "", "solve", "-h"); code != 0 || !strings.Contains(errOut, "tb solve plan GAME BOARD --dir DIR") {
		t.Errorf("tb solve -h: exit %d, %s", code, errOut)
	}
}

// TestSolveSurvivesSignals stops real runs with SIGINT and SIGKILL: every
// result recorded is whole, the task in flight leaves nothing, and a
// last run finishes and combines to the answer.
func TestSolveSurvivesSignals(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := binary(t)
	dir := filepath.Join(t.TempDir(), "tasks")
	env := append(os.Environ(), "TB_DOMINEERING_DB="+filepath.Join(t.TempDir(), "none.db"))
	command := func(args ...string) *exec.Cmd {
		cmd := exec.Command(bin, args...)
		cmd.Env = env
		return cmd
	}
	if out, err := command("solve", "plan", "domineering", "8x8", "--dir", dir, "--probe", "0").CombinedOutput(); err != nil {
		t.Fatalf("plan: %v\n%s", err, out)
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGKILL} {
		cmd := command("solve", "run", "--all", "--dir", dir, "--workers", "1")
		var errOut strings.Builder
		cmd.Stderr = &errOut
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		ended := make(chan error, 1)
		go func() { ended <- cmd.Wait() }()
		if err := afterResults(dir, resultLines(dir)+1, ended); err != nil {
			t.Fatalf("%v: the run ended before its first result: %v", sig, err)
		}
		cmd.Process.Signal(sig)
		if err := <-ended; err == nil {
			t.Fatalf("%v: the run finished first", sig)
		}
		// SIGINT comes during a task (abandoned) or, on a busy
		// machine, between two (the next one not started).
		stopped := strings.Contains(errOut.String(), "abandoned") || strings.Contains(errOut.String(), "stopped before task")
		if sig == syscall.SIGINT && (cmd.ProcessState.ExitCode() != 1 || !stopped) {
			t.Errorf("SIGINT: exit %d, %s", cmd.ProcessState.ExitCode(), errOut.String())
		}
		entries, _ := os.ReadDir(filepath.Join(dir, tasks.DoneDir))
		results := 0
		for _, e := range entries {
			data, _ := os.ReadFile(filepath.Join(dir, tasks.DoneDir, e.Name()))
			lines := strings.SplitAfter(string(data), "\n")
			// A log is created with its first result; a kill can land
			// between the two and leave it empty.
			if !strings.HasSuffix(e.Name(), ".jsonl") || (len(lines) < 2 && sig != syscall.SIGKILL) {
				t.Errorf("after %v: %s in done/", sig, e.Name())
			}
			for i, line := range lines {
				if i == len(lines)-1 && (line == "" || sig == syscall.SIGKILL) {
					continue // killed while writing: a last line cut short, which readers skip
				}
				var r tasks.Result
				if err := json.Unmarshal([]byte(line), &r); err != nil || !strings.HasSuffix(line, "}\n") {
					t.Errorf("after %v: %s, line %d: %v", sig, e.Name(), i+1, err)
				}
				results++
			}
		}
		t.Logf("after %v: %d results in %d logs", sig, results, len(entries))
	}
	if out, err := command("solve", "run", "--all", "--dir", dir).CombinedOutput(); err != nil {
		t.Fatalf("last run: %v\n%s", err, out)
	}
	out, err := command("solve", "combine", "--dir", dir).Output()
	if err != nil || !strings.Contains(string(out), ": N (") {
		t.Errorf("combine: %v, %s", err, out)
	}
}

// resultLines counts the whole lines of the result logs of the task
// directory dir.
func resultLines(dir string) int {
	n := 0
	entries, _ := os.ReadDir(filepath.Join(dir, tasks.DoneDir))
	for _, e := range entries {
		data, _ := os.ReadFile(filepath.Join(dir, tasks.DoneDir, e.Name()))
		n += strings.Count(string(data), "\n")
	}
	return n
}

// afterResults returns once the result logs of the task directory dir
// hold want whole lines, or with the error of a run that ended first
// (sent on ended).
func afterResults(dir string, want int, ended <-chan error) error {
	tick := time.NewTicker(2 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case err := <-ended:
			return fmt.Errorf("ended: %v", err)
		case <-tick.C:
			if resultLines(dir) >= want {
				return nil
			}
		}
	}
}

// files lists the files under dir, by their path in it.
func files(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, path)
			out = append(out, filepath.ToSlash(rel))
		}
		return err
	})
	return out
}

// TestSolveCompact: tb solve compact rewrites a task directory of the
// older form (build/tasks/testdata: plan.json and done/K.json) into
// plan.json.gz and done/results.jsonl.gz, and status and combine answer the
// same, in text and JSON, before and after; run again, it changes
// nothing; tb solve plan on a directory of the older form gzips its
// plan.
func TestSolveCompact(t *testing.T) {
	for _, name := range []string{"old-sync-4x6", "old-dom-4x5"} {
		dir := filepath.Join(t.TempDir(), name)
		if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "build", "tasks", "testdata", name))); err != nil {
			t.Fatal(err)
		}
		n := len(files(t, dir))
		answers := func() []string {
			var out []string
			for _, args := range [][]string{{"combine"}, {"combine", "--json"}, {"status"}} {
				stdout, stderr, code := tb(t, "", append(append([]string{"solve"}, args...), "--dir", dir)...)
				out = append(out, fmt.Sprintf("exit %d\n%s%s", code, stdout, stderr))
			}
			return out
		}
		before := answers()
		out, errOut, code := tb(t, "", "solve", "compact", "--dir", dir)
		want := fmt.Sprintf(`^%s: %d results from %d files into done/results\.jsonl\.gz \([0-9]+ bytes, of [0-9]+ bytes of JSON lines\); plan\.json \(`, regexp.QuoteMeta(dir), n-1, n-1)
		if code != 0 || !regexp.MustCompile(want).MatchString(out) || !strings.HasSuffix(out, fmt.Sprintf("; %d files removed\n", n)) {
			t.Errorf("%s: compact: exit %d, %s%s", name, code, out, errOut)
		}
		if names := files(t, dir); !slices.Equal(names, []string{"done/results.jsonl.gz", "plan.json.gz"}) {
			t.Errorf("%s: after compact: %v", name, names)
		}
		if after := answers(); !slices.Equal(after, before) {
			t.Errorf("%s: before compact:\n%s\nafter:\n%s", name, strings.Join(before, "\n"), strings.Join(after, "\n"))
		}
		out, _, code = tb(t, "", "solve", "compact", "--dir", dir)
		if code != 0 || out != fmt.Sprintf("%s: compact already: %d results in done/results.jsonl.gz, the plan in plan.json.gz\n", dir, n-1) {
			t.Errorf("%s: compact again: exit %d, %s", name, code, out)
		}
	}
	// Planning again: plan.json gives way to plan.json.gz.
	dir := filepath.Join(t.TempDir(), "old")
	os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "build", "tasks", "testdata", "old-dom-4x5")))
	t.Setenv("TB_DOMINEERING_DB", filepath.Join(t.TempDir(), "none.db"))
	if _, errOut, code := tb(t, "", "solve", "plan", "--dir", dir); code != 0 || !strings.Contains(errOut, "28 tasks (0 new, 0 done before, 14 to run, 0 dropped)") {
		t.Errorf("plan again: exit %d, %s", code, errOut)
	}
	if names := files(t, dir); slices.Contains(names, "plan.json") || !slices.Contains(names, "plan.json.gz") {
		t.Errorf("planned again: %v", names)
	}
}
