package cram

import (
	"github.com/tablebase/tablebase/games/cram/heap"
	"github.com/tablebase/tablebase/games/internal/placement"
)

// HeapSearch finds the nim-value of a large Cram region without valuing
// every component it reaches (heap.HeapSearch).
type HeapSearch = heap.HeapSearch

// NewHeapSearch returns a heap search of Cram whose parts of at most
// small cells are valued by plain recursion, keeping what it finds of
// the larger ones in at most memo bytes (0: heap.DefaultHeapMemo).
func NewHeapSearch(small, memo int) *HeapSearch {
	return heap.NewHeapSearch(Game.Rules, small, nil, memo)
}

// Team is heap searches of one Cram region on several cores at once
// (heap.Team).
type Team = heap.Team

// NewTeam returns a team of workers heap searches of Cram whose parts of
// at most small cells are valued by plain recursion, their tables at
// most memo bytes in all (0: heap.DefaultHeapMemo each), each trying the
// moves at depth (1: the region's own) from its own turn.
func NewTeam(small, memo, workers, depth int) Team {
	return heap.NewTeam(Game.Rules, small, memo, workers, depth)
}

// MoveProgress is what a heap search has found of one move of a region
// plus a heap (HeapSearch.Progress).
type MoveProgress = heap.MoveProgress

// heapSmall is the most cells of a part the querier's heap search values
// by plain recursion.
const heapSmall = 16

// Search returns the heap search the querier values large components by
// (placement.Searcher): a team of workers searches (heap.Team), each
// with a table of at most 2^tableBits slots (0: heap.DefaultHeapMemo
// bytes).
func (r rules) Search(tableBits uint, workers int) placement.NimSearch {
	workers = max(workers, 1)
	memo := 0
	if tableBits > 0 {
		memo = workers * heap.SlotBytes << min(tableBits, 40)
	}
	return heap.NewTeam(r, heapSmall, memo, workers, 1)
}

// Cram's rules are a Searcher for the querier and a Reduction for the
// heap search.
var (
	_ placement.Searcher = rules{}
	_ heap.Reduction     = rules{}
)
