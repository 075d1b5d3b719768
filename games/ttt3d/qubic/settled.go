package qubic

import "sync"

// settled remembers, by canonical key, every position where x was shown
// not to win, so that its transpositions are refuted when expanded, and
// every expanded node proved a win, so that a transposition (in any frame:
// strategies are stored in the canonical one) links to its subtree
// instead of proving it again. Provers on several goroutines may share
// one: a node is stored once settled, and a settled node never changes.
type settled struct {
	mu      sync.RWMutex
	refuted map[[2]uint64]bool
	proven  map[[2]uint64]*pnNode
}

func newSettled() *settled {
	return &settled{refuted: map[[2]uint64]bool{}, proven: map[[2]uint64]*pnNode{}}
}

// get returns the proved node stored for k, or whether k is refuted.
func (s *settled) get(k [2]uint64) (proved *pnNode, refuted bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.proven[k], s.refuted[k]
}

// settledLimit is the most positions a settled holds: past it, it starts
// again empty, which only loses transpositions (a node already linked
// keeps its link), to bound the memory of a long search.
const settledLimit = 1 << 25

// put stores k as proved by the node n, or as refuted if n is nil.
func (s *settled) put(k [2]uint64, n *pnNode) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.refuted)+len(s.proven) >= settledLimit {
		s.refuted, s.proven = map[[2]uint64]bool{}, map[[2]uint64]*pnNode{}
	}
	if n == nil {
		s.refuted[k] = true
	} else {
		s.proven[k] = n
	}
}
