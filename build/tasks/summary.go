package tasks

import (
	"cmp"
	"strconv"
)

// Summary is what a task directory proves so far, and what it cost.
type Summary struct {
	Game  string `json:"game"`
	Board string `json:"board"`
	Claim string `json:"claim"`
	// LeftFirst and RightFirst say whether the player moving first wins
	// ("win" or "loss"; "" while not decided); Outcome is the board's
	// outcome class (L, R, N or P) once both are decided. First, "L" or
	// "R", says that the plan asks only of that player moving first
	// (Planner.First): then the other's result and the outcome class stay
	// "", and his result answers the plan.
	LeftFirst  string `json:"left_first,omitempty"`
	RightFirst string `json:"right_first,omitempty"`
	Outcome    string `json:"outcome,omitempty"`
	First      string `json:"first,omitempty"`
	// Meaning says what the outcome means, in the words of a game that
	// tells it (Teller).
	Meaning string        `json:"meaning,omitempty"`
	Roots   []RootSummary `json:"roots"`
	// Unused results are for tasks the plan no longer holds (left out
	// when it was planned again); UnusedCost is their work.
	Unused     int  `json:"unused_results,omitempty"`
	UnusedCost Cost `json:"unused_cost"`
}

// RootSummary is what one root's tree proves so far.
type RootSummary struct {
	First string `json:"first"`
	Both  bool   `json:"both,omitempty"`
	Claim string `json:"claim"`
	// Result is "win" or "loss" for the player moving first, "" while not
	// decided.
	Result string `json:"result,omitempty"`
	// MainLine is the moves from the root, the players taking turns: at
	// the claimant's turn the move that wins, or else the candidate being
	// tried; at the other's the move that refutes, or else the reply that
	// took most nodes. End says where it ends.
	MainLine []string `json:"main_line"`
	End      string   `json:"end"`
	// FirstMoves are the moves of the player moving first that the tree
	// holds, in its order, with what is known of each.
	FirstMoves []FirstMove `json:"first_moves"`
	// Depth is the plies of the deepest position; Positions counts the
	// positions of the tree, of which Settled were settled while planning.
	Depth     int `json:"depth"`
	Positions int `json:"positions"`
	Settled   int `json:"settled_in_planning"`
	// Tasks counts the tree's tasks: Done have a result, Needed have none
	// and still matter, and the others have none and no longer matter
	// (planning again drops them).
	Tasks  int `json:"tasks"`
	Done   int `json:"tasks_done"`
	Needed int `json:"tasks_needed"`
	// Stuck lists the positions (as lines of moves) that are not decided
	// though every move tried there is: the candidate was refuted, and
	// planning again tries the next.
	Stuck []string `json:"refuted,omitempty"`
	// Planning is the work of every probe, TaskCost of the tasks done.
	Planning Cost    `json:"planning"`
	TaskCost Cost    `json:"tasks_cost"`
	Slowest  *Result `json:"slowest_task,omitempty"`
}

// FirstMove is a move of the player moving first that a tree holds.
type FirstMove struct {
	Move string `json:"move"`
	// Result is "win" or "loss" for the player moving first once the move
	// is decided; By, for a move that loses, is a reply of the other's
	// that the tree shows winning against it.
	Result string `json:"result,omitempty"`
	By     string `json:"by,omitempty"`
}

// Summarize sums up the plan p (checked) with the results so far.
func Summarize(p *Plan, results map[int]*Result) *Summary {
	s := &Summary{Game: p.Game, Board: p.Board, Claim: p.Claim}
	for _, r := range p.Roots {
		rs := summarizeRoot(r, results)
		s.Roots = append(s.Roots, rs)
		if r.First == "L" {
			s.LeftFirst = rs.Result
		}
		if r.First == "R" || r.Both {
			s.RightFirst = rs.Result
		}
	}
	if r := p.Roots; len(r) == 1 && !r[0].Both {
		s.First = r[0].First
	}
	if s.LeftFirst != "" && s.RightFirst != "" {
		s.Outcome = outcome(s.LeftFirst == Win, s.RightFirst == Win)
	}
	inPlan := p.taskNodes()
	for k, r := range results {
		if inPlan[k] == nil {
			s.Unused++
			s.UnusedCost.add(Cost{Nodes: r.Nodes, Seconds: r.Seconds, CPUSeconds: r.CPUSeconds})
		}
	}
	return s
}

// Tell sets Meaning from g, when the outcome is decided and g is a
// Teller.
func (s *Summary) Tell(g Game) {
	if t, ok := g.(Teller); ok && s.Outcome != "" {
		s.Meaning = t.Tell(s.Board, s.Outcome)
	}
}

