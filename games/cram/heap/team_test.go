package heap

import (
	"math/rand/v2"
	"testing"

	"github.com/tablebase/tablebase/internal/region"
)

// TestTeam: a team of one, two or three searches values random regions
// of up to 5x5 (half of them their own image under the half-turn) as
// the plain mex oracle does, each Run of a new region with what earlier
// Runs left in the tables, and a closed done stops it. -short leaves
// out the components of more than 20 cells, where the oracle's cost
// explodes (two of 22 and 23 cells take 90% of it).
func TestTeam(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 77))
	memo := map[region.Region]int{}
	most := oracleCells()
	for workers := 1; workers <= 3; workers++ {
		team := NewTeam(cramMoves{}, 4, 1<<20, workers, 1+rng.IntN(2))
		for range 100 {
			for _, c := range randomRegion(rng, 3, 3).Components(nil) {
				if c.Cells() > most {
					continue
				}
				if got, ok := team.Run(make(chan struct{}), c); !ok || got != mexNim(c, memo) {
					t.Fatalf("%d workers: %v: %d %v, mex %d", workers, c, got, ok, mexNim(c, memo))
				}
			}
		}
	}
	closed := make(chan struct{})
	close(closed)
	if _, ok := NewTeam(cramMoves{}, 4, 1<<20, 2, 1).Run(closed, region.Full(4, 5)); ok {
		t.Error("a closed done did not stop the team")
	}
}

// TestTeamWorkers: a team asked for no workers, or fewer, is a team of
// one, with the memory it was given, and values a board as one search
// does.
func TestTeamWorkers(t *testing.T) {
	board := region.Full(4, 5)
	want := NewHeapSearch(cramMoves{}, 4, nil, 1<<20).Nimber(board)
	for _, memo := range []int{0, 1 << 20} {
		for _, workers := range []int{-1, 0} {
			team := NewTeam(cramMoves{}, 4, memo, workers, 1)
			if len(team) != 1 {
				t.Fatalf("%d workers, memo %d: a team of %d", workers, memo, len(team))
			}
			if got, ok := team.Run(make(chan struct{}), board); !ok || got != want {
				t.Errorf("%d workers, memo %d: %d %v, want %d", workers, memo, got, ok, want)
			}
		}
	}
}

// TestShare: a search that shares its region with one that has valued
// it skips the moves the first showed to leave a first-player win and
// the heaps with which it showed the region one, so that it finds the
// same nim-value in a few nodes; one whose every move another has taken
// and not refuted searches them all the same, as alone; and one given
// another region's share searches as alone.
func TestShare(t *testing.T) {
	for _, board := range []region.Region{region.Full(3, 5), region.Full(4, 5), region.Full(3, 7)} {
		alone := NewHeapSearch(cramMoves{}, 4, nil, 1<<20)
		want := alone.Nimber(board)
		share := &Share{region: board}
		first, second := NewHeapSearch(cramMoves{}, 4, nil, 1<<20), NewHeapSearch(cramMoves{}, 4, nil, 1<<20)
		first.share, second.share = share, share
		if got := first.Nimber(board); got != want || first.Nodes != alone.Nodes {
			t.Fatalf("%v: first %d in %d nodes, alone %d in %d", board, got, first.Nodes, want, alone.Nodes)
		}
		if got := second.Nimber(board); got != want || second.Nodes > int64(want)+1 {
			t.Errorf("%v: second %d in %d nodes, want %d in %d at most", board, got, second.Nodes, want, want+1)
		}
		// Every move taken by a search that never ends: searched all
		// the same, after.
		taken := &Share{region: board}
		for _, d := range allDominoes(board) {
			for heap := range 8 {
				taken.claim(d, heap)
			}
		}
		late := NewHeapSearch(cramMoves{}, 4, nil, 1<<20)
		late.share = taken
		if got := late.Nimber(board); got != want || late.Nodes != alone.Nodes {
			t.Errorf("%v, every move taken: %d in %d nodes, alone %d in %d", board, got, late.Nodes, want, alone.Nodes)
		}
		other := NewHeapSearch(cramMoves{}, 4, nil, 1<<20)
		other.share = &Share{region: region.Full(2, 9)}
		if got := other.Nimber(board); got != want || other.Nodes != alone.Nodes {
			t.Errorf("%v with another region's share: %d in %d nodes, alone %d in %d", board, got, other.Nodes, want, alone.Nodes)
		}
	}
}

// TestShareHeapDone: a heap's channel closes once a search shows the
// region plus the heap a first-player win (at once when one has), or
// when the team stops, each once whatever the order.
func TestShareHeapDone(t *testing.T) {
	closed := func(ch <-chan struct{}) bool {
		select {
		case <-ch:
			return true
		default:
			return false
		}
	}
	var s Share
	zero := s.heapDone(0)
	if closed(zero) {
		t.Fatal("heap 0 done before anything was found")
	}
	s.win(0)
	s.win(0)
	s.win(1)
	if !closed(zero) || !closed(s.heapDone(1)) {
		t.Fatal("a won heap's channel is open")
	}
	two := s.heapDone(2)
	if closed(two) {
		t.Fatal("heap 2 done, never won")
	}
	s.stop()
	s.stop()
	s.win(2)
	if !closed(two) || !closed(s.heapDone(3)) {
		t.Error("a heap's channel open after the team stopped")
	}
}
