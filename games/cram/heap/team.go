package heap

import (
	"sync"

	"github.com/tablebase/tablebase/games/internal/placement"
	"github.com/tablebase/tablebase/internal/region"
)

// Team is searches of one region on as many cores at once, each with a
// table of its own, telling each other what they find of the larger
// regions below it (exchange): they take the region's moves in turn, cheapest
// first, each skipping those another has taken or shown to leave a
// first-player win (Share); or, with a depth past 1, all take the
// region's moves in one order, skipping those refuted, and each tries
// the moves of the positions they leave at that depth from its own turn
// (HeapSearch.Turn). The first to find the nim-value ends them all; a
// team of one is its search alone. It is a placement.NimSearch; one Run
// at a time.
type Team []*HeapSearch

// NewTeam returns a team of workers searches of an impartial game whose
// components of at most small cells are valued by plain recursion,
// their tables at most memo bytes in all (0: DefaultHeapMemo each), each
// trying the moves at depth (1: the region's own) from its own turn. A
// team has one search at least.
func NewTeam(rules placement.Rules, small, memo, workers, depth int) Team {
	workers = max(workers, 1)
	if memo <= 0 {
		memo = workers * DefaultHeapMemo
	}
	t := make(Team, workers)
	for i := range t {
		t[i] = NewHeapSearch(rules, small, nil, memo/workers)
		t[i].Turn, t[i].Turns, t[i].TurnDepth = i, workers, depth
	}
	return t
}

// Run returns the nim-value of a connected, cropped region, searched by
// every search of the team at once until one finds it, unless done is
// closed first: then ok is false, and what each has found stays in its
// table for a later Run.
func (t Team) Run(done <-chan struct{}, c region.Region) (nim int, ok bool) {
	select {
	case <-done:
		return 0, false
	default:
	}
	if len(t) == 1 {
		return t[0].Run(done, c)
	}
	share := &Share{region: c}
	found := make(chan struct{})
	var once sync.Once
	stop := make(chan struct{})
	go func() { // stop closes with done or found
		select {
		case <-done:
		case <-found:
		}
		close(stop)
		share.stop()
	}()
	type result struct {
		nim int
		ok  bool
	}
	results := make(chan result, len(t))
	for _, s := range t {
		s.share = share
		go func() {
			n, ok := s.Run(stop, c)
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
	for _, s := range t {
		s.share = nil
	}
	return nim, ok
}

// Share is what the searches of a team tell each other of the region
// they search, as they go: the region's moves each has taken with a
// heap, which the others leave to it while they have moves to take, the
// moves each has shown to leave a first-player win with a heap, which
// the others then skip, the heaps with which one has shown the region a
// first-player win, and what each has found of the regions of at least
// exchangeCells cells below it (exchange). It is safe for concurrent
// use.
type Share struct {
	region  region.Region
	mu      sync.Mutex
	refuted map[shareMove]bool
	claimed map[shareMove]bool
	won     nimSet
	decided map[int]chan struct{} // by heap: closed once won has it or the team stops
	stopped bool
	ex      exchange // what the searches have found of the larger regions below
}

// shareMove is a move of the shared region with a heap.
type shareMove struct {
	move uint64
	heap int
}

// of returns the share when c is the region it is for, else nil.
func (s *Share) of(c region.Region) *Share {
	if s == nil || s.region != c {
		return nil
	}
	return s
}

// refute records that move d leaves a first-player win with a heap of
// n.
func (s *Share) refute(d uint64, n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.refuted == nil {
		s.refuted = make(map[shareMove]bool)
	}
	s.refuted[shareMove{d, n}] = true
}

// claim reports whether move d with a heap of n was not yet taken by a
// search of the team, taking it.
func (s *Share) claim(d uint64, n int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.claimed == nil {
		s.claimed = make(map[shareMove]bool)
	}
	m := shareMove{d, n}
	if s.claimed[m] {
		return false
	}
	s.claimed[m] = true
	return true
}

// isRefuted reports whether a search has shown that move d leaves a
// first-player win with a heap of n.
func (s *Share) isRefuted(d uint64, n int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.refuted[shareMove{d, n}]
}

// win records that the region plus a heap of n is a first-player win.
func (s *Share) win(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if n >= 128 || s.won.has(n) {
		return
	}
	s.won = s.won.with(n)
	if ch := s.decided[n]; ch != nil && !s.stopped {
		close(ch)
	}
}

// heapDone returns a channel closed once a search has shown the region
// plus a heap of n a first-player win, or the team stops (stop).
func (s *Share) heapDone(n int) <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.decided == nil {
		s.decided = make(map[int]chan struct{})
	}
	ch := s.decided[n]
	if ch == nil {
		ch = make(chan struct{})
		s.decided[n] = ch
		if s.stopped || n < 128 && s.won.has(n) {
			close(ch)
		}
	}
	return ch
}

// stop closes every channel heapDone gave or will give.
func (s *Share) stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stopped {
		return
	}
	s.stopped = true
	for n, ch := range s.decided {
		if n >= 128 || !s.won.has(n) {
			close(ch)
		}
	}
}

// wins reports whether a search has shown the region plus a heap of n a
// first-player win.
func (s *Share) wins(n int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return n < 128 && s.won.has(n)
}
