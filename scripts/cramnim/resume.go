package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"github.com/tablebase/tablebase/games/cram"
	"github.com/tablebase/tablebase/internal/atomicfile"
	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/internal/region"
)

// A saved search keeps at most maxRegions regions, the largest, in at
// most maxSaved bytes: past it a quarter fewer, until it fits.
const maxRegions, maxSaved = 3_000_000, 24 << 20

// progress is what DIR/cram-RxC.json holds: the search of a board so far.
type progress struct {
	Board      string   `json:"board"`
	Nim        *int     `json:"nim,omitempty"`     // set once found
	AtLeast    int      `json:"at_least"`          // the nim-value is at least this: the smaller heaps are ruled out
	Nodes      int64    `json:"nodes"`             // nodes searched, over every run
	CPUSeconds float64  `json:"cpu_seconds"`       // CPU time, over every run
	Runs       int      `json:"runs"`              // runs that searched it
	Refuted    int      `json:"refuted"`           // of the moves of the board plus a heap of at_least, those shown to leave a first-player win
	Moves      int      `json:"moves"`             // the moves of the board plus a heap of at_least
	Nearest    *nearest `json:"nearest,omitempty"` // the move not refuted whose win the search is nearest to showing
	Saved      int      `json:"saved"`             // regions in the saved search
	MinCells   int      `json:"min_cells"`         // the fewest cells of a saved region
}

// nearest is the move of the board plus a heap of at_least, not refuted,
// that the search is nearest to showing a win (it then rules out that
// heap): of the moves of the position it leaves, the largest share
// shown to leave a first-player win. A move in the heap is written "*k",
// k the heap it leaves.
type nearest struct {
	Move    string `json:"move"`
	Refuted int    `json:"refuted"`
	Moves   int    `json:"moves"`
}

// nearestMove returns the move of the progress list with the largest
// share of the moves of the position it leaves refuted, among those not
// known (the first of them when several have as large a share), or nil
// when none has any refuted.
func nearestMove(list []cram.MoveProgress, w int) *nearest {
	var best *nearest
	for _, p := range list {
		if p.Known || p.Refuted == 0 || best != nil && p.Refuted*best.Moves <= best.Refuted*p.Moves {
			continue
		}
		best = &nearest{Move: fmt.Sprintf("*%d", p.Heap), Refuted: p.Refuted, Moves: p.Moves}
		if p.Move != 0 {
			best.Move = notation.PieceOf(w, p.Move)
		}
	}
	return best
}

// resumable is a board's search that saves itself now and then.
type resumable struct {
	dir, board string
	search     team
	region     region.Region // the board
	keep       int           // save the regions of at least this many cells
	p          progress
	cpu        float64 // this process's CPU seconds at the last save
}

func (r *resumable) path(ext string) string { return filepath.Join(r.dir, "cram-"+r.board+ext) }

// errStopped is run's error when a signal stopped the search (saved).
var errStopped = errors.New("stopped by a signal; the search so far is saved")

// run loads what an earlier run saved, searches, saving every period,
// and prints the nim-value. When ctx ends first it saves and returns
// errStopped.
func (r *resumable) run(ctx context.Context, every time.Duration) error {
	if err := os.MkdirAll(r.dir, 0o755); err != nil {
		return err
	}
	if err := r.load(); err != nil {
		return err
	}
	if r.p.Nim != nil {
		fmt.Printf("%s: nim-value %d (saved), %.1f s of CPU, %d nodes\n", r.board, *r.p.Nim, r.p.CPUSeconds, r.p.Nodes)
		return nil
	}
	r.p.Runs++
	r.cpu = cpuSeconds()
	for {
		nim, ok := r.search.run(stopAfter(ctx, every), r.region)
		if ok {
			r.p.Nim = &nim
		}
		if err := r.save(); err != nil {
			return err
		}
		if ok {
			fmt.Printf("%s: nim-value %d, %.1f s of CPU in %d runs, %d nodes\n", r.board, nim, r.p.CPUSeconds, r.p.Runs, r.p.Nodes)
			return nil
		}
		near := ""
		if n := r.p.Nearest; n != nil {
			near = fmt.Sprintf("; nearest to winning: %s, %d of %d refuted after it", n.Move, n.Refuted, n.Moves)
		}
		fmt.Printf("%s: saved at %.1f s of CPU, %d nodes, nim-value at least %d (of the %d moves with that heap, %d refuted%s), %d regions of %d cells or more\n",
			r.board, r.p.CPUSeconds, r.p.Nodes, r.p.AtLeast, r.p.Moves, r.p.Refuted, near, r.p.Saved, r.p.MinCells)
		if ctx.Err() != nil {
			return errStopped
		}
	}
}

