package tasks_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tablebase/tablebase/build/tasks"
)

// TestDamagedPlan: a plan file damaged in any way is refused with a clear
// error, never a panic, and never accepted with a position or a claim of
// "all moves" its game does not confirm.
func TestDamagedPlan(t *testing.T) {
	if _, err := tasks.ReadPlan(filepath.Join(t.TempDir(), "none")); err == nil || !strings.Contains(err.Error(), "no plan in") {
		t.Errorf("missing directory: %v", err)
	}
	g := newGame(t)
	board, _ := g.Board("4x5")
	dir, _ := plan(t, g, board, "L", 2, 0)
	good := planJSON(t, dir)
	// Each damaged plan is tried in both forms: gzipped, and as the older
	// form's plan.json.
	gzipped := true
	write := func(data []byte) {
		t.Helper()
		os.Remove(filepath.Join(dir, tasks.PlanFile))
		os.Remove(filepath.Join(dir, tasks.OldPlanFile))
		path := filepath.Join(dir, tasks.OldPlanFile)
		if gzipped {
			path, data = filepath.Join(dir, tasks.PlanFile), gzipData(t, data)
		}
		if err := os.WriteFile(path, data, 0o666); err != nil {
			t.Fatal(err)
		}
		gzipped = !gzipped
	}
	// Each edit changes the plan's JSON, as a map.
	root := func(m map[string]any) map[string]any {
		return m["roots"].([]any)[0].(map[string]any)["tree"].(map[string]any)
	}
	child := func(m map[string]any, i int) map[string]any {
		return root(m)["children"].([]any)[0].(map[string]any)["children"].([]any)[i].(map[string]any)
	}
	for _, c := range []struct {
		name string
		edit func(m map[string]any)
		msg  string
	}{
		{"format", func(m map[string]any) { m["format"] = "x" }, "not a plan"},
		{"claim", func(m map[string]any) { m["claim"] = "Q" }, "claim"},
		{"probe", func(m map[string]any) { m["probe"] = "soon" }, "probe"},
		{"board", func(m map[string]any) { m["board"] = "..|.x" }, "board"},
		{"no roots", func(m map[string]any) { m["roots"] = []any{} }, "want a root"},
		{"null root", func(m map[string]any) { m["roots"] = []any{nil, nil} }, "without a tree"},
		{"next task", func(m map[string]any) { m["next_task"] = 3 }, "not below next_task"},
		{"position", func(m map[string]any) { child(m, 1)["board"] = board }, "want L to move on"},
		{"player", func(m map[string]any) { child(m, 1)["to_move"] = "R" }, "want L to move"},
		{"move", func(m map[string]any) { child(m, 1)["move"] = "a1-a2" }, "not a move"},
		{"repeated task", func(m map[string]any) { child(m, 1)["task"] = child(m, 0)["task"] }, "repeated"},
		{"task and result", func(m map[string]any) { child(m, 1)["result"] = "win" }, "exactly one"},
		{"result", func(m map[string]any) {
			delete(child(m, 1), "task")
			child(m, 1)["result"] = "draw"
		}, "result"},
		{"all moves", func(m map[string]any) {
			n := root(m)["children"].([]any)[0].(map[string]any)
			n["children"] = n["children"].([]any)[1:]
		}, "holds"},
		{"null child", func(m map[string]any) { root(m)["children"] = []any{nil} }, "empty node"},
		{"tried on a split position", func(m map[string]any) { root(m)["tried"] = 2 }, "not a task"},
		{"killer on a split position", func(m map[string]any) { root(m)["killer"] = true }, "not a task"},
		{"tries", func(m map[string]any) { m["tries"] = -1 }, "out of range"},
		{"unknown field", func(m map[string]any) { m["extra"] = 1 }, "unknown field"},
		{"type", func(m map[string]any) { m["depth"] = "two" }, "cannot unmarshal"},
	} {
		var m map[string]any
		if err := json.Unmarshal(good, &m); err != nil {
			t.Fatal(err)
		}
		c.edit(m)
		data, _ := json.Marshal(m)
		for range 2 {
			write(data)
			p, err := tasks.ReadPlan(dir)
			if err == nil {
				err = p.Check(g)
			}
			if err == nil || !strings.Contains(err.Error(), "damaged") || !strings.Contains(err.Error(), c.msg) {
				t.Errorf("%s (gzipped %v): %v, want an error about %q", c.name, !gzipped, err, c.msg)
			}
		}
	}
	// Bytes changed at random: an error or a plan that checks, never a
	// panic.
	rng := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		data := append([]byte(nil), good...)
		for range 1 + rng.IntN(3) {
			data[rng.IntN(len(data))] = "{}[],:\"0129.#|LRtaskwinlos"[rng.IntN(24)]
		}
		write(data)
		if p, err := tasks.ReadPlan(dir); err == nil {
			p.Check(g)
		}
	}
	for range 2 {
		write(good[:len(good)/2])
		if _, err := tasks.ReadPlan(dir); err == nil || !strings.Contains(err.Error(), "damaged") {
			t.Errorf("half a plan (gzipped %v): %v", !gzipped, err)
		}
	}
	// A gzipped plan cut short, or not gzip at all.
	gz := gzipData(t, good)
	for _, data := range [][]byte{gz[:len(gz)/2], gz[:len(gz)-3], good} {
		os.WriteFile(filepath.Join(dir, tasks.PlanFile), data, 0o666)
		if _, err := tasks.ReadPlan(dir); err == nil || !strings.Contains(err.Error(), "plan.json.gz is damaged") {
			t.Errorf("a damaged plan.json.gz: %v", err)
		}
	}
}

