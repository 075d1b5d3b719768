// Package qubic proves wins of x in 4x4x4 tic-tac-toe (Qubic), also with
// blocked cells: a proof-number search with threat chains (Prover), its
// strategies checked against every defence (Strategy), the proof of o's
// replies apart on all cores (ProveParallel), and the strategy build
// (BuildQubic). docs/games/ttt3d.md describes it.
package qubic

import (
	"math/bits"
	"sync/atomic"

	"github.com/tablebase/tablebase/games/ttt3d/rules"
)

// Prover looks for a win of x (the first player) by proof-number search,
// with forced moves applied at every node and a threat-space search (a
// chain of threats, each forcing o's reply, ending in two threats at once)
// tried at every new node where x is to move. The tree is a graph: a
// position met again in any order of moves and any frame of symmetry
// links to the node that holds it, and shares its subtree. It proves wins
// only: a node is disproved when x cannot win (o wins or can draw). It
// plays on x's and o's stones alone: a position with blocked cells is
// proved on its restricted board (see rules.Board.Restrict).
type Prover struct {
	b *rules.Board
	// VCFDepth bounds the threat chains tried at each node (x's moves).
	VCFDepth int
	// Nodes counts the proof tree's nodes created so far.
	Nodes int64
	// Report, if set, is called every 2^12 iterations (from the first)
	// and at the end with the root's proof and disproof numbers.
	Report func(nodes int64, pn, dn uint32)
	// settled holds the positions proved and refuted so far, shared by
	// the provers of one ProveParallel.
	settled *settled
	// failed remembers positions (not canonical: the chains are short
	// and the key cheap) where no threat chain of the given depth wins, so
	// that chains reaching them in another order stop at once.
	failed chainMemo
	// open holds the expanded, unsettled nodes by canonical key, so that
	// a transposition met at expansion shares the subtree (see expand);
	// links counts those met.
	open  map[[2]uint64]*pnNode
	links int64
	// CollapseAbove, when positive, bounds the search's memory: once its
	// tree holds that many nodes, a walk of the tree frees the subtrees
	// the search has moved away from (see collapse). A freed subtree is
	// work lost, so the walk waits for the tree to grow past the bound
	// (and past its size after the last walk by a quarter of the bound).
	CollapseAbove int64
	// live counts the nodes the tree holds: children made and not freed
	// (a proved subtree under a freed node still counts, as the settled
	// table may hold it).
	live int64
	// Live, when set, makes the search decide faster and its strategies
	// partial: moves on dead cells (see LiveCells) are not tried, and a
	// position where o has a pairing strategy (see Pairing) is refuted at
	// once. A strategy then does not cover o's moves on dead cells. A new
	// node with x to move then starts with x's live moves as its disproof
	// number (mobility), which makes draws far quicker to prove, and
	// threat chains are looked for only where a node is expanded.
	Live bool
	// Done, when set, stops the search once it is closed, as the node limit
	// does.
	Done <-chan struct{}
	// Pool, when set, counts the nodes of every prover sharing it, and a
	// search stops when the count reaches its limit; flushed is how much
	// of Nodes has been added to it.
	Pool    *atomic.Int64
	flushed int64
	// limit, when positive, bounds Nodes too.
	limit int64
}

// Refuted reports whether the search has refuted x's win from the
// position (in any frame).
func (pv *Prover) Refuted(x, o uint64) bool {
	_, refuted := pv.settled.get(pv.canon(x, o))
	return refuted
}

// pnNode is a node of the proof tree: x and o's stones, its proof and
// disproof numbers, and, once expanded or linked, more. Most nodes are
// leaves, so they are kept small (40 bytes), and a node's children are
// one array.
type pnNode struct {
	x, o   uint64
	pn, dn uint32
	move   int8 // the move that led here
	more   *pnMore
}

// pnMore is what only an expanded or linked node has.
type pnMore struct {
	children []pnNode
	link     *pnNode // the node of a transposition, whose subtree is this node's
}

