package tasks_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/tablebase/tablebase/build/tasks"
)

// oneReply is a game in which one reply of Right refutes every first
// move of Left. A board is "o" followed by the moves played so far,
// separated by spaces. Left opens with a, b, c or d; Right replies x, y
// or k; Left plays p or q. After k, Right has the move r and then Left
// has none, so Left loses; after x or y, Right has the move s, Left then
// t, and Right none, so Left wins. The first player (either: the game is
// its own dual) therefore loses, each of his openings refuted by k,
// which comes last in Right's moves, or first when killFirst.
type oneReply struct {
	nodes     *atomic.Int64
	killFirst bool
}

func (oneReply) Board(board string) (string, error) { return board, nil }

func (oneReply) SelfDual(string) bool { return true }

func (g oneReply) Moves(board string, left bool) ([]string, error) {
	played := strings.Fields(board)[1:]
	switch len(played) {
	case 0:
		return []string{"a", "b", "c", "d"}, nil
	case 1:
		if g.killFirst {
			return []string{"k", "x", "y"}, nil
		}
		return []string{"x", "y", "k"}, nil
	case 2:
		return []string{"p", "q"}, nil
	case 3:
		if played[1] == "k" {
			return []string{"r"}, nil
		}
		return []string{"s"}, nil
	case 4:
		if played[1] != "k" {
			return []string{"t"}, nil
		}
	}
	return nil, nil
}

func (g oneReply) Candidates(board string, left bool) ([]string, error) { return g.Moves(board, left) }

func (g oneReply) Play(board string, left bool, move string) (string, error) {
	moves, _ := g.Moves(board, left)
	if !slices.Contains(moves, move) {
		return "", fmt.Errorf("%q is not a move on %q", move, board)
	}
	return strings.TrimSpace(board + " " + move), nil
}

// Solve is plain minimax: the player to move wins when some move leaves
// the other a lost position.
func (g oneReply) Solve(ctx context.Context, board string, left bool) (bool, bool, error) {
	g.nodes.Add(1)
	moves, _ := g.Moves(board, left)
	for _, m := range moves {
		next, _ := g.Play(board, left, m)
		if wins, _, _ := g.Solve(ctx, next, !left); !wins {
			return true, true, nil
		}
	}
	return false, true, nil
}

func (g oneReply) Nodes() int64 { return g.nodes.Load() }

// TestKillerReply: once a reply has refuted a candidate, planning the
// next candidate puts that reply first and makes its position one task
// (over all the claimant's moves, where a split would take a planning for
// each of them), which a run takes before the other tasks, whatever its
// id; once it refutes the candidate the others are not run. The first
// opening takes two rounds (after k, Left's p, then q, refuted one at a
// time); every later one falls in one round to one task, and the outcome
// comes out right. Without killers every opening takes two rounds and
// four tasks. Runs that stop at a refuted candidate go depth first: the
// candidate planned again is run before the other replies' tasks,
// planned before it, and each opening takes two tasks.
func TestKillerReply(t *testing.T) {
	for _, c := range []struct {
		noKillers, killFirst, untilRefuted bool
		want                               []string
	}{
		{false, false, false, []string{"a: 3 solved, 0 unneeded", "a: 1 solved, 0 unneeded",
			"b: 1 solved, 2 unneeded", "c: 1 solved, 2 unneeded", "d: 1 solved, 2 unneeded"}},
		{true, false, false, []string{"a: 3 solved, 0 unneeded", "a: 1 solved, 0 unneeded", "b: 3 solved, 0 unneeded", "b: 1 solved, 0 unneeded",
			"c: 3 solved, 0 unneeded", "c: 1 solved, 0 unneeded", "d: 3 solved, 0 unneeded", "d: 1 solved, 0 unneeded"}},
		{true, true, false, []string{"a: 3 solved, 0 unneeded", "a: 1 solved, 0 unneeded", "b: 3 solved, 0 unneeded", "b: 1 solved, 0 unneeded",
			"c: 3 solved, 0 unneeded", "c: 1 solved, 0 unneeded", "d: 3 solved, 0 unneeded", "d: 1 solved, 0 unneeded"}},
		{true, true, true, []string{"a: 1 solved, 0 unneeded, stopped at a k", "a: 1 solved, 0 unneeded, stopped at the root",
			"b: 1 solved, 0 unneeded, stopped at b k", "b: 1 solved, 0 unneeded, stopped at the root",
			"c: 1 solved, 0 unneeded, stopped at c k", "c: 1 solved, 0 unneeded, stopped at the root",
			"d: 1 solved, 0 unneeded, stopped at d k", "d: 1 solved, 2 unneeded"}},
	} {
		g := oneReply{nodes: new(atomic.Int64), killFirst: c.killFirst}
		if rounds := killerRounds(t, g, c.noKillers, c.untilRefuted); !slices.Equal(rounds, c.want) {
			t.Errorf("no killers %v, k first %v, until refuted %v: rounds\n%q, want\n%q", c.noKillers, c.killFirst, c.untilRefuted, rounds, c.want)
		}
	}
}

