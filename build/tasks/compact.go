package tasks

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tablebase/tablebase/internal/atomicfile"
)

// Compaction says what Compact did: it read Files files of results (the
// older form's K.json and the logs; Torn of the logs ended in a line cut
// short, dropped) holding Results results, and wrote them to
// done/results.jsonl.gz when Rewrote is set, LogBytes bytes compressing
// LogPlainBytes of JSON lines; it gzipped plan.json when
// Gzipped is set, into PlanBytes (of PlainBytes of JSON); and it removed
// Removed files.
type Compaction struct {
	Results, Files, Torn int
	Rewrote, Gzipped     bool
	PlainBytes           int
	PlanBytes            int
	LogPlainBytes        int
	LogBytes             int
	Removed              int
}

// Changed reports whether Compact changed anything.
func (c Compaction) Changed() bool { return c.Rewrote || c.Gzipped || c.Removed > 0 }

// Compact rewrites the task directory dir, whose plan p was read by
// ReadPlan, in its compact form: every result of done/ (the older form's
// files K.json, the runs' logs and an older plain done/results.jsonl) in
// one gzip-compressed log, done/results.jsonl.gz, a line a task in id
// order (for a task recorded twice, the record ReadResults returns), and
// the older form's plan.json as plan.json.gz (its very bytes,
// compressed). It removes the files it replaced (and temporary
// files that killed processes left) only once the new ones are written,
// synced and read back alike. Run again, it changes nothing. Readers see
// the same results and the same plan before, during and after it; but a
// run writing to dir meanwhile would lose the results it appends to a log
// Compact has removed (their tasks would be run again), so it must be
// run while no tb solve run or plan writes to dir.
func Compact(dir string, p *Plan) (Compaction, error) {
	var c Compaction
	var remove []string

	// The plan.
	plain := filepath.Join(dir, OldPlanFile)
	if data, err := os.ReadFile(plain); err == nil {
		if _, err := os.Stat(filepath.Join(dir, PlanFile)); errors.Is(err, os.ErrNotExist) {
			if err := writePlanGzip(dir, data); err != nil {
				return c, err
			}
			_, back, err := readPlanFile(dir)
			if err != nil || !bytes.Equal(back, data) {
				return c, fmt.Errorf("%s: %s does not read back as %s (%v): nothing removed", dir, PlanFile, OldPlanFile, err)
			}
			c.Gzipped, c.PlainBytes = true, len(data)
		}
		remove = append(remove, plain)
	} else if !errors.Is(err, os.ErrNotExist) {
		return c, err
	}
	if info, err := os.Stat(filepath.Join(dir, PlanFile)); err == nil {
		c.PlanBytes = int(info.Size())
	}

	// The results.
	l := newLedger(dir, p)
	if _, err := l.scan(); err != nil {
		return c, err
	}
	c.Results, c.Files = len(l.results), len(l.old)+len(l.logs)
	for name := range l.old {
		remove = append(remove, filepath.Join(dir, DoneDir, name))
	}
	for name := range l.logs {
		if l.torn[name] {
			c.Torn++
		}
		if name != CompactLog {
			remove = append(remove, filepath.Join(dir, DoneDir, name))
		}
	}
	var log bytes.Buffer
	ids := make([]int, 0, len(l.results))
	for k := range l.results {
		ids = append(ids, k)
	}
	slices.Sort(ids)
	for _, k := range ids {
		line, err := json.Marshal(l.results[k])
		if err != nil {
			return c, err
		}
		log.Write(append(line, '\n'))
	}
	path := filepath.Join(dir, DoneDir, CompactLog)
	had, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return c, err
	}
	c.LogPlainBytes, c.LogBytes = log.Len(), len(had)
	if had != nil {
		if had, err = gunzip(had); err != nil {
			return c, fmt.Errorf("%s is damaged: %v", path, err) // the scan read it whole; not expected
		}
	}
	if (len(ids) > 0 || had != nil) && !bytes.Equal(had, log.Bytes()) {
		gz, err := gzipBytes(log.Bytes())
		if err != nil {
			return c, err
		}
		if err := atomicfile.Write(path, gz); err != nil {
			return c, err
		}
		c.LogBytes = len(gz)
		syncDir(filepath.Dir(path))
		c.Rewrote = true
		back := newLedger(dir, p)
		if _, err := back.readLog(CompactLog); err != nil || !sameResults(back.results, l.results) {
			return c, fmt.Errorf("%s does not read back as the results it was written from (%v): nothing removed", path, err)
		}
	}

	// What the new files replace, and what killed processes left.
	for _, d := range []string{dir, filepath.Join(dir, DoneDir)} {
		entries, _ := os.ReadDir(d)
		for _, e := range entries {
			if n := e.Name(); strings.HasPrefix(n, ".") && strings.HasSuffix(n, ".tmp") && !e.IsDir() {
				remove = append(remove, filepath.Join(d, n))
			}
		}
	}
	slices.Sort(remove)
	for _, f := range remove {
		switch err := os.Remove(f); {
		case err == nil:
			c.Removed++
		case !errors.Is(err, os.ErrNotExist):
			return c, err
		}
	}
	if c.Removed > 0 {
		syncDir(dir)
		syncDir(filepath.Join(dir, DoneDir))
	}
	return c, nil
}

// sameResults reports whether a and b hold the same results.
func sameResults(a, b map[int]*Result) bool {
	if len(a) != len(b) {
		return false
	}
	for k, x := range a {
		y := b[k]
		if y == nil || !x.Time.Equal(y.Time) {
			return false
		}
		x2, y2 := *x, *y
		x2.Time, y2.Time = y.Time, y.Time
		if x2 != y2 {
			return false
		}
	}
	return true
}