// kids returns the node's children; nil if it is a leaf.
func (n *pnNode) kids() []pnNode {
	if n.more == nil {
		return nil
	}
	return n.more.children
}

// linked returns the node whose subtree is this node's; nil if none.
func (n *pnNode) linked() *pnNode {
	if n.more == nil {
		return nil
	}
	return n.more.link
}

// infinity is the proof number of a refuted node and the disproof
// number of a proved one, and only theirs: sums of numbers stop just
// below it (addNumbers). Were a large sum infinity too, a node could
// look settled without being so, and the search, choosing it as the
// most proving child, would come back to it for ever.
const infinity = 1 << 30

// addNumbers adds two proof (or disproof) numbers: infinity if either is,
// else the sum, at most infinity-1.
func addNumbers(a, b uint32) uint32 {
	if a == infinity || b == infinity {
		return infinity
	}
	return min(a+b, infinity-1)
}

// NewProver returns a prover for the board.
func NewProver(b *rules.Board) *Prover {
	return &Prover{b: b, VCFDepth: 10, settled: newSettled()}
}

// NewLiveProver returns the prover that ttt3d.Decide and the tasks search with:
// Live, its tree collapsed late (liveCollapse).
func NewLiveProver(b *rules.Board) *Prover {
	pv := NewProver(b)
	pv.Live, pv.CollapseAbove = true, liveCollapse
	return pv
}

// Prove searches for a win of x from p until it is proved or disproved
// or maxNodes tree nodes exist. It reports whether x wins and whether the
// search settled the question; a settled win comes with its strategy.
func (pv *Prover) Prove(p rules.Position, maxNodes int64) (win, settled bool, s Strategy) {
	root := pv.search(p, maxNodes)
	if root.pn == 0 {
		s = Strategy{}
		pv.extract(root, s, map[*pnNode]int{})
		return true, true, s
	}
	return false, root.dn == 0, nil
}

// Decide is Prove without the strategy: with x to move and a win, it
// returns x's winning move (-1 where the rules settle p: x completes a
// line at once, or o cannot stop two threats).
func (pv *Prover) Decide(p rules.Position, maxNodes int64) (win, settled bool, move int) {
	win, settled, move, _ = pv.decide(p, maxNodes)
	return win, settled, move
}

// decide is Decide, returning the root of its search too.
func (pv *Prover) decide(p rules.Position, maxNodes int64) (win, settled bool, move int, root *pnNode) {
	root = pv.search(p, maxNodes)
	win, settled, move = root.pn == 0, root.pn == 0 || root.dn == 0, -1
	if !win || !p.XToMove() {
		return win, settled, move, root
	}
	if t := p.B.Threats(p.X, p.EmptyCells()); t != 0 {
		return true, true, rules.LowCell(t), root
	}
	n := root
	if n.linked() != nil {
		n = n.linked()
	}
	for _, c := range n.kids() {
		if c.pn == 0 {
			return true, true, int(c.move), root
		}
	}
	// Won by a threat chain found when the node was made or expanded.
	move, _, _ = pv.vcfStrategy(p.X, p.O, Strategy{})
	return true, true, move, root
}

// search grows the proof tree of p and returns its root. The nodes of an
// earlier search are not linked to (its settled positions still count),
// nor counted in the tree's size.
func (pv *Prover) search(p rules.Position, maxNodes int64) *pnNode {
	pv.open, pv.live = nil, 0
	node := pv.newNode(p.X, p.O, -1)
	root := &node
	pv.run(root, maxNodes)
	if pv.Report != nil {
		pv.Report(pv.Nodes, root.pn, root.dn)
	}
	return root
}

