package qubic

import (
	"cmp"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/tablebase/tablebase/games/ttt3d/rules"
)

// DecideSplit is Decide on several cores for a position with x to move
// (Decide itself with o to move). A first search of at most 2 million
// nodes runs as Decide's; should it leave p open, x's moves it left open
// (its root's children: one per symmetry class near the root, live cells
// only where Live) are searched apart, workers at a time, each by a
// prover of its own that shares pv's settled positions and settings, the
// hardest first by the first search's disproof numbers, o's known
// replies first (see knownTries). The workers share pv.CollapseAbove: each
// collapses its tree above its share. A refutation of x needs every move
// of his refuted: one search of them all moves between them, and
// collapsing its tree drops the refutations under way of all but two;
// apart, each is finished once begun. x wins as soon as a move is proved,
// and the other searches stop. maxNodes bounds pv.Nodes, which counts the
// nodes of all the searches; pv.Report is called as in Decide, with the
// nodes of all the searches and the numbers of the search that reported
// last.
func (pv *Prover) DecideSplit(p rules.Position, maxNodes int64, workers int) (win, settled bool, move int) {
	return pv.decideSplit(p, maxNodes, workers, presearch)
}

// decideSplit is DecideSplit with a first search of at most first nodes.
func (pv *Prover) decideSplit(p rules.Position, maxNodes int64, workers int, first int64) (win, settled bool, move int) {
	if !p.XToMove() {
		return pv.Decide(p, maxNodes)
	}
	win, settled, move, root := pv.decide(p, min(maxNodes, pv.Nodes+first))
	if settled || pv.Nodes >= maxNodes || pv.stopped() {
		return win, settled, move
	}
	if root.linked() != nil {
		root = root.linked()
	}
	var moves []*pnNode
	for i := range root.kids() {
		if c := &root.more.children[i]; c.dn != 0 {
			moves = append(moves, c)
		}
	}
	slices.SortStableFunc(moves, func(a, c *pnNode) int { return cmp.Compare(c.dn, a.dn) })
	win, settled, move = pv.refuteApart(moves, maxNodes, workers)
	if settled && !win {
		pv.settled.put(pv.canon(p.X, p.O), nil)
	}
	return win, settled, move
}

// Known replies: a move of x that the first search leaves open is first
// searched after o's replies that refuted his other moves (those that
// refuted the most first) and after the reply that takes the most from
// his lines (blockingReply), knownTries in all, each search bounded, and
// only then with o's reply left to the search. A search that leaves o's
// reply open spreads over all of them (a reply's disproof number grows as
// its subtree does, and the search turns to another), and a pattern's
// draw often rests on one reply to most of x's moves.
const (
	knownTries = 2
	// A search after a known reply creates at most knownFloor nodes, or
	// knownFactor times the most that such a search has needed so far.
	knownFloor  = 64_000_000
	knownFactor = 4
)

// apart is the state that refuteApart's workers share, under mu.
type apart struct {
	pv       *Prover
	maxNodes int64
	workers  int          // at least 1
	pool     atomic.Int64 // the nodes of all the searches
	mu       sync.Mutex
	refuted  int
	nodes    int64 // the nodes of the searches done
	move     int   // x's move proved to win, or -1
	reported int64
	replies  map[int]int // o's replies that refuted moves of x: how many each
	hardest  int64       // the most nodes a search after a known reply needed
}

// refuteApart searches each of the moves (x's, children of one node)
// apart, workers at a time, until one is proved or all are refuted (see
// DecideSplit).
func (pv *Prover) refuteApart(moves []*pnNode, maxNodes int64, workers int) (win, settled bool, move int) {
	workers = max(1, workers)
	a := &apart{pv: pv, maxNodes: maxNodes, workers: workers, move: -1, replies: map[int]int{}}
	a.pool.Store(pv.Nodes)
	eachApart(len(moves), workers, &a.mu, func() bool { return a.move >= 0 }, func(i int) {
		m := moves[i]
		pn, dn := a.settle(m)
		if dn == 0 {
			pv.settled.put(pv.canon(m.x, m.o), nil)
		}
		a.mu.Lock()
		switch {
		case pn == 0 && a.move < 0:
			a.move = int(m.move)
			a.pool.Store(maxNodes) // stops the other searches
		case dn == 0:
			a.refuted++
		}
		a.mu.Unlock()
	})
	pv.Nodes += a.nodes
	pn, dn := uint32(1), uint32(1)
	switch {
	case a.move >= 0:
		pn, dn = 0, infinity
	case a.refuted == len(moves):
		pn, dn = infinity, 0
	}
	if pv.Report != nil {
		pv.Report(pv.Nodes, pn, dn)
	}
	return pn == 0, pn == 0 || dn == 0, a.move
}

