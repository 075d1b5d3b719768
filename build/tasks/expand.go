package tasks

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
)

// planning is the planning of one root.
type planning struct {
	pl       *Planner
	ctx      context.Context
	results  map[int]*Result
	done     map[position]int // the tasks with a result, by position
	claimant string           // the player whose win the tree sets out to prove
	next     int              // the next task id
	killers  map[killer]int   // the other player's replies that refuted a candidate, counted

	settled, newTasks int
	cost              Cost
	last              time.Time // of the last progress line
}

// killer is a reply of the player who is not the claimant: the move and
// the ply of the position it is played in.
type killer struct {
	ply  int
	move string
}

// countKillers counts the replies that refute a candidate in the tree
// below the root n, by the ply of the position they are played in: every
// move of the other player that wins for him a position he is to move in.
func (s *planning) countKillers(n *Node) {
	n.walk(0, func(m *Node, ply int) {
		if m.ToMove == s.claimant || m.fact(s.results) != won {
			return
		}
		for _, c := range m.Children {
			if c.fact(s.results) == lost {
				s.killers[killer{ply, c.Move}]++
			}
		}
	})
}

// killerReply returns the move among moves, at a position of the other
// player ply plies below the root, that has refuted the most candidates
// at that ply so far ("" when none has): the first in moves of those
// with the most.
func (s *planning) killerReply(moves []string, ply int) string {
	best, most := "", 0
	for _, m := range moves {
		if k := s.killers[killer{ply, m}]; k > most {
			best, most = m, k
		}
	}
	return best
}

// build makes the node of board with toMove to move, reached by move, ply
// plies below the root: a task done already when one of the results is
// for its position (a task of a part of the tree dropped before), settled
// when the rules or a probe decide it, a task at the depth or when whole
// (a killer task), split otherwise.
func (s *planning) build(board, move, toMove string, ply int, whole bool) (*Node, error) {
	n := &Node{Move: move, ToMove: toMove, Board: board}
	if s.doneBefore(n) {
		s.logf(ply, "%s: task %d, done before", s.where(n, ply), n.Task)
		return n, nil
	}
	moves, err := s.pl.Game.Moves(board, toMove == "L")
	if err != nil {
		return nil, err
	}
	if len(moves) == 0 {
		n.Result = Loss // the player to move has no move: he loses
		s.settled++
		return n, nil
	}
	if s.pl.Probe > 0 {
		f, nodes, err := s.probe(board, toMove)
		if err != nil {
			return nil, err
		}
		if f != unknown {
			n.Result, n.Nodes = f.String(), nodes
			s.settled++
			s.logf(ply, "%s: settled by the probe: %s to move %s (%d nodes)", s.where(n, ply), toMove, says(f.String()), nodes)
			return n, nil
		}
	}
	if whole {
		s.newTask(n)
		n.Killer = true
		s.logf(ply, "%s: task %d, the killer reply: one task over all of %s's moves, run first", s.where(n, ply), n.Task, toMove)
		return n, nil
	}
	if ply >= s.pl.Depth {
		s.newTask(n)
		s.logf(ply, "%s: task %d", s.where(n, ply), n.Task)
		return n, nil
	}
	s.logf(ply, "%s: %s to move, split", s.where(n, ply), toMove)
	return n, s.extend(n, ply)
}

// doneBefore makes n the task done before at its position, if there is
// one.
func (s *planning) doneBefore(n *Node) bool {
	n.Task = s.done[position{n.Board, n.ToMove}]
	return n.Task != 0
}

// newTask makes n a task: the one done before at its position, or a new
// one.
func (s *planning) newTask(n *Node) {
	if s.doneBefore(n) {
		return
	}
	n.Task = s.next
	s.next++
	s.newTasks++
}

// where names n for the log.
func (s *planning) where(n *Node, ply int) string {
	if ply == 0 {
		return "the root"
	}
	return other(n.ToMove) + " " + n.Move
}

// probe searches board for at most the probe time.
func (s *planning) probe(board, toMove string) (fact, int64, error) {
	ctx, cancel := context.WithTimeout(s.ctx, s.pl.Probe)
	defer cancel()
	before := s.pl.Game.Nodes()
	wins, solved, err := s.pl.Game.Solve(ctx, board, toMove == "L")
	nodes := s.pl.Game.Nodes() - before
	s.cost.Probes++
	s.cost.Nodes += nodes
	switch {
	case err != nil:
		return unknown, 0, err
	case s.ctx.Err() != nil:
		return unknown, 0, fmt.Errorf("planning stopped: %w", s.ctx.Err())
	case !solved:
		return unknown, nodes, nil
	case wins:
		return won, nodes, nil
	}
	return lost, nodes, nil
}