// run grows the proof tree below root until root is settled or maxNodes
// nodes exist.
func (pv *Prover) run(root *pnNode, maxNodes int64) {
	var path []*pnNode
	next := pv.CollapseAbove
	for it := 0; root.pn != 0 && root.dn != 0 && pv.within(maxNodes); it++ {
		if it&(1<<12-1) == 0 {
			if pv.Report != nil {
				pv.Report(pv.Nodes, root.pn, root.dn)
			}
			if pv.stopped() {
				break
			}
		}
		// Descend to a most-proving node, through links. A node reached
		// through a link may have changed since its other parents were
		// updated: should the descent end at a settled node, the updates
		// alone bring them up to date.
		path = append(path[:0], root)
		n := root
		for n.pn != 0 && n.dn != 0 {
			if t := n.linked(); t != nil {
				n = t
				path = append(path, n)
				continue
			}
			kids := n.kids()
			if kids == nil {
				pv.expand(n)
				break
			}
			xToMove := rules.Count(n.x) == rules.Count(n.o)
			best := &kids[0]
			for i := range kids {
				if c := &kids[i]; xToMove && c.pn < best.pn || !xToMove && c.dn < best.dn {
					best = c
				}
			}
			n = best
			path = append(path, n)
		}
		for i := len(path) - 1; i >= 0; i-- {
			pv.update(path[i])
		}
		if pv.CollapseAbove > 0 && pv.live >= next {
			pv.collapse(root)
			next = max(pv.CollapseAbove, pv.live+pv.CollapseAbove/4)
		}
	}
}

// drop frees the subtree below n, an unsettled node, and takes n and
// its nodes out of the open table.
func (pv *Prover) drop(n *pnNode) {
	if n.kids() == nil {
		return
	}
	pv.unlist(n, pv.canon(n.x, n.o))
	pv.free(n)
}

// unlist takes n, whose canonical key is k, out of the open table.
func (pv *Prover) unlist(n *pnNode, k [2]uint64) {
	if pv.open[k] == n {
		delete(pv.open, k)
	}
}

// free frees the subtree below n, taking its unsettled nodes out of the
// open table (see drop). Settled nodes below are left to the settled
// table, which may hold them.
func (pv *Prover) free(n *pnNode) {
	kids := n.kids()
	pv.live -= int64(len(kids))
	for i := range kids {
		if c := &kids[i]; c.pn != 0 && c.dn != 0 {
			pv.drop(c)
		}
	}
	n.more = nil
}

// collapse frees the subtrees the search has moved away from: below an
// unsettled node with x to move, those of every child but the two most
// proving. A freed child keeps its numbers and becomes a leaf again: if
// the search comes back to it, it is expanded afresh (its settled
// descendants are found again in the settled table). Settled nodes are
// left alone: a proof needs its tree.
func (pv *Prover) collapse(n *pnNode) {
	kids := n.kids()
	if kids == nil || n.pn == 0 || n.dn == 0 {
		return
	}
	if rules.Count(n.x) == rules.Count(n.o) && len(kids) > 2 {
		first, second := -1, -1
		for i := range kids {
			switch {
			case first < 0 || kids[i].pn < kids[first].pn:
				first, second = i, first
			case second < 0 || kids[i].pn < kids[second].pn:
				second = i
			}
		}
		for i := range kids {
			if i != first && i != second {
				pv.drop(&kids[i])
			}
		}
	}
	for i := range kids {
		pv.collapse(&kids[i])
	}
}

