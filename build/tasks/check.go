package tasks

import (
	"cmp"
	"fmt"
	"strings"
	"time"
)

// Check checks a plan read from a file against its game: every field in
// range, every position the one its moves lead to, every task id once,
// and every "all" node holding exactly the moves the rules give. A plan
// that passes can be combined soundly with any results for its tasks.
func (p *Plan) Check(g Game) error {
	if err := p.check(g); err != nil {
		return fmt.Errorf("%s is damaged: %v", cmp.Or(p.file, PlanFile), err)
	}
	return nil
}

func (p *Plan) check(g Game) error {
	if _, _, err := ParseClaim(p.Claim); err != nil {
		return err
	}
	if d, err := time.ParseDuration(p.Probe); err != nil || d < 0 {
		return fmt.Errorf("probe %q is not a duration", p.Probe)
	}
	if p.Depth < 0 || p.Tries < 0 || p.NextTask < 1 || p.Engine.Workers < 0 || p.Engine.KnownCells < 0 {
		return fmt.Errorf("depth %d, tries %d, next task %d, workers %d, known cells %d out of range",
			p.Depth, p.Tries, p.NextTask, p.Engine.Workers, p.Engine.KnownCells)
	}
	board, err := g.Board(p.Board)
	if err != nil {
		return fmt.Errorf("board: %v", err)
	}
	if board != p.Board {
		return fmt.Errorf("board %q is not written as the game writes it (%q)", p.Board, board)
	}
	for _, r := range p.Roots {
		if r == nil || r.Tree == nil {
			return fmt.Errorf("a root without a tree")
		}
	}
	switch r := p.Roots; {
	case len(r) == 2 && r[0].First == "L" && r[1].First == "R" && !r[0].Both && !r[1].Both:
	case len(r) == 1 && r[0].First == "L" && r[0].Both && g.SelfDual(board):
	case len(r) == 1 && (r[0].First == "L" || r[0].First == "R") && !r[0].Both:
	default:
		return fmt.Errorf("want a root for Left moving first and one for Right, or one of them, or on a self-dual board one for Left serving both")
	}
	seen := map[int]position{}
	for _, r := range p.Roots {
		if r.Claim != Win && r.Claim != "lose" {
			return fmt.Errorf("root %s: claim %q, want win or lose", r.First, r.Claim)
		}
		if err := p.checkNode(g, r.Tree, "", r.First, board, seen); err != nil {
			return fmt.Errorf("root %s: %v", r.First, err)
		}
	}
	return nil
}

// checkNode checks n, reached by line (its moves from the root), with
// toMove to move on board.
func (p *Plan) checkNode(g Game, n *Node, line, toMove, board string, seen map[int]position) error {
	where := line
	if where == "" {
		where = "the root"
	}
	if n.ToMove != toMove || n.Board != board || (line == "") != (n.Move == "") {
		return fmt.Errorf("at %s: %s to move on %q, want %s to move on %q", where, n.ToMove, n.Board, toMove, board)
	}
	kinds := 0
	if n.Result != "" {
		kinds++
		if factOf(n.Result) == unknown || n.Nodes < 0 {
			return fmt.Errorf("at %s: result %q, %d nodes", where, n.Result, n.Nodes)
		}
	}
	if n.Task != 0 {
		kinds++
		at, ok := seen[n.Task]
		if n.Task < 0 || n.Task >= p.NextTask || ok && at != (position{board, toMove}) {
			return fmt.Errorf("at %s: task %d repeated on another position or not below next_task %d", where, n.Task, p.NextTask)
		}
		seen[n.Task] = position{board, toMove}
	}
	if len(n.Children) > 0 {
		kinds++
	}
	if n.Tried < 0 || n.Tried > 0 && n.Task == 0 {
		return fmt.Errorf("at %s: %d candidates tried, on a position that is not a task", where, n.Tried)
	}
	if n.Killer && n.Task == 0 {
		return fmt.Errorf("at %s: a killer reply's position that is not a task", where)
	}
	if kinds != 1 || n.All && len(n.Children) == 0 {
		return fmt.Errorf("at %s: a node must be exactly one of settled, a task or split", where)
	}
	if len(n.Children) == 0 {
		return nil
	}
	left := toMove == "L"
	moves, err := g.Moves(board, left)
	if err != nil {
		return fmt.Errorf("at %s: %v", where, err)
	}
	played := map[string]bool{}
	for _, c := range n.Children {
		if c == nil {
			return fmt.Errorf("at %s: an empty node", where)
		}
		if played[c.Move] {
			return fmt.Errorf("at %s: %q is repeated", where, c.Move)
		}
		played[c.Move] = true
		next, err := g.Play(board, left, c.Move)
		if err != nil {
			return fmt.Errorf("at %s: %v", where, err)
		}
		if err := p.checkNode(g, c, strings.TrimSpace(line+" "+c.Move), other(toMove), next, seen); err != nil {
			return err
		}
	}
	if n.All && !every(moves, played) {
		return fmt.Errorf("at %s: marked as holding all %d moves, holds %d of them", where, len(moves), count(moves, played))
	}
	return nil
}

// ParseClaim reads an outcome class claimed (L, R, N or P) and returns
// whether it says that Left, and Right, wins moving first.
func ParseClaim(s string) (leftWins, rightWins bool, err error) {
	switch s {
	case "N":
		return true, true, nil
	case "L":
		return true, false, nil
	case "R":
		return false, true, nil
	case "P":
		return false, false, nil
	}
	return false, false, fmt.Errorf("claim %q: want an outcome class, L, R, N or P", s)
}

// every reports whether each of moves is in have.
func every(moves []string, have map[string]bool) bool {
	return count(moves, have) == len(moves)
}

// count returns how many of moves are in have.
func count(moves []string, have map[string]bool) int {
	n := 0
	for _, m := range moves {
		if have[m] {
			n++
		}
	}
	return n
}
