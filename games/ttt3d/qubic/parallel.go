package qubic

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/tablebase/tablebase/games/ttt3d/rules"
	"github.com/tablebase/tablebase/internal/notation"
)

// Split is what ProveParallel reports as it goes: the nodes created by
// all its searches, the parts (o's replies, each proved apart) done out of
// all, and x's first move, whose replies they are (-1 where o is to move).
type Split struct {
	Nodes       int64
	Done, Parts int
	Move        int
}

// Line writes the split as the builds show it, on a board of side n.
func (s Split) Line(n int) string {
	opens := ""
	if s.Move >= 0 {
		opens = "x plays " + notation.Cell3(s.Move/(n*n), s.Move/n%n, s.Move%n) + ", "
	}
	return fmt.Sprintf("%d proof-tree nodes, %s%d of %d replies proved", s.Nodes, opens, s.Done, s.Parts)
}

// Proof is what ProveParallel found: whether x wins, whether the search
// settled the question, the strategy of a win with the most plies it
// takes, and the nodes created by all the searches.
type Proof struct {
	Win, Settled bool
	Strategy     Strategy
	Plies        int
	Nodes        int64
}

// ParallelOptions are ProveParallel's settings.
type ParallelOptions struct {
	Workers int // provers at a time; at least one
	// Progress, if set, is called from the workers as they go.
	Progress func(Split)
	// Parts, if set, holds the parts proved so far, by this run or an
	// earlier one that was stopped: a part it has is not proved again.
	Parts PartStore
	// Done, when closed, stops every search, not settled.
	Done <-chan struct{}
}

// PartStore keeps the strategies of proved parts (positions with x to
// move) across runs.
type PartStore interface {
	// Load returns the strategy stored for the part, if any.
	Load(part rules.Position) (Strategy, bool, error)
	// Save stores the strategy of a part just proved. Workers call it
	// at the same time.
	Save(part rules.Position, s Strategy) error
}

// ProveParallel is Prove on several cores. A first search of a fiftieth
// of the budget (at most presearch nodes) picks x's move where x is to
// move; o's replies to it that the first search left open, up to
// symmetry, are then proved apart, workers at a time, hardest first (by
// the first search's proof numbers). maxNodes bounds the nodes of all the
// searches together. A win comes with a strategy trimmed to the positions
// it reaches, with their plies. Should o refute the chosen move, the
// search is not settled (x may win another way). The error reports a
// failure of the part store, or a strategy that fails its check against
// every defence (a bug).
func ProveParallel(p rules.Position, maxNodes int64, opts ParallelOptions) (Proof, error) {
	b := p.B
	var pool atomic.Int64
	pre := NewProver(b)
	pre.Pool, pre.Done = &pool, opts.Done
	node := pre.newNode(p.X, p.O, -1)
	root := &node
	pre.run(root, max(1, min(maxNodes/50, presearch)))
	pre.Flush()
	if root.pn == 0 {
		s := Strategy{}
		pre.extract(root, s, map[*pnNode]int{})
		return trimmed(p, s, pre.Nodes)
	}
	if root.dn == 0 {
		return Proof{Settled: true, Nodes: pre.Nodes}, nil
	}
	// choice is x's move (the root itself where o is to move), and split
	// the node with o to move whose replies become the parts: choice, or
	// the transposition it links to.
	choice := root
	if p.XToMove() {
		kids := pre.grown(root).kids()
		choice = &kids[0]
		for i := range kids {
			if kids[i].pn < choice.pn {
				choice = &kids[i]
			}
		}
	}
	split := pre.grown(choice)
	if split.dn == 0 {
		return Proof{Nodes: pre.Nodes}, nil // o refutes the chosen move
	}
	s := Strategy{}
	done := map[*pnNode]int{}
	var parts []*pnNode
	for i := range split.kids() {
		c := &split.more.children[i]
		switch {
		case c.pn == 0:
			pre.extract(c, s, done)
		case c.dn == 0:
			return Proof{Nodes: pre.Nodes}, nil
		default:
			parts = append(parts, c)
		}
	}
	slices.SortStableFunc(parts, func(a, c *pnNode) int { return cmp.Compare(c.pn, a.pn) })
	first := -1
	if choice != root {
		first = int(choice.move)
	}
	ok, nodes, err := proveParts(b, pre.settled, parts, first, maxNodes, &pool, s, opts)
	nodes += pre.Nodes
	if !ok || err != nil {
		return Proof{Nodes: nodes}, err
	}
	// Replies without a part were cut (x threatens a chain that they do
	// not stop) or are images of one; the chain search covers the first.
	empty := b.Full() &^ (split.x | split.o)
	for e := empty; e != 0; e &= e - 1 {
		pre.strategyAt(split.x, split.o|1<<bits.TrailingZeros64(e), s)
	}
	if choice != root {
		s.put(b, p.X, p.O, int(choice.move), 0)
	}
	return trimmed(p, s, nodes)
}

