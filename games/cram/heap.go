package cram

import "github.com/tablebase/tablebase/games/internal/placement"

// HeapSearch finds the nim-value of a large Cram region without valuing
// every component it reaches (placement.HeapSearch).
type HeapSearch = placement.HeapSearch

// NewHeapSearch returns a heap search of Cram whose parts of at most
// small cells are valued by plain recursion, keeping what it finds of
// the larger ones in at most memo bytes (0: placement.DefaultHeapMemo).
func NewHeapSearch(small, memo int) *HeapSearch {
	return placement.NewHeapSearch(Game.Rules, small, nil, memo)
}

// MoveProgress is what a heap search has found of one move of a region
// plus a heap (HeapSearch.Progress).
type MoveProgress = placement.MoveProgress
