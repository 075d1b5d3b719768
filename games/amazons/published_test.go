package amazons

import (
	"context"
	"github.com/tablebase/tablebase/games/internal/parts"
	"os"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/query"
)

// Published values of Amazons positions.
//
// No value quoted from a publication is reproduced here yet. The leads
// were R. G. Snatzke, "Exhaustive search in the game Amazons", More Games
// of No Chance (MSRI Publications 42), 2002; E. Berlekamp, "Sums of N x 2
// Amazons", 2000; M. Müller and T. Tegos, "Experiments in computer
// Amazons", 2002; and the Amazons examples of Lessons in Play (Albert,
// Nowakowski and Wolfe, 2007) and of Siegel, Combinatorial Game Theory
// (2013). Of these only the opening of Snatzke's paper (abstract and
// introduction, no position and no value) was reachable, so nothing is
// taken from them.
//
// What is here instead are values printed by the tests of two other
// programs, both with x for Left's amazon (CGSuite: black queen, Left)
// and o for Right's, '#' a burnt cell, rows from the top, as here:
//
//   - CGSuite (aaron-siegel/cgsuite, GameGridTest, "game.grid should
//     define Amazons properly"): game.grid.Amazons("x...|o...") has
//     canonical form +-{3,{4|0,{1|0,*}},{4|{0,{1/2|0}|v},+-1,+-{1,{2|0}}}},
//     CGSuite's +-{G,H} being tb's +-(G,H).
//   - cgt-tools (t4ccer/cgt-tools, crate cgt, module
//     short::partizan::games::amazons, test canonical_form, "Confirmed
//     with cgsuite"): x..#|....|.#.o.
//
// Theirs is the form as that test writes it (for CGSuite's, in tb's
// syntax for +-); it is read as a game and compared with the solver's.
//
// Each is also checked against oracleValue, the package's plain recursion
// over the whole board.
var crossChecks = []struct {
	Position, Value, Theirs, Source string
}{
	{
		Position: "x...|o...",
		Value:    "+-(3,{4|0,{1|0,*}},{4|{0,{1/2|0}|v},+-1,+-(1,{2|0})})",
		Theirs:   "+-(3,{4|0,{1|0,*}},{4|{0,{1/2|0}|v},+-1,+-(1,{2|0})})",
		Source:   "CGSuite GameGridTest, Amazons(\"x...|o...\").CanonicalForm",
	},
	{
		Position: "x..#|....|.#.o",
		Value:    "{{6||3|1,{3|0,{1/2|0}}},{6||4*|-3,{3,{3|0,{1/2|0}}|-4}}|-3,{0,{0|-2},{1|-3}|-5},{0,{0,*|0,{0,{1/2,{1|0}|v}|v}}|-5},{{2,{2|0}|0,{0,{2|0,{2|0}}|0}},{2,{3|0}|0,{0,{0,^*|0}|-1}},{{2|0},{2|{1|1/4},{2|0}}|v*,{1/2||{0|-1},{*|-1}|-1},{0,^*|0||-1}},{{3|0},{3|1,{2|0}},{3,{3|1}|1,{1|0,*}}|-1/16,{0|-1},{*|-1}}|-5,{v,v*,{0,{0,^*|0}|-1}|-5},{{1/2||-1/4,{0|-1},{*|-1}|-1},+-{1|1/4},{1|{1|0},{1|*}||-1/2}|-5}}}",
		Theirs:   "{{6|{3|1, {3|0, {1/2|0}}}}, {6|{4*|-3, {3, {3|0, {1/2|0}}|-4}}}|-3, {0, {0|-2}, {1|-3}|-5}, {0, {0, *|0, {0, {1/2, {1|0}|v}|v}}|-5}, {{2, {2|0}|0, {0, {2|0, {2|0}}|0}}, {2, {3|0}|0, {0, {0, ^*|0}|-1}}, {{2|0}, {2|{1|1/4}, {2|0}}|v*, {1/2|{{0|-1}, {*|-1}|-1}}, {{0, ^*|0}|-1}}, {{3|0}, {3|1, {2|0}}, {3, {3|1}|1, {1|0, *}}|-1/16, {0|-1}, {*|-1}}|-5, {v, v*, {0, {0, ^*|0}|-1}|-5}, {{1/2|{-1/4, {0|-1}, {*|-1}|-1}}, {{1|1/4}|{-1/4|-1}}, {{1|{1|0}, {1|*}}|-1/2}|-5}}}",
		Source:   "cgt-tools amazons test canonical_form",
	},
}