// stopAfter returns a channel closed when d has passed or ctx ends.
func stopAfter(ctx context.Context, d time.Duration) <-chan struct{} {
	stop := make(chan struct{})
	t := time.NewTimer(d)
	go func() {
		defer t.Stop()
		select {
		case <-t.C:
		case <-ctx.Done():
		}
		close(stop)
	}()
	return stop
}

// load reads the saved search and progress, if any.
func (r *resumable) load() error {
	r.p = progress{Board: r.board}
	b, err := os.ReadFile(r.path(".json"))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	} else if err != nil {
		return err
	}
	if err := json.Unmarshal(b, &r.p); err != nil {
		return fmt.Errorf("%s: %w", r.path(".json"), err)
	}
	f, err := os.Open(r.path(".heap.gz"))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	} else if err != nil {
		return err
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		return fmt.Errorf("%s: %w", f.Name(), err)
	}
	saved, err := io.ReadAll(z)
	if err != nil {
		return fmt.Errorf("%s: %w", f.Name(), err)
	}
	n := 0
	for _, s := range r.search {
		if n, err = s.Load(bytes.NewReader(saved)); err != nil {
			return fmt.Errorf("%s: %w", f.Name(), err)
		}
	}
	fmt.Printf("%s: loaded %d regions, %.1f s of CPU and %d nodes so far\n", r.board, n, r.p.CPUSeconds, r.p.Nodes)
	return nil
}

// save writes the search (its regions of at least keep cells, fewer when
// that is too large) and then the progress, each replacing its file
// whole.
func (r *resumable) save() error {
	now := cpuSeconds()
	r.p.CPUSeconds += now - r.cpu
	r.cpu = now
	r.p.Nodes += r.search.takeNodes()
	if err := r.search.share(r.keep); err != nil {
		return err
	}
	first := r.search[0] // which now holds what the others found
	if n, _ := first.AtLeast(r.region); n > r.p.AtLeast {
		r.p.AtLeast = n
	}
	r.p.Refuted, r.p.Moves = first.Refuted(r.region, r.p.AtLeast)
	r.p.Nearest = nearestMove(first.Progress(r.region, r.p.AtLeast), int(r.region.W))
	// The fewest cells whose regions, with part of the last size, make
	// maxRegions, then fewer regions while the file is too large.
	fewest := minCells(first.Census(), r.keep)
	var gz bytes.Buffer
	for max := maxRegions; ; max -= max / 4 {
		gz.Reset()
		z := gzip.NewWriter(&gz)
		n, err := first.Save(z, fewest, max)
		if err == nil {
			err = z.Close()
		}
		if err != nil {
			return err
		}
		if gz.Len() <= maxSaved {
			r.p.Saved, r.p.MinCells = n, fewest
			break
		}
	}
	if err := atomicfile.Write(r.path(".heap.gz"), gz.Bytes()); err != nil {
		return err
	}
	b, err := json.MarshalIndent(r.p, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(r.path(".json"), append(b, '\n'))
}

// cpuSeconds returns the CPU time this process has used.
func cpuSeconds() float64 {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	sec := func(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }
	return sec(u.Utime) + sec(u.Stime)
}
