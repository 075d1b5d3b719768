package tasks

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"time"
)

// DoneDir is the directory of results inside a task directory.
const DoneDir = "done"

// Result is a task done: DIR/done/K.json for task K.
type Result struct {
	Task   int    `json:"task"`
	Board  string `json:"board"`
	ToMove string `json:"to_move"`
	// Result is "win" or "loss" for the player to move.
	Result     string    `json:"result"`
	Nodes      int64     `json:"nodes"`
	Seconds    float64   `json:"seconds"`
	CPUSeconds float64   `json:"cpu_seconds"`
	Workers    int       `json:"workers"`
	Host       string    `json:"host"`
	Time       time.Time `json:"time"`
}

// doneName matches the name of a result file; others (a temporary file
// left by a process killed while writing) are ignored.
var doneName = regexp.MustCompile(`^([1-9][0-9]{0,8})\.json$`)

// donePath returns the file of task k's result.
func donePath(dir string, k int) string {
	return filepath.Join(dir, DoneDir, strconv.Itoa(k)+".json")
}

// ReadResults reads every result in DIR/done, by task id, and checks
// each against the plan: a result for a task of the plan must be for its
// position. Results of tasks the plan no longer has (dropped when it was
// planned again) are returned too.
func ReadResults(dir string, p *Plan) (map[int]*Result, error) {
	entries, err := os.ReadDir(filepath.Join(dir, DoneDir))
	if os.IsNotExist(err) {
		return map[int]*Result{}, nil
	}
	if err != nil {
		return nil, err
	}
	tasks := p.taskNodes()
	out := map[int]*Result{}
	for _, e := range entries {
		m := doneName.FindStringSubmatch(e.Name())
		if m == nil || e.IsDir() {
			continue
		}
		k, _ := strconv.Atoi(m[1])
		r, err := readResult(dir, k)
		if err != nil {
			return nil, err
		}
		if n := tasks[k]; n != nil && (r.Board != n.Board || r.ToMove != n.ToMove) {
			return nil, fmt.Errorf("%s is for %s with %s to move, but task %d is %s with %s to move: it belongs to another plan; remove it",
				donePath(dir, k), r.Board, r.ToMove, k, n.Board, n.ToMove)
		}
		out[k] = r
	}
	return out, nil
}

// readResult reads task k's result file.
func readResult(dir string, k int) (*Result, error) {
	path := donePath(dir, k)
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var r Result
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("%s is damaged (%v): remove it and run task %d again", path, err, k)
	}
	if r.Task != k || factOf(r.Result) == unknown || r.ToMove != "L" && r.ToMove != "R" || r.Nodes < 0 {
		return nil, fmt.Errorf("%s is damaged (task %d, result %q, to move %q, %d nodes): remove it and run task %d again",
			path, r.Task, r.Result, r.ToMove, r.Nodes, k)
	}
	return &r, nil
}

// writeResult records a result atomically as DIR/done/K.json.
func writeResult(dir string, r *Result) error {
	data, err := json.MarshalIndent(r, "", " ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(dir, DoneDir), 0o777); err != nil {
		return err
	}
	return writeAtomic(donePath(dir, r.Task), append(data, '\n'))
}

// taskNodes returns the plan's tasks by id.
func (p *Plan) taskNodes() map[int]*Node {
	out := map[int]*Node{}
	for _, n := range p.treeOrder() {
		out[n.Task] = n
	}
	return out
}

// treeOrder returns the tasks of p's trees, each once, in the order of
// the trees: root by root, depth first, parents before children and
// children in their order.
func (p *Plan) treeOrder() []*Node {
	var out []*Node
	seen := map[int]bool{}
	for _, r := range p.Roots {
		if r.Tree == nil {
			continue
		}
		for _, n := range r.Tree.tasks() {
			if !seen[n.Task] {
				seen[n.Task] = true
				out = append(out, n)
			}
		}
	}
	return out
}
