package cgt

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/tablebase/tablebase/cgt/oracle"
)

// TestParseKnownFacts checks the parser against facts of the algebra.
func TestParseKnownFacts(t *testing.T) {
	u := NewUniverse(16)
	for _, c := range []struct{ in, want string }{
		{"0", "0"}, {"{|}", "0"}, {"{0|}", "1"}, {"{|0}", "-1"}, {"{0|1}", "1/2"}, {"{0|0}", "*"},
		{"{0|*}", "^"}, {"{*|0}", "v"}, {"{0,*|0,*}", "*2"}, {"{0,*|0}", "^*"}, {"{1|0}", "{1|0}"},
		{"* + *", "0"}, {"^ + ^ + *", "^^*"}, {"^+^+^", "^3"}, {"^3 - ^", "^^"}, {"v3", "v3"}, {"vv*", "vv*"},
		{"1/2 + 1/4", "3/4"}, {"-1/2^", "-1/2^"}, {"-(1/2^)", "-1/2v"}, {"-1/2 + ^", "-1/2^"},
		{"3-1/2^", "5/2v"}, {"1 + -1", "0"}, {"1+-1", "0"}, {"+-1", "+-1"}, {"±1", "+-1"}, {"{1|-1}", "+-1"},
		{"+-(1,{2|0})", "+-(1,{2|0})"}, {"{2||1|0}", "{2||1|0}"}, {"{2|{1|0}}", "{2||1|0}"},
		{"{{2|1}|0}", "{2|1||0}"}, {"{2|1||0}", "{2|1||0}"}, {"{0||0|-2}", "Tiny(2)"}, {"Tiny(2)", "Tiny(2)"},
		{"Miny(2)", "Miny(2)"}, {"-Tiny(2)", "Miny(2)"}, {"2Tiny(2)", "2Tiny(2)"}, {"2 + Tiny(2)", "2Tiny(2)"},
		{"{2||2|0}", "2Tiny(2)"}, {"*2 + *3", "*"}, {"*0", "0"}, {"↑↑", "^^"}, {"↓*", "v*"},
		{"({1|0} + {1|0})", "1"}, {"1*", "1*"}, {"1^*2", "1^*2"}, {"  ^  ", "^"},
		{"{3|||2||1|0}", "{3|||2||1|0}"}, {"{a,b|c||d}", ""}, // the last is an error: names a..d
		{"{0,1|c||d}", ""}, {"{0,1|2||3}", "2"},
	} {
		g, err := u.Parse(c.in)
		if c.want == "" {
			if err == nil {
				t.Errorf("Parse(%q) = %s, want an error", c.in, u.String(g))
			}
			continue
		}
		if err != nil {
			t.Errorf("Parse(%q): %v", c.in, err)
			continue
		}
		if got := u.String(g); got != c.want {
			t.Errorf("Parse(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}

func TestParseComparisons(t *testing.T) {
	u := NewUniverse(16)
	for _, c := range []struct {
		in   string
		want bool
	}{
		{"^ > 0", true}, {"^ >= 0", true}, {"^ < 0", false}, {"* || 0", true}, {"* = 0", false}, {"* + * = 0", true},
		{"{0|0} = *", true}, {"{0|0} == *", true}, {"^ || *", true}, {"^* || 0", true}, {"1 > ^", true},
		{"{1|0} || 1/2", true}, {"{1|0} <| 1/2", true}, {"{1|0} |> 1/2", true}, {"{1|0} < 2", true},
		{"-1 <= v", true}, {"Tiny(2) > 0", true}, {"Tiny(2) < ^", true}, {"{0|} = 1", true}, {"{0|1} = 1/2", true},
	} {
		e, err := u.ParseExpr(c.in)
		if err != nil {
			t.Errorf("ParseExpr(%q): %v", c.in, err)
			continue
		}
		if e.Op == "" || e.Holds(u) != c.want {
			t.Errorf("%q: op %q holds %v, want %v", c.in, e.Op, e.Holds(u), c.want)
		}
	}
	if _, err := u.Parse("^ > 0"); err == nil {
		t.Error("Parse took a comparison")
	}
}

func TestParseDetails(t *testing.T) {
	u := NewUniverse(16)
	g, err := u.Parse("{1|0}")
	if err != nil {
		t.Fatal(err)
	}
	if m, tmp := u.Mean(g), u.Temperature(g); m != NewDyadic(1, 1) || tmp != NewDyadic(1, 1) {
		t.Errorf("{1|0}: mean %v temperature %v, want 1/2 and 1/2", m, tmp)
	}
	if u.Outcome(g) != FirstWins {
		t.Errorf("{1|0} is %v, want N", u.Outcome(g))
	}
	up, _ := u.Parse("^")
	aw, err := u.AtomicWeight(up)
	if err != nil || aw != u.Number(Int(1)) {
		t.Errorf("atomic weight of ^ = %v, %v; want 1", u.String(aw), err)
	}
}

func TestParseErrors(t *testing.T) {
	u := NewUniverse(16)
	for _, in := range []string{
		"", " ", "{", "}", "{0", "{0|0", "{0|0}}", "{0 0|}", "{0,|}", "{,0|}", "{0|1|2}", "1/3", "1/0", "1/",
		"^^3", "*99999", "99999999999999999999", "100000", "1/131072", "x", "^x", "foo", "Tiny", "Tiny(", "Tiny(1",
		"(1", "1)", "1 2", "1{0|}", "+", "-", "1 +", "1 <", "1 < 2 < 3", "1 | 2", "+-", "+-(1,", "+-(1 2)", "{0|0}*",
		"((((" + strings.Repeat("(", 300) + "0" + strings.Repeat(")", 304),
	} {
		g, err := u.Parse(in)
		if err == nil {
			t.Errorf("Parse(%q) = %s, want an error", in, u.String(g))
		} else if !errors.Is(err, ErrSyntax) {
			t.Errorf("Parse(%q): %v does not wrap ErrSyntax", in, err)
		}
	}
}

func TestParseLimits(t *testing.T) {
	u := NewUniverse(16)
	u.SetLimits(2000, time.Time{})
	_, err := u.Parse("{3|{1|-1}}+{2|{0|-5/2}}+{1/2|*}+{5/2|^}+{7/4||1|-1}+{3/2|-1/2}+{9/4|Tiny(1)}")
	if !errors.Is(err, ErrLimit) {
		t.Fatalf("a large sum past the limit: %v", err)
	}
	if u.Len() > 2000 {
		t.Errorf("the universe grew to %d forms past its limit of 2000", u.Len())
	}
	u.SetLimits(0, time.Now().Add(-time.Second))
	_, err = u.Parse("1000+2000")
	if !errors.Is(err, ErrLimit) {
		t.Errorf("past the deadline: %v", err)
	}
	u.SetLimits(0, time.Time{})
	if g, err := u.Parse("60000+60000"); err != nil || u.String(g) != "120000" {
		t.Errorf("a large integer: %v %v", u.String(g), err)
	}
}

// TestParseReadsWhatStringWrites round-trips the values of many games:
// sums of a few small ones, and the followers of those sums.
func TestParseReadsWhatStringWrites(t *testing.T) {
	u := NewUniverse(16)
	rng := rand.New(rand.NewPCG(1, 2))
	var base []ID
	for _, s := range []string{"0", "1", "-1", "1/2", "-3/4", "*", "*2", "^", "v*", "{1|0}", "{2|-1/2}", "+-1",
		"{2||1|0}", "Tiny(2)", "Miny(1)", "{0,*|0}", "{1*|0}", "{3/2|1/4}", "{0||0|-1/2}", "{1|*}", "{^|v}", "{*|^}"} {
		g, err := u.Parse(s)
		if err != nil {
			t.Fatalf("Parse(%q): %v", s, err)
		}
		base = append(base, g)
	}
	n := 400
	if testing.Short() {
		n = 100
	}
	seen := map[ID]bool{}
	var walk func(g ID, depth int)
	walk = func(g ID, depth int) {
		if seen[g] || depth > 3 {
			return
		}
		seen[g] = true
		checkRoundTrip(t, u, g)
		for _, o := range u.Left(g) {
			walk(o, depth+1)
		}
		for _, o := range u.Right(g) {
			walk(o, depth+1)
		}
	}
	for range n {
		g := Zero
		for range 1 + rng.IntN(3) {
			g = u.Add(g, base[rng.IntN(len(base))])
		}
		walk(g, 0)
		// Games of options drawn from the base and their sums.
		l := []ID{base[rng.IntN(len(base))], u.Add(base[rng.IntN(len(base))], base[rng.IntN(len(base))])}
		r := []ID{base[rng.IntN(len(base))]}
		walk(u.FromOptions(l[:1+rng.IntN(2)], r), 0)
	}
	t.Logf("%d values read back", len(seen))
}

func checkRoundTrip(t *testing.T, u *Universe, g ID) {
	t.Helper()
	s := u.String(g)
	h, err := u.Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	if h != g {
		t.Fatalf("Parse(%q) = %s", s, u.String(h))
	}
}

// randomTree returns a random game tree of the given depth.
func randomTree(rng *rand.Rand, depth int) *oracle.Game {
	if depth == 0 {
		return oracle.Zero
	}
	g := &oracle.Game{}
	for range rng.IntN(3) {
		g.L = append(g.L, randomTree(rng, rng.IntN(depth)))
	}
	for range rng.IntN(3) {
		g.R = append(g.R, randomTree(rng, rng.IntN(depth)))
	}
	return g
}

// TestParseComparesAsTheDefinition compares random small games typed as
// explicit trees, and their sums, against the oracle's plain recursive
// comparison of the trees.
func TestParseComparesAsTheDefinition(t *testing.T) {
	u := NewUniverse(16)
	o := oracle.New()
	rng := rand.New(rand.NewPCG(3, 4))
	n := 600
	if testing.Short() {
		n = 200
	}
	ops := map[string]func(a, b *oracle.Game) bool{
		"<=": func(a, b *oracle.Game) bool { return o.Le(a, b) },
		">=": func(a, b *oracle.Game) bool { return o.Le(b, a) },
		"<":  func(a, b *oracle.Game) bool { return o.Le(a, b) && !o.Le(b, a) },
		">":  func(a, b *oracle.Game) bool { return o.Le(b, a) && !o.Le(a, b) },
		"=":  func(a, b *oracle.Game) bool { return o.Le(a, b) && o.Le(b, a) },
		"||": func(a, b *oracle.Game) bool { return !o.Le(a, b) && !o.Le(b, a) },
		"<|": func(a, b *oracle.Game) bool { return !o.Le(b, a) },
		"|>": func(a, b *oracle.Game) bool { return !o.Le(a, b) },
	}
	names := []string{"<=", ">=", "<", ">", "=", "||", "<|", "|>"}
	for range n {
		a, b := randomTree(rng, 3), randomTree(rng, 3)
		if rng.IntN(3) == 0 {
			// A sum on one side: a1 + a2 against b, typed as such.
			a2 := randomTree(rng, 2)
			op := names[rng.IntN(len(names))]
			in := o.String(a) + " + " + o.String(a2) + " " + op + " " + o.String(b)
			e, err := u.ParseExpr(in)
			if err != nil {
				t.Fatalf("ParseExpr(%q): %v", in, err)
			}
			if want := ops[op](oracle.Add(a, a2), b); e.Holds(u) != want {
				t.Fatalf("%s: %v, the definition says %v", in, e.Holds(u), want)
			}
			continue
		}
		op := names[rng.IntN(len(names))]
		in := o.String(a) + op + o.String(b)
		e, err := u.ParseExpr(in)
		if err != nil {
			t.Fatalf("ParseExpr(%q): %v", in, err)
		}
		if want := ops[op](a, b); e.Holds(u) != want {
			t.Fatalf("%s: %v, the definition says %v", in, e.Holds(u), want)
		}
		// The canonical form written out reads back the same.
		checkRoundTrip(t, u, e.G)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"0", "^^*", "{2||1|0}", "+-(1,{2|0})", "2Tiny(2)", "-1/2v*3", "{0,*|0} + *", "^ > 0",
		"{1|0} || 1/2", "Miny(1/4)", "{|}", "{{0|}|{|0}}", "v3", "±1", "1 - -1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 200 {
			return
		}
		u := NewUniverse(16)
		u.SetLimits(20000, time.Now().Add(time.Second))
		e, err := u.ParseExpr(s)
		if err != nil {
			if !errors.Is(err, ErrSyntax) && !errors.Is(err, ErrLimit) {
				t.Fatalf("ParseExpr(%q): %v wraps neither ErrSyntax nor ErrLimit", s, err)
			}
			return
		}
		u.SetLimits(0, time.Time{})
		for _, g := range []ID{e.G, e.H} {
			out := u.String(g)
			h, err := u.Parse(out)
			if err != nil || h != g {
				t.Fatalf("%q: String %q reads back as %v, %v", s, out, h, err)
			}
		}
	})
}
