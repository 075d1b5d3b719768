package e2e

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// slurm returns whether sbatch reaches a cluster, skipping the test on a
// machine without one (CI sets one up: scripts/slurm/setup.sh).
func slurm(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("sbatch"); err == nil {
		if out, err := exec.Command("sinfo", "-h", "-o", "%t").Output(); err == nil && regexp.MustCompile(`idle|mix|alloc`).Match(out) {
			return
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("no Slurm cluster: CI must set one up (scripts/slurm/setup.sh)")
	}
	t.Skip("no Slurm cluster on this machine (scripts/slurm/setup.sh makes a one-node one)")
}

// script runs one of the Slurm scripts (../scripts/slurm) with the tb
// binary, in dir.
func script(t *testing.T, dir, name string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute) // a guard against a hang
	defer cancel()
	path, err := filepath.Abs(filepath.Join("..", "scripts", "slurm", name))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(ctx, "bash", append([]string{path}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "TB="+binary(t), "SBATCH_OPTS=--chdir="+dir+" --output="+dir+"/slurm-%A-%a.out")
	out, err := cmd.CombinedOutput()
	if err != nil {
		logs, _ := filepath.Glob(filepath.Join(dir, "slurm-*.out"))
		for _, l := range logs {
			data, _ := os.ReadFile(l)
			t.Logf("%s:\n%s", l, data)
		}
		t.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
	return string(out)
}

// TestSlurmBuild builds a tablebase as Slurm job arrays, one a level, on
// a real cluster, and compares it with a one-process build.
func TestSlurmBuild(t *testing.T) {
	slurm(t)
	dir := t.TempDir()
	game := []string{"domineering", "--max-cells", "11"}
	one := filepath.Join(dir, "one.db")
	if _, errOut, code := tb(t, append([]string{"build", "--db", one}, game...)...); code != 0 {
		t.Fatalf("one-process build: exit %d, %s", code, errOut)
	}
	base := filepath.Join(dir, "sharded.db")
	script(t, dir, "build.sh", append([]string{"3", base}, game...)...)
	out, errOut, code := tb(t, "verify", one, base)
	if code != 0 {
		t.Fatalf("tb verify: exit %d, %s", code, errOut)
	}
	sums := regexp.MustCompile(`content ([0-9a-f]{16})`).FindAllStringSubmatch(out, -1)
	if len(sums) != 2 || sums[0][1] != sums[1][1] {
		t.Errorf("the Slurm build differs from the one-process build:\n%s", out)
	}
	if logs, _ := filepath.Glob(filepath.Join(dir, "slurm-*.out")); len(logs) < 3 {
		t.Errorf("%d array tasks left a log, want at least 3", len(logs))
	}
}

// TestSlurmSolve solves 8x8 Domineering as a Slurm job array of tasks and
// compares the outcome with the one-process search.
func TestSlurmSolve(t *testing.T) {
	slurm(t)
	dir := t.TempDir()
	board := strings.TrimSuffix(strings.Repeat("........|", 8), "|")
	out, errOut, code := tb(t, "query", "--outcome-only", "domineering", board)
	if code != 0 {
		t.Fatalf("one-process search: exit %d, %s", code, errOut)
	}
	want := answers(t, out)[0].Outcome
	tasks := filepath.Join(dir, "tasks")
	out = script(t, dir, "solve.sh", "2", tasks, "8x8", "--depth", "2", "--probe", "20ms")
	m := regexp.MustCompile(`: ([LRNP]) \(`).FindStringSubmatch(out)
	if m == nil || m[1] != want {
		t.Fatalf("solved as tasks on Slurm: %q, the one-process search says %s:\n%s", m, want, out)
	}
	// One log in done/ for each array task that solved some (a JSON line
	// a task).
	logs, _ := filepath.Glob(filepath.Join(tasks, "done", "*.jsonl"))
	done := 0
	for _, log := range logs {
		data, _ := os.ReadFile(log)
		done += strings.Count(string(data), "\n")
	}
	if len(logs) < 1 || done < 2 {
		t.Errorf("%d tasks done in %d logs, want several", done, len(logs))
	}
}
