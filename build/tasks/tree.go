package tasks

import "strings"

// fact is what is known of a position: whether the player to move wins.
type fact int8

const (
	unknown fact = iota
	won          // the player to move wins
	lost         // the player to move loses
)

// position is a board with the player to move.
type position struct{ board, toMove string }

// factOf reads a result ("win" or "loss").
func factOf(result string) fact {
	switch result {
	case Win:
		return won
	case Loss:
		return lost
	}
	return unknown
}

// String writes a fact as a result, "" when unknown.
func (f fact) String() string {
	switch f {
	case won:
		return Win
	case lost:
		return Loss
	}
	return ""
}

// fact returns what the plan and the results (by task id) prove of n:
// a settled position or a task done is what was found; a split one is
// won when some move leaves the other a lost position, and lost when its
// children are all of its moves and each is won for the other.
func (n *Node) fact(results map[int]*Result) fact {
	switch {
	case n.Result != "":
		return factOf(n.Result)
	case n.Task != 0:
		if r := results[n.Task]; r != nil {
			return factOf(r.Result)
		}
		return unknown
	}
	all := n.All
	for _, c := range n.Children {
		switch c.fact(results) {
		case lost:
			return won
		case unknown:
			all = false
		}
	}
	if all {
		return lost
	}
	return unknown
}

// needed returns the tasks of p whose result still matters: those with
// no result below no position that the plan and results decide.
func (p *Plan) needed(results map[int]*Result) map[int]bool {
	out := map[int]bool{}
	var visit func(n *Node)
	visit = func(n *Node) {
		switch {
		case n.Task != 0:
			out[n.Task] = results[n.Task] == nil
		case n.Result == "" && n.fact(results) == unknown:
			for _, c := range n.Children {
				visit(c)
			}
		}
	}
	for _, r := range p.Roots {
		visit(r.Tree)
	}
	return out
}

// stuck returns the split positions of r's tree whose result matters
// (no position above them is decided) and is not known, though every
// child's is: every candidate tried there is refuted, and planning again
// tries the next. Each is written as its line of moves from the root.
func (r *Root) stuck(results map[int]*Result) []string {
	var out []string
	var visit func(n *Node, line []string)
	visit = func(n *Node, line []string) {
		if n.Result != "" || n.Task != 0 || n.fact(results) != unknown {
			return
		}
		if !hasUnknown(n, results) {
			out = append(out, strings.Join(line, " "))
		}
		for _, c := range n.Children {
			visit(c, append(line[:len(line):len(line)], c.Move))
		}
	}
	visit(r.Tree, nil)
	return out
}

// refuted returns a position of p's trees that is stuck (Root.stuck), as
// its line of moves, and whether there is one.
func (p *Plan) refuted(results map[int]*Result) (string, bool) {
	for _, r := range p.Roots {
		if lines := r.stuck(results); len(lines) > 0 {
			return lines[0], true
		}
	}
	return "", false
}

// other returns the other player ("L" or "R").
func other(player string) string {
	if player == "L" {
		return "R"
	}
	return "L"
}

// claimant returns the player whose win the root's tree sets out to
// prove.
func (r *Root) claimant() string {
	if r.Claim == Win {
		return r.First
	}
	return other(r.First)
}

// walk calls fn with every node below and including n, parents first,
// with its distance from n in plies.
func (n *Node) walk(ply int, fn func(n *Node, ply int)) {
	fn(n, ply)
	for _, c := range n.Children {
		c.walk(ply+1, fn)
	}
}

// tasks returns the tasks below and including n.
func (n *Node) tasks() []*Node {
	var out []*Node
	n.walk(0, func(m *Node, _ int) {
		if m.Task != 0 {
			out = append(out, m)
		}
	})
	return out
}

// outcome returns the outcome class of a board from whether Left, moving
// first, wins and whether Right, moving first, does.
func outcome(leftWins, rightWins bool) string {
	switch {
	case leftWins && rightWins:
		return "N" // the first player wins
	case leftWins:
		return "L" // Left wins whoever starts
	case rightWins:
		return "R"
	}
	return "P" // the second player wins
}