// TestCrossChecks reproduces the values above: the solver prints Value,
// Theirs read as a game equals it, and the oracle agrees (with -short,
// on the 2x4 only: its 3x4 takes the oracle a second).
func TestCrossChecks(t *testing.T) {
	q, err := parts.NewQuerier(Game, nil)
	if err != nil {
		t.Fatal(err)
	}
	u := cgt.NewUniverse(16)
	for _, c := range crossChecks {
		a := q.Query(context.Background(), c.Position, query.Options{Explicit: true})
		if a.Error != "" || a.Value != c.Value {
			t.Errorf("%s: %s%s, want %s (%s)", c.Position, a.Value, a.Error, c.Value, c.Source)
			continue
		}
		ours, err := u.Parse(a.Value)
		if err != nil {
			t.Fatal(err)
		}
		theirs, err := u.Parse(c.Theirs)
		if err != nil {
			t.Fatalf("%s: %v", c.Source, err)
		}
		if r := u.Compare(ours, theirs); r != cgt.Equal {
			t.Errorf("%s: ours %s %s theirs %s (%s)", c.Position, a.Value, r, c.Theirs, c.Source)
		}
		rows := strings.Split(strings.NewReplacer("x", "L", "o", "R").Replace(c.Position), "|")
		if testing.Short() && len(rows) > 2 {
			continue // TestConformance checks the oracle on smaller boards
		}
		if want := oracleValue(rows); a.Explicit != want {
			t.Errorf("%s: %s, the oracle says %s", c.Position, a.Explicit, want)
		}
	}
}

// TestCGSuiteOutcomes checks the outcome classes of the 143 positions of
// 3x3, 3x4 and 4x4 boards that MCGS 1.5's tests give as CGSuite 2.1.1's
// results (testdata/cgsuite_outcomes.txt, a cross-check), asked alone
// (Options.OutcomeOnly, the outcome search) and, without -short, from
// the positions' values. -short leaves out the 17 boards of 3x4 without
// a burnt cell, most of the searches' time.
func TestCGSuiteOutcomes(t *testing.T) {
	data, err := os.ReadFile("testdata/cgsuite_outcomes.txt")
	if err != nil {
		t.Fatal(err)
	}
	q, err := parts.NewQuerier(Game, nil)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(string(data), "\n") {
		pos, want, ok := strings.Cut(line, " ")
		if !ok || strings.HasPrefix(line, "//") {
			continue
		}
		n++
		if testing.Short() && len(pos) == len("....|....|....") && !strings.Contains(pos, "#") {
			continue
		}
		if a := q.Query(context.Background(), pos, query.Options{OutcomeOnly: true}); a.Error != "" || a.Outcome != want {
			t.Errorf("%s: outcome %s (%s) searched, CGSuite's %s", pos, a.Outcome, a.Error, want)
		}
		if !testing.Short() {
			if a := q.Query(context.Background(), pos, query.Options{}); a.Error != "" || a.Outcome != want {
				t.Errorf("%s: value %s, outcome %s (%s), CGSuite's %s", pos, a.Value, a.Outcome, a.Error, want)
			}
		}
	}
	if n != 143 {
		t.Fatalf("%d positions read, want 143", n)
	}
}