// Decided reports whether the plan's question is answered: the outcome
// class, or, for a plan of one player moving first, his result.
func (s *Summary) Decided() bool {
	return s.Outcome != "" || s.First != "" && s.Roots[0].Result != ""
}

// summarizeRoot sums up one root.
func summarizeRoot(r *Root, results map[int]*Result) RootSummary {
	rs := RootSummary{First: r.First, Both: r.Both, Claim: r.Claim, Planning: r.Planning,
		Result: r.Tree.fact(results).String(), MainLine: []string{}}
	var visit func(n *Node, ply int, matters bool)
	visit = func(n *Node, ply int, matters bool) {
		rs.Positions++
		rs.Depth = max(rs.Depth, ply)
		f := n.fact(results)
		switch {
		case n.Result != "":
			rs.Settled++
		case n.Task != 0:
			rs.Tasks++
			if res := results[n.Task]; res != nil {
				rs.Done++
				rs.TaskCost.add(Cost{Nodes: res.Nodes, Seconds: res.Seconds, CPUSeconds: res.CPUSeconds})
				if rs.Slowest == nil || cmp.Or(res.CPUSeconds, res.Seconds) > cmp.Or(rs.Slowest.CPUSeconds, rs.Slowest.Seconds) {
					rs.Slowest = res
				}
			} else if matters {
				rs.Needed++
			}
		}
		for _, c := range n.Children {
			visit(c, ply+1, matters && f == unknown)
		}
	}
	visit(r.Tree, 0, true)
	rs.Stuck = r.stuck(results)
	rs.MainLine, rs.End = mainLine(r.Tree, r.claimant(), results)
	rs.FirstMoves = firstMoves(r.Tree, results)
	return rs
}

// firstMoves lists the moves of root's tree, with the result of each for
// the player at root.
func firstMoves(root *Node, results map[int]*Result) []FirstMove {
	out := []FirstMove{}
	for _, c := range root.Children {
		m := FirstMove{Move: c.Move}
		switch c.fact(results) {
		case won: // the other wins after the move
			m.Result = Loss
			for _, reply := range c.Children {
				if reply.fact(results) == lost {
					m.By = reply.Move
					break
				}
			}
		case lost:
			m.Result = Win
		}
		out = append(out, m)
	}
	return out
}

// mainLine follows the tree from n down to a position not split (see
// RootSummary.MainLine), and says what that position is.
func mainLine(n *Node, claimant string, results map[int]*Result) (line []string, end string) {
	line = []string{}
	for len(n.Children) > 0 {
		n = pick(n, claimant, results)
		line = append(line, n.Move)
	}
	switch {
	case n.Result != "":
		return line, n.ToMove + " to move " + says(n.Result) + " (settled while planning)"
	case results[n.Task] != nil:
		return line, "task " + strconv.Itoa(n.Task) + ": " + n.ToMove + " to move " + says(results[n.Task].Result)
	}
	return line, "task " + strconv.Itoa(n.Task) + " (not done)"
}

// pick returns the child of the split node n on the main line.
func pick(n *Node, claimant string, results map[int]*Result) *Node {
	for _, c := range n.Children {
		if c.fact(results) == lost {
			return c // the move that wins
		}
	}
	if n.ToMove == claimant {
		for _, c := range n.Children {
			if c.fact(results) == unknown {
				return c // the candidate being tried
			}
		}
		return n.Children[len(n.Children)-1] // the last refuted
	}
	best := n.Children[0]
	for _, c := range n.Children[1:] {
		if work(c, results) > work(best, results) {
			best = c // the reply that took most nodes so far
		}
	}
	return best
}

// work returns the nodes searched to settle n and the positions below it.
func work(n *Node, results map[int]*Result) int64 {
	var w int64
	n.walk(0, func(m *Node, _ int) {
		w += m.Nodes
		if r := results[m.Task]; m.Task != 0 && r != nil {
			w += r.Nodes
		}
	})
	return w
}

// Estimate is a crude guess of the CPU time the needed tasks will take:
// the mean CPU seconds of the tasks done (their wall seconds when CPU
// time is not measured) times the tasks needed. ok is false before any
// task is done.
func (s *Summary) Estimate() (seconds float64, done, needed int, ok bool) {
	var total Cost
	for _, r := range s.Roots {
		total.add(r.TaskCost)
		done += r.Done
		needed += r.Needed
	}
	if done == 0 {
		return 0, 0, needed, false
	}
	mean := cmp.Or(total.CPUSeconds, total.Seconds) / float64(done)
	return mean * float64(needed), done, needed, true
}
