package tasks

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// DoneDir is the directory of results inside a task directory.
//
// It holds logs, NAME.jsonl, each one JSON line (a Result) a task solved,
// appended by one run alone: tb solve run names its log after its host
// and process id and creates it (O_EXCL) at its first result, so that two
// runs never append to one file; each line is written whole, with
// O_APPEND, by one write, and synced before the run goes on. A run
// killed while writing may leave its log's last line cut short, without
// its newline: readers ignore such a line (the task is simply run
// again), and since no run appends to another's log, a cut line is only
// ever a log's last. tb solve compact joins the logs into one,
// CompactLog, gzip-compressed. Task directories written before the logs
// hold one file K.json a task instead (OldDoneFile), and those compacted
// before the logs were compressed one plain log, OldCompactLog; every
// reader still reads both.
const DoneDir = "done"

// CompactLog is the log into which tb solve compact (Compact) joins
// every result of a task directory, a line a task in id order, as one
// gzip stream: the lines of a plain log, compressed. It is written whole
// (through a rename), never appended to.
const CompactLog = "results.jsonl.gz"

// OldCompactLog is the plain log tb solve compact wrote before it
// compressed it; readers read it as any run's log, and Compact replaces
// it with CompactLog.
const OldCompactLog = "results.jsonl"

// Result is a task done: a line of a log DIR/done/NAME.jsonl (or of the
// compressed DIR/done/results.jsonl.gz), or the
// file DIR/done/K.json of the older form.
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

// doneName matches the name of an older form's result file, logName that
// of a log (a run's, plain, or the compressed CompactLog); others (such
// as a temporary file left by a process killed while writing, whose name
// starts with '.') are ignored.
var (
	doneName = regexp.MustCompile(`^([1-9][0-9]{0,8})\.json$`)
	logName  = regexp.MustCompile(`^[^.].*\.jsonl(\.gz)?$`)
	// notInName matches what a log's name leaves out of a host's name.
	notInName = regexp.MustCompile(`[^A-Za-z0-9_-]+`)
)

// OldDoneFile returns the file of task k's result in the older form of a
// task directory, DIR/done/K.json (one file a task, written through a
// rename), which readers still read and Compact joins into a log.
func OldDoneFile(dir string, k int) string {
	return filepath.Join(dir, DoneDir, strconv.Itoa(k)+".json")
}

// ReadResults reads every result in DIR/done (the logs and the older
// form's files), by task id, and checks each against the plan: a result
// for a task of the plan must be for its position. Results of tasks the
// plan no longer has (dropped when it was planned again) are returned
// too. A task recorded more than once (by two runs that solved it at
// once, or in both forms) must have one result; the record made first
// (by its time) is returned.
func ReadResults(dir string, p *Plan) (map[int]*Result, error) {
	l := newLedger(dir, p)
	if _, err := l.scan(); err != nil {
		return nil, err
	}
	return l.results, nil
}

// ledger holds the results of a task directory as read so far, and reads
// what was added since: new files, and the lines appended to the logs
// already read.
type ledger struct {
	dir     string
	tasks   map[int]*Node // the plan's tasks by id
	results map[int]*Result
	where   map[int]string // where each result was read
	// logs says how far each log has been read (up to its last whole
	// line); old holds the older form's files read; torn the logs whose
	// last line is cut short (when last read); entries counts the files
	// in done/ when last listed.
	logs    map[string]*logRead
	old     map[string]bool
	torn    map[string]bool
	entries int
}

// logRead is how far a log has been read: its bytes and lines, in the
// file info says.
type logRead struct {
	info  os.FileInfo
	bytes int64
	lines int
}

func newLedger(dir string, p *Plan) *ledger {
	return &ledger{dir: dir, tasks: p.taskNodes(), results: map[int]*Result{}, where: map[int]string{},
		logs: map[string]*logRead{}, old: map[string]bool{}, torn: map[string]bool{}}
}

// scan lists done/ and reads every file not read yet, and every line
// appended to a log since it was last read. It reports whether a result
// was added.
func (l *ledger) scan() (bool, error) {
	entries, err := os.ReadDir(filepath.Join(l.dir, DoneDir))
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	l.entries = len(entries)
	added := false
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() {
			continue
		}
		var a bool
		var err error
		switch {
		case logName.MatchString(name):
			a, err = l.readLog(name)
		case doneName.MatchString(name) && !l.old[name]:
			k, _ := strconv.Atoi(strings.TrimSuffix(name, ".json"))
			a, err = l.readOld(k)
		}
		if err != nil {
			return false, err
		}
		added = added || a
	}
	return added, nil
}

// tails reads the lines appended to the logs already read since they were
// last read, and task k's file of the older form if it has appeared; it
// reports whether a result was added.
func (l *ledger) tails(k int) (bool, error) {
	added := false
	for name := range l.logs {
		a, err := l.readLog(name)
		if err != nil {
			return false, err
		}
		added = added || a
	}
	name := strconv.Itoa(k) + ".json"
	if _, err := os.Stat(OldDoneFile(l.dir, k)); err == nil && !l.old[name] {
		a, err := l.readOld(k)
		if err != nil {
			return false, err
		}
		added = added || a
	}
	return added, nil
}

// readOld reads task k's file of the older form.
func (l *ledger) readOld(k int) (bool, error) {
	path := OldDoneFile(l.dir, k)
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil // removed meanwhile (by tb solve compact)
	}
	if err != nil {
		return false, err
	}
	r, err := decodeResult(data)
	if err == nil && r.Task != k {
		err = fmt.Errorf("task %d", r.Task)
	}
	if err != nil {
		return false, fmt.Errorf("%s is damaged (%v): remove it and run task %d again", path, err, k)
	}
	l.old[filepath.Base(path)] = true
	return l.add(r, path)
}

