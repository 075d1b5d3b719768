package tasks

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/tablebase/tablebase/internal/atomicfile"
)

// Format is the plan file's "format" field.
const Format = "tb-solve-plan/1"

// PlanFile is the plan's name inside a task directory: its JSON,
// compressed with gzip. OldPlanFile is the plan of the older form of a
// task directory, the same JSON uncompressed, which ReadPlan still reads
// (when there is no PlanFile) and WritePlan and Compact replace.
const (
	PlanFile    = "plan.json.gz"
	OldPlanFile = "plan.json"
)

// Plan is a task directory's plan: the board, how it was split, and one
// proof tree for each player moving first.
type Plan struct {
	Format string `json:"format"`
	Game   string `json:"game"`
	Board  string `json:"board"`
	// Claim is the outcome class the trees set out to prove (L, R, N or
	// P): it says, for each player moving first, whether the tree claims
	// he wins or loses.
	Claim string `json:"claim"`
	// Depth is the plies below which planning makes tasks, and Probe the
	// time each probe is given (as time.ParseDuration reads it; "0s": no
	// probes), both as last planned.
	Depth int    `json:"depth"`
	Probe string `json:"probe"`
	// Tries is the candidates refuted at a claimant's position before
	// planning makes the position one task (0: no limit), as last planned.
	Tries int `json:"tries,omitempty"`
	// NoKillers says that planning made no killer tasks (Planner), as
	// last planned.
	NoKillers bool `json:"no_killers,omitempty"`
	// Engine sets up the game's search for tasks and probes.
	Engine Engine `json:"engine"`
	// NextTask is the id the next new task gets: ids are never reused, so
	// that a result can only ever be for its own position.
	NextTask int     `json:"next_task"`
	Roots    []*Root `json:"roots"`

	// file is the name of the file the plan was read from, for errors.
	file string
}

// Engine sets up a game's search (as query.Config does; 0: the game's
// default).
type Engine struct {
	KnownCells int  `json:"known_cells"`
	TableBits  uint `json:"table_bits"`
	Workers    int  `json:"workers"`
}

// Root is the search with one player moving first.
type Root struct {
	// First is the player moving first, "L" or "R"; Both says that the
	// board is its own dual (Game.SelfDual), so that this search answers
	// for Right moving first too.
	First string `json:"first"`
	Both  bool   `json:"both,omitempty"`
	// Claim is "win" or "lose": what the tree sets out to prove of the
	// player moving first.
	Claim string `json:"claim"`
	// Planning is what planning this root cost, over every plan run.
	Planning Cost  `json:"planning"`
	Tree     *Node `json:"tree"`
}

// Cost is the work of probes or tasks.
type Cost struct {
	Probes     int     `json:"probes,omitempty"`
	Nodes      int64   `json:"nodes"`
	Seconds    float64 `json:"seconds"`
	CPUSeconds float64 `json:"cpu_seconds"`
}

// Node is a position of a proof tree, with the player to move. It is
// exactly one of: settled while planning (Result), a task (Task), or
// split into Children.
type Node struct {
	// Move is the move of the parent's player that led here ("" at a
	// root).
	Move   string `json:"move,omitempty"`
	ToMove string `json:"to_move"`
	Board  string `json:"board"`
	// Result is "win" or "loss" for the player to move, when a probe (or
	// the rules: no move) settled the position; Nodes is the probe's.
	Result string `json:"result,omitempty"`
	Nodes  int64  `json:"nodes,omitempty"`
	// Task is the position's task id (from 1). Tried, on a task, is the
	// candidates refuted there before planning made the position one
	// task; planning does not split it again.
	Task  int `json:"task,omitempty"`
	Tried int `json:"tried,omitempty"`
	// Killer, on a task, says that the position follows the reply that
	// had refuted the most of the claimant's candidates at its ply when
	// it was planned: planning made it one task over all the claimant's
	// moves, not split, and runs take it before the other tasks.
	Killer bool `json:"killer,omitempty"`
	// All says that Children are every move of the player to move.
	All      bool    `json:"all,omitempty"`
	Children []*Node `json:"children,omitempty"`
}

// The results of a position, for the player to move.
const (
	Win  = "win"
	Loss = "loss"
)

// HasPlan reports whether DIR holds a plan, in either form.
func HasPlan(dir string) bool {
	for _, name := range []string{PlanFile, OldPlanFile} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			return true
		}
	}
	return false
}

// ReadPlan reads DIR/plan.json.gz, or DIR/plan.json when there is none,
// checking only that it is a plan file; Check checks it against its
// game.
func ReadPlan(dir string) (*Plan, error) {
	path, data, err := readPlanFile(dir)
	if err != nil {
		return nil, err
	}
	var p Plan
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return nil, fmt.Errorf("%s is damaged: %v", path, err)
	}
	if p.Format != Format {
		return nil, fmt.Errorf("%s is damaged or not a plan: format %q, want %q", path, p.Format, Format)
	}
	p.file = filepath.Base(path)
	return &p, nil
}

// readPlanFile returns the path and the JSON of DIR's plan.
func readPlanFile(dir string) (string, []byte, error) {
	path := filepath.Join(dir, PlanFile)
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		path = filepath.Join(dir, OldPlanFile)
		if data, err = os.ReadFile(path); errors.Is(err, os.ErrNotExist) {
			return "", nil, fmt.Errorf("no plan in %s (tb solve plan makes one): %w", dir, err)
		}
		return path, data, err
	}
	if err != nil {
		return "", nil, err
	}
	if data, err = gunzip(data); err != nil {
		return "", nil, fmt.Errorf("%s is damaged: %v", path, err)
	}
	return path, data, nil
}

// gzipBytes returns data compressed as one gzip stream, at the best
// compression (the files it writes are written once and read often).
func gzipBytes(data []byte) ([]byte, error) {
	var gz bytes.Buffer
	w, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if _, err := w.Write(data); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return gz.Bytes(), nil
}

// gunzip returns the data compressed in gz.
func gunzip(gz []byte) ([]byte, error) {
	r, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, err
	}
	data, err := io.ReadAll(r)
	if err == nil {
		err = r.Close()
	}
	return data, err
}

// WritePlan writes p to DIR/plan.json.gz atomically, making DIR if
// needed, then removes the older form's DIR/plan.json if there is one.
func WritePlan(dir string, p *Plan) error {
	data, err := json.MarshalIndent(p, "", " ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return err
	}
	if err := writePlanGzip(dir, append(data, '\n')); err != nil {
		return err
	}
	p.file = PlanFile
	return removeOldPlan(dir)
}

// writePlanGzip writes the plan's JSON data to DIR/plan.json.gz
// atomically, synced, and syncs DIR.
func writePlanGzip(dir string, data []byte) error {
	gz, err := gzipBytes(data)
	if err != nil {
		return err
	}
	if err := atomicfile.Write(filepath.Join(dir, PlanFile), gz); err != nil {
		return err
	}
	syncDir(dir)
	return nil
}

// removeOldPlan removes DIR/plan.json, if there is one, once
// DIR/plan.json.gz has replaced it.
func removeOldPlan(dir string) error {
	if err := os.Remove(filepath.Join(dir, OldPlanFile)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}
