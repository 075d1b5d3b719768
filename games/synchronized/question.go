package synchronized

import "sync"

// One question at a time, for tb solve: whether a player can guarantee a
// result, and whether one of his moves keeps it whatever the other plays.

// AtLeastWithin reports whether p can guarantee at least k (Draw or Win)
// on b, searching on a second goroutine beside the first when helped;
// ok is false when done was closed first.
func (s *Solver) AtLeastWithin(done <-chan struct{}, b Board, p Player, k Guarantee, helped bool) (yes, ok bool) {
	return s.within(done, b, p, k, -1, helped)
}

// HoldsWithin reports whether p's piece starting at cell keeps p sure of
// at least k whatever the other plays at the same time: every reply of
// the other leaves a position where p can guarantee k. A move on a board
// where the other has no move holds. ok is false when done was closed
// first.
func (s *Solver) HoldsWithin(done <-chan struct{}, b Board, p Player, k Guarantee, cell int, helped bool) (yes, ok bool) {
	return s.within(done, b, p, k, cell, helped)
}

// within answers the question (as searchQuestion does) on one goroutine
// until it ends or done is closed; when helped, a helper runs the same
// search beside it and leaves what it proves in the shared table, until
// the first is done.
func (s *Solver) within(done <-chan struct{}, b Board, p Player, k Guarantee, cell int, helped bool) (yes, ok bool) {
	if !helped {
		return s.answer(b, p, k, cell, false, nil, done)
	}
	finished := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		s.answer(b, p, k, cell, true, nil, finished)
	}()
	yes, ok = s.answer(b, p, k, cell, false, nil, done)
	close(finished)
	wg.Wait()
	return yes, ok
}
