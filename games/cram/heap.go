package cram

import "github.com/tablebase/tablebase/games/internal/placement"

// NewHeapSearch returns a heap search of Cram (placement.HeapSearch)
// whose parts of at most small cells a solver of its own values, keeping
// what it finds in at most memo bytes (0: placement.DefaultHeapMemo).
func NewHeapSearch(small, memo int) *placement.HeapSearch {
	return placement.NewHeapSearch(Game.Rules, small, nil, memo)
}
