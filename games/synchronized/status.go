package synchronized

import (
	"fmt"
	"strings"
	"sync"
)

// status tells where the two questions asked side by side are: for each
// player, the piece his search is trying at the root and how many of the
// other's replies to it it has answered, or the answer once there is one.
type status struct {
	report func(string) // nil: nothing is told
	mu     sync.Mutex
	k      Guarantee
	where  [2]string
}

// ask begins the questions "can each player be sure of k".
func (s *status) ask(k Guarantee) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.k, s.where = k, [2]string{"searching", "searching"}
	s.tell()
}

// at says that p's search is trying the piece move (from 0) of moves at
// the root, and has answered held of the other's replies to it; the
// pieces before it are refuted.
func (s *status) at(p Player, move, moves, held, replies int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.where[p] = fmt.Sprintf("piece %d of %d (%d refuted), %d of %d replies answered", move+1, moves, move, held, replies)
	s.tell()
}

// answered records the answer to p's question.
func (s *status) answered(p Player, yes bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.where[p] = "no"
	if yes {
		s.where[p] = "yes"
	}
	s.tell()
}

// tell reports where the questions are, if anyone is told.
func (s *status) tell() {
	if s.report == nil {
		return
	}
	var b strings.Builder
	fmt.Fprintf(&b, "can each be sure of a %s? ", s.k)
	for p, name := range []string{"Vertical", "Horizontal"} {
		if p > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%s: %s", name, s.where[p])
	}
	s.report(b.String())
}