// newNode creates a node and settles it at once where the rules or a
// threat chain can.
func (pv *Prover) newNode(x, o uint64, move int) pnNode {
	pv.Nodes++
	n := pnNode{x: x, o: o, pn: 1, dn: 1, move: int8(move)}
	b := pv.b
	empty := b.Full() &^ (x | o)
	xToMove := rules.Count(x) == rules.Count(o)
	xt, ot := b.Threats(x, empty), b.Threats(o, empty)
	switch {
	case xToMove && xt != 0, !xToMove && ot == 0 && xt&(xt-1) != 0:
		n.pn, n.dn = 0, infinity
	case !xToMove && ot != 0, xToMove && ot&(ot-1) != 0, empty == 0:
		n.pn, n.dn = infinity, 0
	case pv.Live && b.Pairable(o, empty):
		n.pn, n.dn = infinity, 0 // o pairs every line x could complete
	case xToMove && !pv.Live && pv.wins(x, o):
		n.pn, n.dn = 0, infinity
	case !xToMove:
		// o to move: easy for x if x threatens a chain (o's replies
		// are few), else every reply needs its own proof. Where Live,
		// the chain is looked for only when the node is expanded: most
		// of x's moves are refuted there, and the search that proves
		// draws spends most of its time in chains not found.
		n.pn = uint32(rules.Count(empty))
		if !pv.Live && pv.wins(x, o) {
			n.pn = 1
		}
	case pv.Live:
		// x to move: refuting x here means refuting each of his moves,
		// so the disproof number counts them. o's replies that leave x
		// the fewest moves are then tried first.
		n.dn = uint32(max(rules.Count(b.LiveCells(x, o, empty)), 1))
	}
	return n
}

func (pv *Prover) canon(x, o uint64) [2]uint64 {
	a, b, _ := pv.b.Canonical(x, o)
	return [2]uint64{a, b}
}

// expand creates a node's children: the only move when one is forced,
// else every empty cell (one per symmetry class near the root). A node
// whose position was settled since it was made takes the verdict instead,
// and one whose position another node holds expanded links to it: the
// search then goes on below that node, whose numbers this one copies.
func (pv *Prover) expand(n *pnNode) {
	k := pv.canon(n.x, n.o)
	if p, refuted := pv.settled.get(k); refuted {
		n.pn, n.dn = infinity, 0
		return
	} else if p != nil {
		n.pn, n.dn, n.more = 0, infinity, &pnMore{link: p}
		return
	}
	if t := pv.open[k]; t != nil && t != n {
		n.pn, n.dn, n.more = t.pn, t.dn, &pnMore{link: t}
		pv.links++
		return
	}
	if pv.Live && rules.Count(n.x) == rules.Count(n.o) && pv.wins(n.x, n.o) {
		n.pn, n.dn = 0, infinity // a threat chain, looked for only now (see newNode)
		return
	}
	if pv.open == nil || len(pv.open) >= settledLimit {
		// Starting the table again empty only loses transpositions (the
		// links made stay), as with settled.
		pv.open = map[[2]uint64]*pnNode{}
	}
	pv.open[k] = n
	b := pv.b
	empty := b.Full() &^ (n.x | n.o)
	xToMove := rules.Count(n.x) == rules.Count(n.o)
	opp := n.o
	if !xToMove {
		opp = n.x
	}
	moves := empty
	if pv.Live {
		moves = b.LiveCells(n.x, n.o, empty)
	}
	if t := b.Threats(opp, empty); t != 0 {
		moves = t // a forced block (two threats were settled already)
	} else if !xToMove {
		if ok, zone := pv.vcf(n.x, n.o, pv.VCFDepth); ok {
			// x threatens a chain: o's other replies lose to it, and
			// the strategy finds them again by the same search. (x's
			// moves are never cut: that would make refutations unsound.)
			moves &= pv.defences(n.x, n.o, zone)
		}
	}
	// Near the root, children that are images of each other are kept once.
	var seen map[[2]uint64]bool
	if rules.Count(n.x|n.o) < 8 {
		seen = map[[2]uint64]bool{}
	}
	children := make([]pnNode, 0, rules.Count(moves))
	sets := byOpen{moves} // o's replies in the cells' order
	if xToMove {
		sets = pv.byOpenLines(n.o, moves)
	}
	for _, set := range sets {
		for m := set; m != 0; m &= m - 1 {
			c := bits.TrailingZeros64(m)
			x, o := n.x, n.o
			if xToMove {
				x |= 1 << c
			} else {
				o |= 1 << c
			}
			if seen != nil {
				k := pv.canon(x, o)
				if seen[k] {
					continue
				}
				seen[k] = true
			}
			children = append(children, pv.newNode(x, o, c))
		}
	}
	n.more = &pnMore{children: children}
	pv.live += int64(len(children))
}