// settle searches x's move m (a node with o to move): after o's known
// replies first, then with o's reply open. It returns m's numbers.
func (a *apart) settle(m *pnNode) (pn, dn uint32) {
	tries, budget := a.known(m)
	for _, r := range tries {
		root, nodes := a.search(m.x, m.o|1<<r, budget)
		if root.dn == 0 {
			a.learn([]int{r}, nodes)
			return infinity, 0
		}
	}
	root, _ := a.search(m.x, m.o, 0)
	if root.dn == 0 {
		// The replies that refuted m, from the settled positions.
		var found []int
		for e := a.pv.b.Full() &^ (m.x | m.o); e != 0; e &= e - 1 {
			if r := rules.LowCell(e); a.pv.Refuted(m.x, m.o|1<<r) {
				found = append(found, r)
			}
		}
		a.learn(found, 0)
	}
	return root.pn, root.dn
}

// known returns o's replies to try first after x's move m, and the most
// nodes each search may create.
func (a *apart) known(m *pnNode) ([]int, int64) {
	a.mu.Lock()
	defer a.mu.Unlock()
	empty := a.pv.b.Full() &^ (m.x | m.o)
	var tries []int
	for r := range a.replies {
		if empty>>r&1 != 0 {
			tries = append(tries, r)
		}
	}
	slices.SortFunc(tries, func(r, s int) int { return cmp.Or(cmp.Compare(a.replies[s], a.replies[r]), cmp.Compare(r, s)) })
	tries = tries[:min(len(tries), knownTries-1)]
	if r := a.pv.blockingReply(m.x, m.o); r >= 0 && !slices.Contains(tries, r) {
		tries = append(tries, r)
	}
	return tries, max(knownFloor, knownFactor*a.hardest)
}

// blockingReply returns o's reply that takes the most from x's lines:
// the empty cell whose lines free of o weigh the most, a line 2^k for k
// stones of x on it (the potential of Erdős and Selfridge), then the
// cell on most such lines, then the lowest; -1 if there is none.
func (pv *Prover) blockingReply(x, o uint64) int {
	best, bestWeight, bestLines := -1, 0, 0
	for e := pv.b.Full() &^ (x | o); e != 0; e &= e - 1 {
		c := rules.LowCell(e)
		weight, lines := 0, 0
		for _, l := range pv.b.Through[c] {
			if l&o == 0 {
				weight += 1 << rules.Count(l&x)
				lines++
			}
		}
		if weight > bestWeight || weight == bestWeight && lines > bestLines {
			best, bestWeight, bestLines = c, weight, lines
		}
	}
	return best
}

// learn records o's replies that refuted a move of x, after a search of
// nodes nodes when that was after a known reply.
func (a *apart) learn(replies []int, nodes int64) {
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, r := range replies {
		a.replies[r]++
	}
	a.hardest = max(a.hardest, nodes)
}

// search searches the position (x, o) by a prover of its own that shares
// pv's settled positions and settings, at most budget nodes (0: as many
// as maxNodes allows), and returns its root and nodes.
func (a *apart) search(x, o uint64, budget int64) (*pnNode, int64) {
	pv := a.pv
	w := NewProver(pv.b)
	w.VCFDepth, w.Live, w.CollapseAbove = pv.VCFDepth, pv.Live, pv.CollapseAbove/int64(a.workers)
	w.settled, w.Done, w.Pool, w.limit = pv.settled, pv.Done, &a.pool, budget
	if pv.Report != nil {
		w.Report = func(_ int64, pn, dn uint32) {
			a.mu.Lock()
			defer a.mu.Unlock()
			if n := a.pool.Load(); n > a.reported && a.move < 0 {
				a.reported = n
				pv.Report(n, pn, dn)
			}
		}
	}
	root := w.search(rules.Position{B: pv.b, X: x, O: o}, a.maxNodes)
	w.Flush()
	a.mu.Lock()
	a.nodes += w.Nodes
	a.mu.Unlock()
	return root, w.Nodes
}
