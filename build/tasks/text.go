package tasks

import (
	"cmp"
	"fmt"
	"io"
	"strings"
	"time"
)

// WriteStatus writes how far the tasks have got: for each root what is
// decided, the tasks done and needed, the work spent and the slowest
// task; then a crude estimate of the work left, and the outcome if known.
func (s *Summary) WriteStatus(w io.Writer) {
	fmt.Fprintf(w, "%s %s, claim %s\n", s.Game, s.Board, s.Claim)
	for _, r := range s.Roots {
		fmt.Fprintf(w, "%s; claim: %s\n", describeRoot(&Root{First: r.First, Both: r.Both}), describeClaim(&Root{First: r.First, Claim: r.Claim}))
		switch {
		case r.Result != "":
			fmt.Fprintf(w, "  decided: %s to move %s\n", r.First, says(r.Result))
		case len(r.Stuck) > 0:
			fmt.Fprintf(w, "  not decided, and a candidate is refuted at %s: run tb solve plan again to try the next\n", lines(r.Stuck))
		default:
			fmt.Fprintf(w, "  not decided yet\n")
		}
		if t := firstMovesText(r.FirstMoves); t != "" {
			fmt.Fprintf(w, "  first moves in the tree: %s\n", t)
		}
		fmt.Fprintf(w, "  tasks: %d of %d done, %d needed", r.Done, r.Tasks, r.Needed)
		if rest := r.Tasks - r.Done - r.Needed; rest > 0 {
			fmt.Fprintf(w, ", %d no longer matter (tb solve plan drops them)", rest)
		}
		fmt.Fprintf(w, "\n  positions: %d in the tree, %d plies deep, %d settled while planning\n", r.Positions, r.Depth, r.Settled)
		fmt.Fprintf(w, "  planning: %d probes, %s\n", r.Planning.Probes, costText(r.Planning))
		fmt.Fprintf(w, "  tasks done: %s\n", costText(r.TaskCost))
		if t := r.Slowest; t != nil {
			fmt.Fprintf(w, "  slowest task: %d, %s to move on %s: %.1f s, %.1f s of CPU, on %s\n", t.Task, t.ToMove, t.Board, t.Seconds, t.CPUSeconds, t.Host)
		}
	}
	if s.Unused > 0 {
		fmt.Fprintf(w, "results of tasks no longer in the plan: %d, %s\n", s.Unused, costText(s.UnusedCost))
	}
	switch sec, done, needed, ok := s.Estimate(); {
	case needed == 0:
	case !ok:
		fmt.Fprintf(w, "estimate: %d tasks needed; none done yet to estimate from\n", needed)
	default:
		fmt.Fprintf(w, "estimate: %d tasks needed x the mean of the %d done = %s of CPU (crude: tasks differ in size by orders of magnitude, "+
			"and the first ones done need not be typical)\n", needed, done, seconds(sec))
	}
	switch {
	case s.First != "":
		fmt.Fprintf(w, "outcome: %s\n", s.firstsText())
	case s.Decided():
		fmt.Fprintf(w, "outcome: %s\n", s.outcomeText())
	default:
		fmt.Fprintf(w, "outcome: not decided yet\n")
	}
}

