package parts

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/cgt"
)

// hackenbush is Blue-Red Hackenbush on strings: a position is strings of
// edges from the ground written ' '-separated, 'L' Left's and 'R' Right's;
// a player cuts one of his edges, and the edges above it fall. A string
// is a part; its key is the string or its colours swapped, whichever is
// less (swapped negates the value).
type hackenbush struct{}

func (hackenbush) Parts(p string, dst []string) []string { return append(dst, strings.Fields(p)...) }

func (hackenbush) Key(s string) (string, bool) {
	swapped := swap(s)
	if swapped < s {
		return swapped, true
	}
	return s, false
}

func (hackenbush) Part(k string) string { return k }

func (hackenbush) Options(s string, left bool, dst []string) []string {
	mine := byte('R')
	if left {
		mine = 'L'
	}
	for i := range len(s) {
		if s[i] == mine {
			dst = append(dst, s[:i])
		}
	}
	return dst
}

// swap exchanges the colours of a string.
func swap(s string) string {
	return strings.Map(func(r rune) rune { return 'L' + 'R' - r }, s)
}

// nim is Nim: a position is heap sizes ' '-separated; a heap is a part,
// its key its size.
type nim struct{}

func (nim) Parts(p string, dst []string) []string { return append(dst, strings.Fields(p)...) }
func (nim) Key(h string) (string, bool)           { return h, false }
func (nim) Part(k string) string                  { return k }
func (nim) Impartial() bool                       { return true }

func (nim) Options(h string, _ bool, dst []string) []string {
	for n := len(h) - 1; n >= 0; n-- {
		dst = append(dst, strings.Repeat("|", n))
	}
	return dst
}

// wholeBoard is the oracle: the value of a position from the options of
// the whole position (a move in any part), by plain recursion over whole
// positions, remembered as written in seen, with no keys or sums.
func wholeBoard(u *cgt.Universe, rules Rules[string, string], seen map[string]cgt.ID, p string) cgt.ID {
	if v, ok := seen[p]; ok {
		return v
	}
	var sides [2][]cgt.ID
	parts := rules.Parts(p, nil)
	for i, left := range [2]bool{true, false} {
		for j, part := range parts {
			for _, o := range rules.Options(part, left, nil) {
				rest := append(append(append([]string{}, parts[:j]...), o), parts[j+1:]...)
				sides[i] = append(sides[i], wholeBoard(u, rules, seen, strings.Join(rest, " ")))
			}
		}
	}
	seen[p] = u.FromOptions(sides[0], sides[1])
	return seen[p]
}

// TestSolverAgainstWholeBoard values random sums of Hackenbush strings
// and of Nim heaps with a Solver and with the whole-board oracle.
func TestSolverAgainstWholeBoard(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	for _, c := range []struct {
		name  string
		rules Rules[string, string]
		part  func() string
	}{
		{"hackenbush", hackenbush{}, func() string {
			b := make([]byte, 1+rng.IntN(4))
			for i := range b {
				b[i] = "LR"[rng.IntN(2)]
			}
			return string(b)
		}},
		{"nim", nim{}, func() string { return strings.Repeat("|", 1+rng.IntN(4)) }},
	} {
		u := cgt.NewUniverse(16)
		s := NewSolver(u, c.rules)
		seen := map[string]cgt.ID{}
		for range 200 {
			var p []string
			for range 1 + rng.IntN(3) {
				p = append(p, c.part())
			}
			pos := strings.Join(p, " ")
			if got, want := s.Value(pos), wholeBoard(u, c.rules, seen, pos); got != want {
				t.Fatalf("%s %q: %s, the whole board %s", c.name, pos, u.String(got), u.String(want))
			}
		}
		if s.Solved() == 0 {
			t.Fatalf("%s: no part solved", c.name)
		}
	}
}

// TestPublishedValues checks values of Hackenbush strings (Berlekamp,
// Conway and Guy, Winning Ways, chapter 2) and Nim heaps.
func TestPublishedValues(t *testing.T) {
	u := cgt.NewUniverse(16)
	for _, c := range []struct {
		rules    Rules[string, string]
		position string
		want     string
	}{
		{hackenbush{}, "L", "1"},
		{hackenbush{}, "LR", "1/2"},
		{hackenbush{}, "LLR", "3/2"},
		{hackenbush{}, "LRR", "1/4"},
		{hackenbush{}, "RL", "-1/2"},
		{hackenbush{}, "LR R", "-1/2"},
		{nim{}, "||| |||||", "*6"},
		{nim{}, "|| ||", "0"},
	} {
		if got := u.String(NewSolver(u, c.rules).Value(c.position)); got != c.want {
			t.Errorf("%q: %s, want %s", c.position, got, c.want)
		}
	}
}

// TestKnown: a Solver takes a part's value from Known when it has it.
func TestKnown(t *testing.T) {
	u := cgt.NewUniverse(16)
	s := NewSolver[string, string](u, hackenbush{})
	asked := 0
	s.Known = func(k string) (cgt.ID, bool) {
		asked++
		return u.Number(cgt.Dyadic{Num: 7}), k == "LLLL"
	}
	if got := u.String(s.Value("LLLL L")); got != "8" || asked != 2 {
		t.Fatalf("LLLL L with LLLL known as 7: %s after %d questions, want 8 after 2", got, asked)
	}
}