// readLog reads the whole lines of the log name not read yet. A last line
// without its newline is left for later: it is being written, or was cut
// short by a run killed while writing it, and is then never read. A
// compressed log (NAME.jsonl.gz, written whole through a rename) is read
// whole, when it is new or has been replaced.
func (l *ledger) readLog(name string) (bool, error) {
	path := filepath.Join(l.dir, DoneDir, name)
	at := l.logs[name]
	if info, err := os.Stat(path); err == nil && at != nil && os.SameFile(at.info, info) && info.Size() == at.bytes {
		return false, nil // nothing new
	}
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		delete(l.logs, name) // removed meanwhile (by tb solve compact)
		return false, nil
	}
	if err != nil {
		return false, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return false, err
	}
	gz := strings.HasSuffix(name, ".gz")
	if gz || at == nil || !os.SameFile(at.info, info) || info.Size() < at.bytes {
		at = &logRead{} // new, or replaced (by tb solve compact), or compressed: read it whole
		l.logs[name] = at
	}
	at.info = info
	data, err := io.ReadAll(io.NewSectionReader(f, at.bytes, info.Size()-at.bytes))
	if err != nil {
		return false, err
	}
	if gz {
		if data, err = gunzip(data); err != nil {
			return false, fmt.Errorf("%s is damaged (%v): remove it and run its tasks again", path, err)
		}
	}
	added := false
	for {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			l.torn[name] = len(data) > 0
			if gz {
				at.bytes = info.Size() // read whole: nothing to read until it is replaced
			}
			return added, nil
		}
		text := data[:i]
		data = data[i+1:]
		at.bytes += int64(i) + 1
		at.lines++
		if len(bytes.TrimSpace(text)) == 0 {
			continue
		}
		where := fmt.Sprintf("%s line %d", path, at.lines)
		r, err := decodeResult(text)
		if err != nil {
			return false, fmt.Errorf("%s is damaged (%v): remove the line and run its task again", where, err)
		}
		a, err := l.add(r, where)
		if err != nil {
			return false, err
		}
		added = added || a
	}
}

// add records r, read from where, checking it against the plan and
// against another record of its task. It reports whether r is new.
func (l *ledger) add(r *Result, where string) (bool, error) {
	if n := l.tasks[r.Task]; n != nil && (r.Board != n.Board || r.ToMove != n.ToMove) {
		return false, fmt.Errorf("%s is for %s with %s to move, but task %d is %s with %s to move: it belongs to another plan; remove it",
			where, r.Board, r.ToMove, r.Task, n.Board, n.ToMove)
	}
	had := l.results[r.Task]
	switch {
	case had == nil:
	case had.Result != r.Result || had.Board != r.Board || had.ToMove != r.ToMove:
		return false, fmt.Errorf("%s and %s disagree: task %d (%s to move on %s) %s and %s; one search is wrong",
			l.where[r.Task], where, r.Task, r.ToMove, r.Board, says(had.Result), says(r.Result))
	case !r.Time.Before(had.Time):
		return false, nil // the same result, recorded later
	}
	l.results[r.Task], l.where[r.Task] = r, where
	return had == nil, nil
}

// decodeResult reads one result, as JSON, and checks its fields.
func decodeResult(data []byte) (*Result, error) {
	var r Result
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return nil, err
	}
	if rest, _ := io.ReadAll(dec.Buffered()); len(bytes.TrimSpace(rest)) > 0 || dec.More() {
		return nil, errors.New("more after the result")
	}
	if r.Task < 1 || factOf(r.Result) == unknown || r.ToMove != "L" && r.ToMove != "R" || r.Nodes < 0 {
		return nil, fmt.Errorf("task %d, result %q, to move %q, %d nodes", r.Task, r.Result, r.ToMove, r.Nodes)
	}
	return &r, nil
}

// resultLog is a run's own log, created at its first result.
type resultLog struct {
	dir string
	f   *os.File
}

// append records r as one line of the run's log, synced.
func (w *resultLog) append(r *Result) error {
	data, err := json.Marshal(r)
	if err != nil {
		return err
	}
	if w.f == nil {
		if w.f, err = createLog(w.dir); err != nil {
			return err
		}
	}
	if _, err := w.f.Write(append(data, '\n')); err != nil {
		return err
	}
	return w.f.Sync()
}

// close closes the log, if it was created.
func (w *resultLog) close() error {
	if w.f == nil {
		return nil
	}
	return w.f.Close()
}

// createLog creates a new log in DIR/done, named after the host and the
// process (HOST-PID.jsonl, or HOST-PID-2.jsonl and so on when a process of
// the same id made one before), created exclusively so that no other
// process ever writes to it, and syncs the directory that holds it.
func createLog(dir string) (*os.File, error) {
	done := filepath.Join(dir, DoneDir)
	if err := os.MkdirAll(done, 0o777); err != nil {
		return nil, err
	}
	host, _ := os.Hostname()
	host = strings.Trim(notInName.ReplaceAllString(host, "_"), "_")
	if host == "" {
		host = "host"
	}
	base := host + "-" + strconv.Itoa(os.Getpid())
	for i := 1; ; i++ {
		name := base
		if i > 1 {
			name += "-" + strconv.Itoa(i)
		}
		f, err := os.OpenFile(filepath.Join(done, name+".jsonl"), os.O_WRONLY|os.O_APPEND|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, os.ErrExist) && i < 1000 {
			continue
		}
		if err != nil {
			return nil, err
		}
		syncDir(done)
		return f, nil
	}
}

// syncDir makes the names in dir durable, where the file system allows
// (some refuse to sync a directory; their renames are durable anyway or
// not at all, as before).
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
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
