package main

import (
	"bytes"
	"sync"

	"github.com/tablebase/tablebase/games/cram"
	"github.com/tablebase/tablebase/internal/region"
)

// team is the searches of one board on as many cores, each trying the
// moves at a depth (the board's, or those of the positions they leave)
// from its own turn (HeapSearch.Turn), with memory for
// its table in equal shares.
type team []*cram.HeapSearch

// newTeam returns a team of workers searches whose parts of at most
// small cells are valued by plain recursion, their tables at most memo
// bytes in all (0: the default each), each trying the moves at depth
// (1: the board's) from its own turn.
func newTeam(workers, small, memo, depth int) team {
	t := make(team, workers)
	for i := range t {
		t[i] = cram.NewHeapSearch(small, memo/workers)
		t[i].Turn, t[i].Turns, t[i].TurnDepth = i, workers, depth
	}
	return t
}

// run searches the board on every search of the team at once until one
// finds its nim-value (then true) or stop is closed.
func (t team) run(stop <-chan struct{}, board region.Region) (nim int, ok bool) {
	found := make(chan struct{})
	var once sync.Once
	done := make(chan struct{})
	go func() { // done closes with stop or found
		select {
		case <-stop:
		case <-found:
		}
		close(done)
	}()
	type result struct {
		nim int
		ok  bool
	}
	results := make(chan result, len(t))
	for _, s := range t {
		go func() {
			n, ok := s.Run(done, board)
			if ok {
				once.Do(func() { close(found) })
			}
			results <- result{n, ok}
		}()
	}
	for range t {
		if r := <-results; r.ok {
			nim, ok = r.nim, true
		}
	}
	return nim, ok
}

// takeNodes returns the nodes the team has searched since it was last
// asked.
func (t team) takeNodes() (n int64) {
	for _, s := range t {
		n += s.Nodes
		s.Nodes = 0
	}
	return n
}

// valued returns the regions the team has valued.
func (t team) valued() (n int) {
	for _, s := range t {
		n += s.Valued()
	}
	return n
}

// share gives each search of the team what every other has found of its
// largest regions, as a save of at most maxRegions regions of at least
// keep cells would hold. The team is not running.
func (t team) share(keep int) error {
	if len(t) < 2 {
		return nil
	}
	saved := make([]bytes.Buffer, len(t))
	for i, s := range t {
		if _, err := s.Save(&saved[i], minCells(s.Census(), keep), maxRegions); err != nil {
			return err
		}
	}
	for i, s := range t {
		for j := range saved {
			if j == i {
				continue
			}
			if _, err := s.Load(bytes.NewReader(saved[j].Bytes())); err != nil {
				return err
			}
		}
	}
	return nil
}

// minCells returns the fewest cells whose regions, with part of the
// last size, make maxRegions, at least keep, from a search's census.
func minCells(census [65]int, keep int) int {
	cells, kept := len(census)-1, census[len(census)-1]
	for cells > keep && kept < maxRegions {
		cells--
		kept += census[cells]
	}
	return cells
}
