package tasks_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/internal/tasks"
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
	path := filepath.Join(dir, tasks.PlanFile)
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
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
		if err := os.WriteFile(path, data, 0o666); err != nil {
			t.Fatal(err)
		}
		p, err := tasks.ReadPlan(dir)
		if err == nil {
			err = p.Check(g)
		}
		if err == nil || !strings.Contains(err.Error(), "damaged") || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: %v, want an error about %q", c.name, err, c.msg)
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
		os.WriteFile(path, data, 0o666)
		if p, err := tasks.ReadPlan(dir); err == nil {
			p.Check(g)
		}
	}
	os.WriteFile(path, good[:len(good)/2], 0o666)
	if _, err := tasks.ReadPlan(dir); err == nil || !strings.Contains(err.Error(), "damaged") {
		t.Errorf("half a plan: %v", err)
	}
}

// TestDamagedResults: a damaged result file, or one for another
// position, is refused with a clear error by every reader.
func TestDamagedResults(t *testing.T) {
	g := newGame(t)
	board, _ := g.Board("4x5")
	dir, p := plan(t, g, board, "L", 2, 0)
	if _, err := tasks.Run(context.Background(), dir, p, g, tasks.Selection{Task: 1}, tasks.RunOptions{}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, tasks.DoneDir, "1.json")
	good, _ := os.ReadFile(path)
	other := strings.Replace(string(good), `"board": "`, `"board": "#`, 1)
	for _, c := range []struct{ name, data, msg string }{
		{"truncated", string(good[:len(good)/2]), "damaged"},
		{"another task", strings.Replace(string(good), `"task": 1`, `"task": 2`, 1), "damaged"},
		{"no result", strings.Replace(string(good), `"result": "`, `"result": "x`, 1), "damaged"},
		{"another position", other, "another plan"},
	} {
		os.WriteFile(path, []byte(c.data), 0o666)
		_, err := tasks.ReadResults(dir, p)
		_, runErr := tasks.Run(context.Background(), dir, p, g, tasks.Selection{Task: 1}, tasks.RunOptions{})
		for _, err := range []error{err, runErr} {
			if err == nil || !strings.Contains(err.Error(), c.msg) || !strings.Contains(err.Error(), "1.json") {
				t.Errorf("%s: %v, want an error about %q", c.name, err, c.msg)
			}
		}
	}
	// A file of another name (a write a kill cut short) is left alone.
	os.WriteFile(path, good, 0o666)
	os.WriteFile(filepath.Join(dir, tasks.DoneDir, ".2.json.123.tmp"), []byte("{"), 0o666)
	if r, err := tasks.ReadResults(dir, p); err != nil || len(r) != 1 {
		t.Errorf("with a temporary file: %v, %d results", err, len(r))
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