// trimmed is the proof of a win by the strategy s, trimmed and checked.
func trimmed(p rules.Position, s Strategy, nodes int64) (Proof, error) {
	s, plies, err := s.Trim(p)
	if err != nil {
		return Proof{Nodes: nodes}, err
	}
	return Proof{Win: true, Settled: true, Strategy: s, Plies: plies, Nodes: nodes}, nil
}

const (
	// presearch is the most nodes ProveParallel's first search creates.
	presearch = 2_000_000
	// PartCollapse is the part provers' CollapseAbove, which bounds
	// their trees in a long search.
	PartCollapse = 20_000_000
	// liveCollapse is the CollapseAbove of a search that proves draws
	// too (Prover.Live); a long one then holds up to about 8 GB. A draw
	// needs every move of x refuted, and collapsing drops the
	// refutations under way of all but two, so such a search collapses
	// as late as memory allows.
	liveCollapse = 64_000_000
)

// proveParts proves each part (a position with x to move) with its own
// prover, opts.Workers at a time, all sharing the settled positions
// known, and merges their strategies into s. It reports whether every
// part was proved (on the first failure the others stop) and the nodes
// the provers created.
func proveParts(b *rules.Board, known *settled, parts []*pnNode, first int, maxNodes int64, pool *atomic.Int64, s Strategy, opts ParallelOptions) (bool, int64, error) {
	var (
		mu       sync.Mutex
		finished int
		failed   bool
		firstErr error
		nodes    int64
	)
	report := func() {
		if opts.Progress != nil && !failed { // a failure fills the pool to stop the others
			opts.Progress(Split{Nodes: pool.Load(), Done: finished, Parts: len(parts), Move: first})
		}
	}
	// merge adds a part's strategy to s; mu must be held.
	merge := func(ps Strategy) {
		for k, m := range ps {
			if _, ok := s[k]; !ok {
				s[k] = m
			}
		}
		finished++
		report()
	}
	// fail stops every worker; mu must be held.
	fail := func(err error) {
		failed = true
		firstErr = cmp.Or(firstErr, err)
		pool.Store(maxNodes)
	}
	eachApart(len(parts), opts.Workers, &mu, func() bool { return failed }, func(i int) {
		part := rules.Position{B: b, X: parts[i].x, O: parts[i].o}
		if opts.Parts != nil {
			ps, ok, err := opts.Parts.Load(part)
			if ok || err != nil {
				mu.Lock()
				if err != nil {
					fail(err)
				} else {
					merge(ps)
				}
				mu.Unlock()
				return
			}
		}
		pv := NewProver(b)
		pv.Pool, pv.settled, pv.CollapseAbove = pool, known, PartCollapse
		pv.Done = opts.Done
		pv.Report = func(int64, uint32, uint32) {
			mu.Lock()
			defer mu.Unlock()
			report()
		}
		win, _, ps := pv.Prove(part, maxNodes)
		pv.Flush()
		var err error
		if win && opts.Parts != nil {
			err = opts.Parts.Save(part, ps)
		}
		mu.Lock()
		nodes += pv.Nodes
		if win && err == nil {
			merge(ps)
		} else {
			fail(err)
		}
		mu.Unlock()
	})
	return !failed, nodes, firstErr
}