// planJSON returns the JSON of DIR's plan, from plan.json.gz.
func planJSON(t *testing.T, dir string) []byte {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, tasks.PlanFile))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// gzipData returns data compressed with gzip.
func gzipData(t *testing.T, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write(data)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestDamagedResults: a damaged result, or one for another position, in
// a log or in a file of the older form, is refused with a clear error by
// every reader; a log's last line cut short (by a run killed while
// writing it) is ignored, and its task run again.
func TestDamagedResults(t *testing.T) {
	g := newGame(t)
	board, _ := g.Board("4x5")
	dir, p := plan(t, g, board, "L", 2, 0)
	if _, err := tasks.Run(context.Background(), dir, p, g, tasks.Selection{Task: 1}, tasks.RunOptions{}); err != nil {
		t.Fatal(err)
	}
	logs, _ := filepath.Glob(filepath.Join(dir, tasks.DoneDir, "*.jsonl"))
	if len(logs) != 1 {
		t.Fatalf("logs after one run: %v", logs)
	}
	line, _ := os.ReadFile(logs[0])
	var r tasks.Result
	if err := json.Unmarshal(line, &r); err != nil || !bytes.HasSuffix(line, []byte("}\n")) || bytes.Count(line, []byte("\n")) != 1 {
		t.Fatalf("the log: %v, %q", err, line)
	}
	indented, _ := json.MarshalIndent(r, "", " ") // as the older form's files were written
	for _, form := range []struct {
		path  string
		good  []byte
		where string
	}{
		{tasks.OldDoneFile(dir, 1), append(indented, '\n'), "1.json"},
		{logs[0], line, ".jsonl line 2"},
	} {
		edit := func(f func(r *tasks.Result)) string {
			var x tasks.Result
			json.Unmarshal(form.good, &x)
			f(&x)
			data, _ := json.Marshal(x)
			if form.path != logs[0] {
				data, _ = json.MarshalIndent(x, "", " ")
			}
			return string(data) + "\n"
		}
		for _, c := range []struct{ name, data, msg string }{
			{"cut short", string(form.good[:len(form.good)/2]) + "\n", "damaged"},
			{"another task", edit(func(r *tasks.Result) { r.Task = 2 }), "damaged"},
			{"no result", edit(func(r *tasks.Result) { r.Result = "xwin" }), "damaged"},
			{"another position", edit(func(r *tasks.Result) { r.Board = "#" + r.Board }), "another plan"},
			{"more after it", strings.TrimSuffix(string(form.good), "\n") + " {}\n", "damaged"},
		} {
			if form.path == logs[0] && c.name == "another task" {
				continue // a log's line may be for any task
			}
			os.RemoveAll(filepath.Join(dir, tasks.DoneDir))
			os.MkdirAll(filepath.Join(dir, tasks.DoneDir), 0o777)
			data := c.data
			if form.path == logs[0] {
				data = string(line) + data // the damaged line second
			}
			os.WriteFile(form.path, []byte(data), 0o666)
			_, err := tasks.ReadResults(dir, p)
			_, runErr := tasks.Run(context.Background(), dir, p, g, tasks.Selection{Task: 1}, tasks.RunOptions{})
			for _, err := range []error{err, runErr} {
				if err == nil || !strings.Contains(err.Error(), c.msg) || !strings.Contains(err.Error(), form.where) {
					t.Errorf("%s in %s: %v, want an error about %q", c.name, form.where, err, c.msg)
				}
			}
		}
	}
	// A file of another name (a write a kill cut short) is left alone.
	os.RemoveAll(filepath.Join(dir, tasks.DoneDir))
	os.MkdirAll(filepath.Join(dir, tasks.DoneDir), 0o777)
	os.WriteFile(tasks.OldDoneFile(dir, 1), append(indented, '\n'), 0o666)
	os.WriteFile(filepath.Join(dir, tasks.DoneDir, ".2.json.123.tmp"), []byte("{"), 0o666)
	if r, err := tasks.ReadResults(dir, p); err != nil || len(r) != 1 {
		t.Errorf("with a temporary file: %v, %d results", err, len(r))
	}
	// A log's last line cut short is ignored, and its task run again.
	os.RemoveAll(filepath.Join(dir, tasks.DoneDir))
	os.MkdirAll(filepath.Join(dir, tasks.DoneDir), 0o777)
	os.WriteFile(logs[0], line[:len(line)-1], 0o666)
	if r, err := tasks.ReadResults(dir, p); err != nil || len(r) != 0 {
		t.Errorf("a line cut short: %v, %d results", err, len(r))
	}
	if ran, err := tasks.Run(context.Background(), dir, p, g, tasks.Selection{Task: 1}, tasks.RunOptions{}); err != nil || ran.Solved != 1 {
		t.Errorf("task 1 after its line was cut short: %+v, %v", ran, err)
	}
	if r, err := tasks.ReadResults(dir, p); err != nil || len(r) != 1 || r[1].Result != tasks.Win {
		t.Errorf("task 1 run again: %v, %v", err, r)
	}
	// Two records of a task: the first made is the one read; two that
	// disagree are an error.
	os.RemoveAll(filepath.Join(dir, tasks.DoneDir))
	os.MkdirAll(filepath.Join(dir, tasks.DoneDir), 0o777)
	later := r
	later.Time, later.Nodes = r.Time.Add(time.Second), r.Nodes+1
	data, _ := json.Marshal(later)
	os.WriteFile(filepath.Join(dir, tasks.DoneDir, "a.jsonl"), append(data, '\n'), 0o666)
	os.WriteFile(tasks.OldDoneFile(dir, 1), append(indented, '\n'), 0o666)
	if got, err := tasks.ReadResults(dir, p); err != nil || len(got) != 1 || got[1].Nodes != r.Nodes {
		t.Errorf("two records: %v, %+v", err, got[1])
	}
	later.Result = tasks.Loss
	data, _ = json.Marshal(later)
	os.WriteFile(filepath.Join(dir, tasks.DoneDir, "a.jsonl"), append(data, '\n'), 0o666)
	if _, err := tasks.ReadResults(dir, p); err == nil || !strings.Contains(err.Error(), "disagree") {
		t.Errorf("two records that disagree: %v", err)
	}
}

// TestSelection: task ids out of the plan and bad shards are errors; a
// task left out by planning again is nothing to do.
func TestSelection(t *testing.T) {
	for _, s := range []string{"3/3", "-1/2", "1", "a/b", "1/0", "0/-2", ""} {
		if _, err := tasks.ParseShard(s); err == nil || !strings.Contains(err.Error(), "want I/N") {
			t.Errorf("shard %q: %v", s, err)
		}
	}
	if sel, err := tasks.ParseShard("2/5"); err != nil || sel != (tasks.Selection{Shard: 2, Of: 5}) {
		t.Errorf("2/5: %+v, %v", sel, err)
	}
	g := newGame(t)
	board, _ := g.Board("4x5")
	dir, p := plan(t, g, board, "L", 2, 0)
	for _, k := range []int{-1, p.NextTask, 1000} {
		if _, err := tasks.Run(context.Background(), dir, p, g, tasks.Selection{Task: k}, tasks.RunOptions{}); err == nil || !strings.Contains(err.Error(), "no task") {
			t.Errorf("task %d: %v", k, err)
		}
	}
	p.NextTask += 5 // as if planning again had dropped tasks
	if ran, err := tasks.Run(context.Background(), dir, p, g, tasks.Selection{Task: p.NextTask - 1}, tasks.RunOptions{}); err != nil || ran.Selected != 0 {
		t.Errorf("a dropped task: %+v, %v", ran, err)
	}
}