// killerRounds plans, runs and plans again g until it is decided, and
// returns each round's candidate at the root, the tasks its run solved
// and left alone, and where it stopped at a refuted candidate. With
// killers it checks every killer task and gives it the largest id of its
// candidate's tasks before the run.
func killerRounds(t *testing.T, g oneReply, noKillers, untilRefuted bool) []string {
	t.Helper()
	dir := t.TempDir()
	p, err := tasks.NewPlan(g, "one-reply", "o", "N", tasks.Engine{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	pl := tasks.Planner{Game: g, Depth: 3, NoKillers: noKillers}
	var rounds []string
	for round := 0; ; round++ {
		if round == 10 {
			t.Fatalf("not decided after 10 rounds: %v", rounds)
		}
		results := map[int]*tasks.Result{}
		if round > 0 {
			p, results = load(t, dir, g)
		}
		if _, err := pl.Grow(context.Background(), p, results); err != nil {
			t.Fatal(err)
		}
		root := p.Roots[0].Tree
		cand := root.Children[len(root.Children)-1]
		kill := cand.Children[0]
		switch {
		case p.NoKillers != noKillers:
			t.Fatalf("the plan's no_killers %v", p.NoKillers)
		case !noKillers && len(root.Children) > 1:
			if kill.Move != "k" || !kill.Killer || kill.Task == 0 || len(kill.Children) != 0 || len(cand.Children) != 3 {
				t.Fatalf("round %d: Right's first reply to %s: %+v", round, cand.Move, kill)
			}
			// A killer task runs first even with the largest id.
			last := cand.Children[2].Children[0]
			kill.Task, last.Task = last.Task, kill.Task
		case kill.Killer || kill.Move != map[bool]string{true: "k", false: "x"}[g.killFirst]:
			t.Fatalf("round %d without a killer: Right's first reply to %s: %+v", round, cand.Move, kill)
		}
		if err := tasks.WritePlan(dir, p); err != nil {
			t.Fatal(err)
		}
		p, _ = load(t, dir, g)
		ran, err := tasks.Run(context.Background(), dir, p, g, tasks.Selection{}, tasks.RunOptions{Workers: 1, UntilRefuted: untilRefuted})
		if err != nil {
			t.Fatal(err)
		}
		r := fmt.Sprintf("%s: %d solved, %d unneeded", cand.Move, ran.Solved, ran.Unneeded)
		if ran.Refuted != "" {
			r += ", stopped at " + ran.Refuted
		}
		rounds = append(rounds, r)
		p, results = load(t, dir, g)
		if s := tasks.Summarize(p, results); s.Decided() {
			if s.Outcome != "P" {
				t.Errorf("outcome %+v", s)
			}
			for _, f := range s.Roots[0].FirstMoves {
				if f.Result != tasks.Loss || f.By != "k" {
					t.Errorf("first move %+v, want refuted by k", f)
				}
			}
			return rounds
		}
	}
}
