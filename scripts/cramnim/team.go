package main

import (
	"bytes"

	"github.com/tablebase/tablebase/games/cram"
	"github.com/tablebase/tablebase/internal/region"
)

// team is the searches of one board on as many cores (cram.Team), each
// trying the moves at a depth (the board's, or those of the positions
// they leave) from its own turn, with memory for its table in equal
// shares.
type team []*cram.HeapSearch

// newTeam returns a team of workers searches whose parts of at most
// small cells are valued by plain recursion, their tables at most memo
// bytes in all (0: the default each), each trying the moves at depth
// (1: the board's) from its own turn.
func newTeam(workers, small, memo, depth int) team {
	return team(cram.NewTeam(small, memo, workers, depth))
}

// run searches the board on every search of the team at once until one
// finds its nim-value (then true) or stop is closed.
func (t team) run(stop <-chan struct{}, board region.Region) (nim int, ok bool) {
	return cram.Team(t).Run(stop, board)
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