// byOpen holds moves split by a count, one set for each count from the
// most (13, the lines through the centre of 3x3x3) down to none.
type byOpen [14]uint64

// byOpenLines splits x's moves by the lines through their cells that hold
// no stone of o, most first. Where x's children have equal proof numbers
// the search descends into the first: it then tries first the move that
// keeps the most lines open. (docs/benchmarks.md measures it against the
// cells' order, weighing lines by x's stones, and ordering o's replies.)
func (pv *Prover) byOpenLines(o, moves uint64) byOpen {
	var sets byOpen
	for m := moves; m != 0; m &= m - 1 {
		c := bits.TrailingZeros64(m)
		k := 0
		for _, l := range pv.b.Through[c] {
			if l&o == 0 {
				k++
			}
		}
		sets[len(sets)-1-k] |= 1 << c
	}
	return sets
}

// grown returns the node that holds n's children, expanding n first if it
// is an open leaf: n, or the node it links to. Where n was found settled
// instead, it has no children (refuted) or links to its proof.
func (pv *Prover) grown(n *pnNode) *pnNode {
	if n.more == nil && n.pn != 0 && n.dn != 0 {
		pv.expand(n)
	}
	if t := n.linked(); t != nil {
		return t
	}
	return n
}

// within reports whether the search may go on: fewer than maxNodes nodes
// in this prover, or in its pool, and fewer than its limit.
func (pv *Prover) within(maxNodes int64) bool {
	if pv.limit > 0 && pv.Nodes >= pv.limit {
		return false
	}
	if pv.Pool == nil {
		return pv.Nodes < maxNodes
	}
	if pv.Nodes-pv.flushed >= 1<<12 {
		pv.Flush()
	}
	return pv.Pool.Load()+pv.Nodes-pv.flushed < maxNodes
}

// stopped reports whether Done is closed.
func (pv *Prover) stopped() bool {
	select {
	case <-pv.Done:
		return true
	default:
		return false
	}
}

// Flush adds the nodes not yet counted to the pool.
func (pv *Prover) Flush() {
	if pv.Pool != nil {
		pv.Pool.Add(pv.Nodes - pv.flushed)
		pv.flushed = pv.Nodes
	}
}

// update recomputes a node's numbers from its children (or the node it
// links to) and records a settled node. A settled node keeps only what a
// strategy needs: a refuted one no children, a proved one with x to move
// the subtree of its proving child (and of other proved ones, which
// transpositions may link to).
func (pv *Prover) update(n *pnNode) {
	if t := n.linked(); t != nil {
		n.pn, n.dn = t.pn, t.dn
		return
	}
	kids := n.kids()
	if kids == nil {
		return
	}
	xToMove := rules.Count(n.x) == rules.Count(n.o)
	var sum, least uint32 = 0, infinity
	for _, c := range kids {
		if xToMove {
			least = min(least, c.pn)
			sum = addNumbers(sum, c.dn)
		} else {
			least = min(least, c.dn)
			sum = addNumbers(sum, c.pn)
		}
	}
	if xToMove {
		n.pn, n.dn = least, sum
	} else {
		n.pn, n.dn = sum, least
	}
	if n.pn != 0 && n.dn != 0 {
		return
	}
	k := pv.canon(n.x, n.o)
	pv.unlist(n, k)
	switch {
	case n.dn == 0:
		pv.settled.put(k, nil)
		pv.free(n)
	case n.pn == 0:
		if xToMove {
			first := -1
			for i := range kids {
				switch {
				case kids[i].pn != 0:
					pv.drop(&kids[i])
				case first < 0:
					first = i
				}
			}
			n.more.children = kids[first : first+1]
			pv.live -= int64(len(kids) - 1)
		}
		pv.settled.put(k, n) // after its last change
	}
}