// extend adds children to the split node n until it is decided or, at
// the claimant's turn, has a candidate not refuted: at the claimant's
// turn the moves in the order his search tries them (then any it leaves
// out), one at a time; at the other's, every move, the killer reply
// first (the one that has refuted the most candidates at this ply), its
// position one task over all the claimant's moves, since a reply that
// refuted his other candidates is likely to refute this one too, and one
// search settles that where a split would take a planning for each of
// his moves there. Moves already among the children are skipped.
func (s *planning) extend(n *Node, ply int) error {
	g := s.pl.Game
	left := n.ToMove == "L"
	moves, err := g.Moves(n.Board, left)
	if err != nil {
		return err
	}
	order, kill := moves, ""
	claimant := n.ToMove == s.claimant
	if !claimant && !s.pl.NoKillers {
		if kill = s.killerReply(moves, ply); kill != "" {
			order = append([]string{kill}, slices.DeleteFunc(slices.Clone(moves), func(m string) bool { return m == kill })...)
		}
	}
	if claimant {
		cands, err := g.Candidates(n.Board, left)
		if err != nil {
			return err
		}
		if order, err = candidatesFirst(cands, moves); err != nil {
			return fmt.Errorf("%s: %v", n.Board, err)
		}
	}
	have := map[string]bool{}
	for _, c := range n.Children {
		have[c.Move] = true
	}
	for _, m := range order {
		if have[m] {
			continue
		}
		if n.fact(s.results) != unknown || claimant && hasUnknown(n, s.results) {
			break
		}
		board, err := g.Play(n.Board, left, m)
		if err != nil {
			return err
		}
		c, err := s.build(board, m, other(n.ToMove), ply+1, m == kill)
		if err != nil {
			return err
		}
		n.Children = append(n.Children, c)
		have[m] = true
		switch f := c.fact(s.results); {
		case claimant && f == won:
			s.logf(ply+1, "%s %s: refuted, next candidate", n.ToMove, m)
		case !claimant && f == lost:
			s.killers[killer{ply, m}]++
		}
	}
	n.All = every(moves, have)
	if n.fact(s.results) != unknown {
		s.prune(n)
	}
	return nil
}

// candidatesFirst returns the candidates followed by the moves they leave
// out, in the rules' order.
func candidatesFirst(cands, moves []string) ([]string, error) {
	legal := map[string]bool{}
	for _, m := range moves {
		legal[m] = true
	}
	var order []string
	for _, m := range cands {
		if !legal[m] {
			return nil, fmt.Errorf("candidate %q is not a move, or is repeated", m)
		}
		legal[m] = false
		order = append(order, m)
	}
	for _, m := range moves {
		if legal[m] {
			order = append(order, m)
		}
	}
	return order, nil
}

// hasUnknown reports whether some child of n is not decided yet.
func hasUnknown(n *Node, results map[int]*Result) bool {
	for _, c := range n.Children {
		if c.fact(results) == unknown {
			return true
		}
	}
	return false
}

// repair plans again the tree n, planned before: it splits a pending
// task above the depth (planned with a smaller one), extends a split node
// not decided whose children are all decided (every move tried is
// refuted; below the root, where Tries are, it makes the node one task
// instead), and below a decided node it drops the children not decided
// (their pending tasks no longer matter).
func (s *planning) repair(n *Node, ply int) error {
	if n.Task != 0 && n.Tried == 0 && !n.Killer && s.results[n.Task] == nil && ply < s.pl.Depth {
		s.logf(ply, "%s: task %d split, %d plies above the depth", s.where(n, ply), n.Task, s.pl.Depth-ply)
		n.Task = 0 // its probe did not settle it: split it without another
		return s.extend(n, ply)
	}
	if len(n.Children) == 0 {
		return nil
	}
	if n.fact(s.results) == unknown {
		for _, c := range n.Children {
			if err := s.repair(c, ply+1); err != nil {
				return err
			}
		}
		if n.fact(s.results) == unknown {
			if hasUnknown(n, s.results) {
				return nil
			}
			if s.pl.Tries > 0 && len(n.Children) >= s.pl.Tries && ply > 0 {
				n.Tried, n.Children, n.All = len(n.Children), nil, false
				s.newTask(n)
				s.logf(ply, "%s: %d moves tried, each refuted: task %d", s.where(n, ply), n.Tried, n.Task)
				return nil
			}
			s.logf(ply, "%s: every move tried so far is refuted: trying the next", s.where(n, ply))
			return s.extend(n, ply)
		}
	}
	s.prune(n)
	for _, c := range n.Children {
		if err := s.repair(c, ply+1); err != nil {
			return err
		}
	}
	return nil
}

// prune drops the children of a decided node that are not decided.
func (s *planning) prune(n *Node) {
	kept := n.Children[:0]
	for _, c := range n.Children {
		if c.fact(s.results) != unknown {
			kept = append(kept, c)
		}
	}
	if len(kept) < len(n.Children) {
		clear(n.Children[len(kept):])
		n.Children, n.All = kept, false
	}
}

// logf writes a line about a node ply plies deep: every line for the top
// two plies, and for deeper ones a count at most every 10 seconds.
func (s *planning) logf(ply int, format string, args ...any) {
	if s.pl.Log == nil {
		return
	}
	if ply <= 1 {
		fmt.Fprintf(s.pl.Log, "tb solve plan: %s"+format+"\n", append([]any{strings.Repeat("  ", ply)}, args...)...)
		return
	}
	if time.Since(s.last) >= 10*time.Second {
		s.last = time.Now()
		fmt.Fprintf(s.pl.Log, "tb solve plan: ... %d positions probed, %d settled, %d new tasks so far\n", s.cost.Probes, s.settled, s.newTasks)
	}
}
