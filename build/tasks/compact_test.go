package tasks_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/build/tasks"
	"github.com/tablebase/tablebase/games/synchronized"
	"github.com/tablebase/tablebase/query"
)

// The task directories in testdata were written by tb before the logs
// (plan.json and done/K.json): old-sync-4x6 is the win question of 4x6
// Synchronized Triomineering claimed for Vertical, planned and run with
// --until-refuted until decided (candidates refuted, results of tasks
// dropped from the plan); old-dom-4x5 is 4x5 Domineering planned with
// --claim L --probe 0 and run for shard 0/2 only.
var oldForms = []string{"old-sync-4x6", "old-dom-4x5"}

// copyDir copies the task directory testdata/name into a new directory.
func copyDir(t *testing.T, name string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), name)
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", name))); err != nil {
		t.Fatal(err)
	}
	return dir
}

// gameOf opens the search of a plan's game.
func gameOf(t *testing.T, p *tasks.Plan) tasks.Game {
	t.Helper()
	switch p.Game {
	case "domineering":
		return newGame(t)
	case "sync-triomineering":
		g, err := synchronized.Triomineering.Tasks(nil, &query.Config{Workers: 1, TableBits: 16})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	t.Fatalf("no game %q", p.Game)
	return nil
}

// snapshot reads a task directory as tb solve combine does: its plan,
// checked, its results, and its summary as JSON.
func snapshot(t *testing.T, dir string) (*tasks.Plan, map[int]*tasks.Result, string) {
	t.Helper()
	p, err := tasks.ReadPlan(dir)
	if err != nil {
		t.Fatal(err)
	}
	g := gameOf(t, p)
	if err := p.Check(g); err != nil {
		t.Fatal(err)
	}
	results, err := tasks.ReadResults(dir, p)
	if err != nil {
		t.Fatal(err)
	}
	s := tasks.Summarize(p, results)
	s.Tell(g)
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return p, results, string(data)
}

// sameResults checks that two directories' results are the same, field
// for field.
func sameResults(t *testing.T, what string, a, b map[int]*tasks.Result) {
	t.Helper()
	if len(a) != len(b) {
		t.Errorf("%s: %d results, then %d", what, len(a), len(b))
	}
	for k, x := range a {
		y := b[k]
		if y == nil || !x.Time.Equal(y.Time) {
			t.Errorf("%s: task %d: %+v, then %+v", what, k, x, y)
			continue
		}
		x2, y2 := *x, *y
		x2.Time = y2.Time
		if x2 != y2 {
			t.Errorf("%s: task %d: %+v, then %+v", what, k, x, y)
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
			out = append(out, rel)
		}
		return err
	})
	return out
}