// WriteProof writes the board's outcome class, or what is decided so
// far, and the shape of each root's proof.
func (s *Summary) WriteProof(w io.Writer) {
	switch firsts := s.firstsText(); {
	case s.Outcome != "":
		fmt.Fprintf(w, "%s %s: %s (%s)\n", s.Game, s.Board, s.outcomeText(), firsts)
	case s.First != "":
		fmt.Fprintf(w, "%s %s: %s\n", s.Game, s.Board, firsts)
	default:
		fmt.Fprintf(w, "%s %s: not decided (%s)\n", s.Game, s.Board, firsts)
	}
	for _, r := range s.Roots {
		verdict := "not decided"
		switch {
		case r.Result == Win && r.Claim == Win || r.Result == Loss && r.Claim != Win:
			verdict = "proved"
		case r.Result != "":
			verdict = "disproved"
		}
		fmt.Fprintf(w, "%s; claim: %s: %s\n", describeRoot(&Root{First: r.First, Both: r.Both}), describeClaim(&Root{First: r.First, Claim: r.Claim}), verdict)
		if r.Result == "" && len(r.Stuck) > 0 {
			fmt.Fprintf(w, "  a candidate is refuted at %s: run tb solve plan again to try the next\n", lines(r.Stuck))
		}
		moves := make([]string, len(r.MainLine))
		player := r.First
		for i, m := range r.MainLine {
			moves[i] = player + " " + m
			player = other(player)
		}
		fmt.Fprintf(w, "  main line: %s\n", strings.Join(append(moves, r.End), ", "))
		fmt.Fprintf(w, "  %d plies deep; %d positions: %d settled while planning, %d by tasks (%d of %d done)\n",
			r.Depth, r.Positions, r.Settled, r.Done, r.Done, r.Tasks)
		total := r.Planning
		total.add(r.TaskCost)
		fmt.Fprintf(w, "  nodes %d (planning %d, tasks %d); CPU %s (planning %s, tasks %s)\n", total.Nodes, r.Planning.Nodes, r.TaskCost.Nodes,
			seconds(total.CPUSeconds), seconds(r.Planning.CPUSeconds), seconds(r.TaskCost.CPUSeconds))
	}
}

// firstMovesText writes the first moves by result: "2 lose (a1-a2 to
// b1-c1, ...), 1 open (c1-c2)"; "" when the tree holds none.
func firstMovesText(ms []FirstMove) string {
	var lose, win, open []string
	for _, m := range ms {
		switch m.Result {
		case Loss:
			if m.By != "" {
				lose = append(lose, m.Move+" to "+m.By)
			} else {
				lose = append(lose, m.Move)
			}
		case Win:
			win = append(win, m.Move)
		default:
			open = append(open, m.Move)
		}
	}
	var parts []string
	for _, g := range []struct {
		verb  string
		moves []string
	}{{"lose", lose}, {"win", win}, {"open", open}} {
		if len(g.moves) > 0 {
			parts = append(parts, fmt.Sprintf("%d %s (%s)", len(g.moves), g.verb, strings.Join(g.moves, ", ")))
		}
	}
	return strings.Join(parts, ", ")
}

// firstsText writes what is decided of each player moving first: "Left
// moving first wins, Right moving first not decided"; of a plan of one,
// "Left moving first wins (Right moving first not asked)".
func (s *Summary) firstsText() string {
	switch s.First {
	case "L":
		return fmt.Sprintf("Left moving first %s (Right moving first not asked)", says(s.LeftFirst))
	case "R":
		return fmt.Sprintf("Right moving first %s (Left moving first not asked)", says(s.RightFirst))
	}
	return fmt.Sprintf("Left moving first %s, Right moving first %s", says(s.LeftFirst), says(s.RightFirst))
}

// outcomeText writes the outcome, with its meaning when there is one.
func (s *Summary) outcomeText() string {
	if s.Meaning != "" {
		return s.Outcome + ": " + s.Meaning
	}
	return s.Outcome
}

// says writes a result of a player moving first.
func says(result string) string {
	switch result {
	case Win:
		return "wins"
	case Loss:
		return "loses"
	}
	return "not decided"
}

// costText writes a cost's nodes and times.
func costText(c Cost) string {
	return fmt.Sprintf("%d nodes, %s (%s of CPU)", c.Nodes, seconds(c.Seconds), seconds(c.CPUSeconds))
}

// seconds writes a time in seconds.
func seconds(s float64) string {
	if s < 60 {
		return fmt.Sprintf("%.1f s", s)
	}
	return time.Duration(s * float64(time.Second)).Round(time.Second).String()
}

// lines writes positions as lines of moves from the root.
func lines(ls []string) string {
	quoted := make([]string, len(ls))
	for i, l := range ls {
		quoted[i] = fmt.Sprintf("%q", cmp.Or(l, "the root"))
	}
	return strings.Join(quoted, ", ")
}

// describeRoot names the search of a root.
func describeRoot(r *Root) string {
	if r.Both {
		return "Left moving first (which answers for Right moving first too)"
	}
	return map[string]string{"L": "Left", "R": "Right"}[r.First] + " moving first"
}

// describeClaim says what a root's tree sets out to prove.
func describeClaim(r *Root) string {
	if r.Claim == Win {
		return r.First + " to move wins"
	}
	return r.First + " to move loses"
}
