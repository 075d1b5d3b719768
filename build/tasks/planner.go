package tasks

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"time"
)

// Planner makes plans and plans them again with the results so far.
type Planner struct {
	Game Game
	// Depth is the plies below a root at which positions not settled
	// become tasks; Probe is the time each position is first searched
	// for (0: none is probed).
	Depth int
	Probe time.Duration
	// Tries is the candidates refuted at a claimant's position below the
	// root before planning again makes the position one task, which his
	// search settles over all his moves at once (0: no limit, one
	// candidate more each time). The root is never made one task: that
	// would be the whole question, the split thrown away.
	Tries int
	// NoKillers turns the killer replies off: at the other player's turn
	// his moves come in the rules' order, each position after them
	// planned alike.
	NoKillers bool
	// First, "L" or "R", keeps only the search with that player moving
	// first, dropping the other's root and its tasks: for a question of
	// one side ("does Left, moving first, win?"). "" keeps the roots the
	// plan has; a self-dual board's one root answers for both anyway.
	First string
	// Log, when not nil, is told what planning does.
	Log io.Writer
}

// NewPlan returns a plan of board with no trees yet (Grow makes them):
// one root for each player moving first, or one for both when the board
// is self-dual, each claiming what claim (an outcome class) says.
func NewPlan(g Game, game, board, claim string, e Engine) (*Plan, error) {
	b, err := g.Board(board)
	if err != nil {
		return nil, err
	}
	leftWins, rightWins, err := ParseClaim(claim)
	if err != nil {
		return nil, err
	}
	says := func(wins bool) string {
		if wins {
			return Win
		}
		return "lose"
	}
	p := &Plan{Format: Format, Game: game, Board: b, Claim: claim, Engine: e, NextTask: 1}
	if g.SelfDual(b) {
		if leftWins != rightWins {
			return nil, fmt.Errorf("claim %s: on a self-dual board the first player wins or loses whoever he is; claim N or P", claim)
		}
		p.Roots = []*Root{{First: "L", Both: true, Claim: says(leftWins)}}
	} else {
		p.Roots = []*Root{{First: "L", Claim: says(leftWins)}, {First: "R", Claim: says(rightWins)}}
	}
	return p, nil
}

// Growth says what one planning did.
type Growth struct {
	// Probes positions were probed and Settled decided (by a probe, or by
	// the rules when the player to move has no move).
	Probes, Settled int
	// The plan has Tasks tasks, Pending of them without a result; New
	// were made by this planning, Reused are tasks done before that it
	// met again by their position (dropped from the tree before, or
	// reached by other moves), and Dropped pending ones of the plan
	// before were left out: split further, or their result no longer
	// matters.
	Tasks, Pending, New, Reused, Dropped int
	Cost                                 Cost
}

// Grow plans p: it makes the trees a new plan lacks, and in one planned
// before, with the results so far (by task id), it tries the next move
// where every move tried is refuted, drops the pending tasks whose
// result no longer matters, and splits those above pl.Depth (planned
// with a smaller depth). Tasks kept keep their ids; a position that some
// result is for becomes that task again; new ones get new ids, so that a
// result can only be for its own position. p is changed only when Grow
// succeeds.
func (pl *Planner) Grow(ctx context.Context, p *Plan, results map[int]*Result) (Growth, error) {
	var total Growth
	before := p.taskNodes()
	roots, err := keepFirst(p.Roots, pl.First)
	if err != nil {
		return Growth{}, err
	}
	done := map[position]int{}
	for k, r := range results {
		at := position{r.Board, r.ToMove}
		if d := done[at]; d == 0 || k < d {
			done[at] = k
		}
	}
	next := p.NextTask
	trees := make([]*Node, len(roots))
	costs := make([]Cost, len(roots))
	for i, r := range roots {
		s := &planning{pl: pl, ctx: ctx, results: results, done: done, claimant: r.claimant(), next: next, last: time.Now(), killers: map[killer]int{}}
		start, cpu := time.Now(), cpuSeconds()
		what := "planning"
		if r.Tree != nil {
			what = "planning again"
		}
		s.logf(0, "%s %s; claim: %s", what, describeRoot(r), describeClaim(r))
		if r.Tree == nil {
			trees[i], err = s.build(p.Board, "", r.First, 0, false)
		} else {
			trees[i] = clone(r.Tree)
			s.countKillers(trees[i])
			err = s.repair(trees[i], 0)
		}
		if err != nil {
			return Growth{}, err
		}
		s.cost.Seconds, s.cost.CPUSeconds = milli(time.Since(start).Seconds()), milli(cpuSeconds()-cpu)
		costs[i] = s.cost
		next = s.next
		total.Probes += s.cost.Probes
		total.Settled += s.settled
		total.Cost.add(s.cost)
	}
	for i, r := range roots {
		r.Tree = trees[i]
		r.Planning.add(costs[i])
	}
	p.Roots = roots
	after := p.taskNodes()
	for k := range before {
		if after[k] == nil && results[k] == nil {
			total.Dropped++
		}
	}
	for k := range after {
		total.Tasks++
		if results[k] == nil {
			total.Pending++
		}
		switch {
		case before[k] != nil:
		case results[k] != nil:
			total.Reused++
		default:
			total.New++
		}
	}
	p.NextTask = next
	p.Depth, p.Probe, p.Tries, p.NoKillers = pl.Depth, pl.Probe.String(), pl.Tries, pl.NoKillers
	return total, nil
}

// keepFirst returns the root of the player that first names ("L" or
// "R") moving first, or every root when first is "" or one root answers
// for both; an error when the roots lack his.
func keepFirst(roots []*Root, first string) ([]*Root, error) {
	if first == "" || len(roots) == 1 && roots[0].Both {
		return roots, nil
	}
	if first != "L" && first != "R" {
		return nil, fmt.Errorf("%w: first %q, want L or R", ErrFirst, first)
	}
	for _, r := range roots {
		if r.First == first {
			return []*Root{r}, nil
		}
	}
	return nil, fmt.Errorf("%w: it asks only of %s, not of %s", ErrFirst, describeRoot(roots[0]), describeRoot(&Root{First: first}))
}

// ErrFirst says that Planner.First names a player moving first whom the
// plan does not ask of.
var ErrFirst = errors.New("the plan lacks the player moving first asked for")

// add adds c's work to a's.
func (a *Cost) add(c Cost) {
	a.Probes += c.Probes
	a.Nodes += c.Nodes
	a.Seconds = milli(a.Seconds + c.Seconds)
	a.CPUSeconds = milli(a.CPUSeconds + c.CPUSeconds)
}

// milli rounds seconds to milliseconds, for the files.
func milli(s float64) float64 { return math.Round(s*1000) / 1000 }

// clone returns a copy of the tree n, so that a planning that fails
// leaves the plan as it was.
func clone(n *Node) *Node {
	c := *n
	c.Children = make([]*Node, len(n.Children))
	for i, x := range n.Children {
		c.Children[i] = clone(x)
	}
	if len(c.Children) == 0 {
		c.Children = nil
	}
	return &c
}