// TestCompact: tb solve compact rewrites a directory of the older form
// into plan.json.gz and one gzip-compressed log of every result in id
// order, without changing a result or the summary; run again, it changes
// nothing. A directory compacted before the log was compressed (a plain
// done/results.jsonl) reads the same, and compact compresses its log.
func TestCompact(t *testing.T) {
	for _, name := range oldForms {
		dir := copyDir(t, name)
		before := files(t, dir)
		p, results, summary := snapshot(t, dir)
		if !slices.Contains(before, "plan.json") || len(before) != len(results)+1 {
			t.Fatalf("%s: not the older form: %v", name, before)
		}
		c, err := tasks.Compact(dir, p)
		if err != nil {
			t.Fatal(err)
		}
		if !c.Gzipped || !c.Rewrote || c.Results != len(results) || c.Files != len(results) || c.Removed != len(before) || c.PlanBytes >= c.PlainBytes/3 || c.LogBytes >= c.LogPlainBytes/3 {
			t.Errorf("%s: %+v", name, c)
		}
		if after := files(t, dir); !slices.Equal(after, []string{"done/results.jsonl.gz", "plan.json.gz"}) {
			t.Errorf("%s: after compact: %v", name, after)
		}
		_, again, summaryAgain := snapshot(t, dir)
		sameResults(t, name, results, again)
		if summaryAgain != summary {
			t.Errorf("%s: summary\n%s\nthen\n%s", name, summary, summaryAgain)
		}
		gz, err := os.ReadFile(filepath.Join(dir, tasks.DoneDir, tasks.CompactLog))
		if err != nil {
			t.Fatal(err)
		}
		zr, err := gzip.NewReader(bytes.NewReader(gz))
		if err != nil {
			t.Fatal(err)
		}
		plain, err := io.ReadAll(zr)
		if err != nil || len(plain) != c.LogPlainBytes || len(gz) != c.LogBytes {
			t.Fatalf("%s: %d bytes of %s, %d read from it (%v)", name, len(gz), tasks.CompactLog, len(plain), err)
		}
		last := 0
		for sc := bufio.NewScanner(bytes.NewReader(plain)); sc.Scan(); {
			var r tasks.Result
			if err := json.Unmarshal(sc.Bytes(), &r); err != nil || r.Task <= last {
				t.Errorf("%s: line %q after task %d: %v", name, sc.Text(), last, err)
			}
			last = r.Task
		}
		if c, err := tasks.Compact(dir, p); err != nil || c.Changed() || c.Results != len(results) {
			t.Errorf("%s: compact again: %+v, %v", name, c, err)
		}

		// The plain log of the form before.
		if err := os.WriteFile(filepath.Join(dir, tasks.DoneDir, tasks.OldCompactLog), plain, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Remove(filepath.Join(dir, tasks.DoneDir, tasks.CompactLog)); err != nil {
			t.Fatal(err)
		}
		_, plainResults, summaryPlain := snapshot(t, dir)
		sameResults(t, name+" (plain log)", results, plainResults)
		if summaryPlain != summary {
			t.Errorf("%s: summary\n%s\nfrom the plain log\n%s", name, summary, summaryPlain)
		}
		c, err = tasks.Compact(dir, p)
		if err != nil || !c.Rewrote || c.Gzipped || c.Removed != 1 || c.Results != len(results) || c.LogBytes != len(gz) {
			t.Errorf("%s: compact of the plain log: %+v, %v", name, c, err)
		}
		if after := files(t, dir); !slices.Equal(after, []string{"done/results.jsonl.gz", "plan.json.gz"}) {
			t.Errorf("%s: after compact of the plain log: %v", name, after)
		}
		if back, err := os.ReadFile(filepath.Join(dir, tasks.DoneDir, tasks.CompactLog)); err != nil || !bytes.Equal(back, gz) {
			t.Errorf("%s: compact of the plain log wrote other bytes (%v)", name, err)
		}
	}
}

// TestMixedForms: a directory of the older form carried on by runs
// (which append to logs), planned again and compacted gives the results
// and the summary that the same plan run in the new form gives.
func TestMixedForms(t *testing.T) {
	dir := copyDir(t, "old-dom-4x5")
	p, old, _ := snapshot(t, dir)
	fresh := t.TempDir()
	if err := tasks.WritePlan(fresh, p); err != nil {
		t.Fatal(err)
	}
	if ran := runAll(t, fresh, tasks.Selection{}); ran.Solved != p.NextTask-1 {
		t.Fatalf("the new form: %+v", ran)
	}
	_, want, wantSummary := snapshot(t, fresh)

	if ran := runAll(t, dir, tasks.Selection{}); ran.Skipped != len(old) || ran.Solved != p.NextTask-1-len(old) {
		t.Fatalf("the older form carried on: %+v", ran)
	}
	logs, _ := filepath.Glob(filepath.Join(dir, tasks.DoneDir, "*.jsonl"))
	if len(logs) != 1 {
		t.Fatalf("logs: %v", logs)
	}
	// A run killed while writing its last line.
	torn := filepath.Join(dir, tasks.DoneDir, "killed-1.jsonl")
	os.WriteFile(torn, []byte(`{"task":3,"board":".#`), 0o666)
	_, got, summary := snapshot(t, dir)
	for k, r := range got {
		if w := want[k]; w == nil || w.Result != r.Result || w.Board != r.Board || w.ToMove != r.ToMove {
			t.Errorf("task %d: %+v, in the new form %+v", k, r, w)
		}
	}
	if len(got) != len(want) || !strings.Contains(summary, `"outcome":"L"`) {
		t.Fatalf("%d results, %d in the new form: %s", len(got), len(want), summary)
	}
	if s := tasks.Summarize(p, want); !s.Decided() || s.Outcome != "L" || !strings.Contains(wantSummary, `"outcome":"L"`) {
		t.Fatalf("the new form: %s", wantSummary)
	}

	// Planned again: the plan is gzipped, plan.json removed.
	g := newGame(t)
	pl := tasks.Planner{Game: g, Depth: p.Depth}
	if _, err := pl.Grow(context.Background(), p, got); err != nil {
		t.Fatal(err)
	}
	if err := tasks.WritePlan(dir, p); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, tasks.OldPlanFile)); !os.IsNotExist(err) {
		t.Errorf("plan.json after planning again: %v", err)
	}
	// (The summary may differ by the planning's time.)
	p, again, summary := snapshot(t, dir)
	sameResults(t, "planned again", got, again)
	if !strings.Contains(summary, `"outcome":"L"`) {
		t.Errorf("planned again: %s", summary)
	}

	c, err := tasks.Compact(dir, p)
	if err != nil || c.Gzipped || !c.Rewrote || c.Torn != 1 || c.Files != len(old)+2 || c.Results != len(got) {
		t.Errorf("compact: %+v, %v", c, err)
	}
	if after := files(t, dir); !slices.Equal(after, []string{"done/results.jsonl.gz", "plan.json.gz"}) {
		t.Errorf("after compact: %v", after)
	}
	_, compacted, summaryCompacted := snapshot(t, dir)
	sameResults(t, "compacted", got, compacted)
	if summaryCompacted != summary {
		t.Errorf("compacted: %s\nwas %s", summaryCompacted, summary)
	}
	if ran := runAll(t, dir, tasks.Selection{}); ran.Solved != 0 {
		t.Errorf("a run after compact: %+v", ran)
	}
}
