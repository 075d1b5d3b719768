package cgt

import (
	"reflect"
	"testing"
)

// known builds a few named games in u.
func known(u *Universe) map[string]ID {
	n := func(num int64, exp uint) ID { return u.Number(NewDyadic(num, exp)) }
	star, up := u.Nim(1), u.Up()
	m := map[string]ID{
		"0": Zero, "1": n(1, 0), "-1": n(-1, 0), "2": n(2, 0), "1/2": n(1, 1), "-1/2": n(-1, 1),
		"*": star, "^": up, "*2": u.Nim(2),
	}
	m["+-1"] = u.FromOptions([]ID{m["1"]}, []ID{m["-1"]})
	m["{2|-1/2}"] = u.FromOptions([]ID{m["2"]}, []ID{m["-1/2"]})
	m["{1|0}"] = u.FromOptions([]ID{m["1"]}, []ID{Zero})
	m["{2||1|0}"] = u.FromOptions([]ID{m["2"]}, []ID{m["{1|0}"]})
	m["Tiny(2)"] = u.FromOptions([]ID{Zero}, []ID{u.FromOptions([]ID{Zero}, []ID{u.Number(Int(-2))})})
	return m
}

func TestNotation(t *testing.T) {
	u := NewUniverse(16)
	k := known(u)
	cases := []struct {
		g    ID
		want string
	}{
		{k["0"], "0"}, {k["1"], "1"}, {k["-1"], "-1"}, {k["1/2"], "1/2"}, {u.Number(NewDyadic(-3, 2)), "-3/4"},
		{k["*"], "*"}, {k["*2"], "*2"}, {k["^"], "^"}, {u.Neg(k["^"]), "v"},
		{u.Neg(u.Add(k["^"], k["*"])), "v*"}, {u.Sum(k["^"], k["^"], k["*"]), "^^*"},
		{u.Multiple(k["^"], 3), "^3"}, {u.Add(k["1"], k["*"]), "1*"}, {u.Add(k["1/2"], k["^"]), "1/2^"},
		{k["+-1"], "+-1"}, {k["{2|-1/2}"], "{2|-1/2}"}, {k["{2||1|0}"], "{2||1|0}"},
		{k["Tiny(2)"], "Tiny(2)"}, {u.Neg(k["Tiny(2)"]), "Miny(2)"}, {u.Add(k["2"], k["Tiny(2)"]), "2Tiny(2)"},
		{u.FromOptions([]ID{k["1"], u.FromOptions([]ID{k["2"]}, []ID{Zero})}, []ID{k["-1"], u.FromOptions([]ID{Zero}, []ID{u.Number(Int(-2))})}), "+-(1,{2|0})"},
		{u.FromOptions([]ID{Zero}, []ID{u.Sum(k["^"], k["^"], k["*"])}), "^3"},
	}
	for _, c := range cases {
		if got := u.String(c.g); got != c.want {
			t.Errorf("String = %q, want %q", got, c.want)
		}
	}
	for _, c := range []struct {
		g    ID
		want string
	}{
		{k["^"], "{0|{0|0}}"}, {k["+-1"], "{{0|}|{|0}}"}, {k["0"], "0"}, {k["*2"], "{0,{0|0}|0,{0|0}}"},
	} {
		if got, _ := u.Explicit(c.g, 1000); got != c.want {
			t.Errorf("Explicit = %q, want %q", got, c.want)
		}
	}
	for name, want := range map[string]int{"0": 0, "1": 1, "1/2": 2, "*2": 2, "^": 2, "+-1": 2, "{2||1|0}": 3} {
		if got := u.Birthday(k[name]); got != want {
			t.Errorf("birthday of %s = %d, want %d", name, got, want)
		}
	}
	if !u.Ge(k["1"], k["^"]) || u.Ge(k["*"], k["^"]) || u.Compare(k["^"], k["*"]) != Confused || u.Compare(k["1/2"], k["1"]) != Less {
		t.Error("comparisons of 1, ^, * and 1/2 are wrong")
	}
	if _, err := u.Explicit(k["{2||1|0}"], 5); err != ErrTooLarge {
		t.Errorf("Explicit past its limit: %v", err)
	}
}

func TestStopsMeanTemperature(t *testing.T) {
	u := NewUniverse(16)
	k := known(u)
	d := func(num int64, exp uint) Dyadic { return NewDyadic(num, exp) }
	cases := []struct {
		name               string
		ls, rs, mean, temp Dyadic
	}{
		{"0", d(0, 0), d(0, 0), d(0, 0), d(-1, 0)},
		{"1/2", d(1, 1), d(1, 1), d(1, 1), d(-1, 1)},
		{"*", d(0, 0), d(0, 0), d(0, 0), d(0, 0)},
		{"^", d(0, 0), d(0, 0), d(0, 0), d(0, 0)},
		{"+-1", d(1, 0), d(-1, 0), d(0, 0), d(1, 0)},
		{"{2|-1/2}", d(2, 0), d(-1, 1), d(3, 2), d(5, 2)},
		{"{2||1|0}", d(2, 0), d(1, 0), d(5, 2), d(3, 2)},
	}
	for _, c := range cases {
		g := k[c.name]
		ls, rs := u.Stops(g)
		if ls != c.ls || rs != c.rs || u.Mean(g) != c.mean || u.Temperature(g) != c.temp {
			t.Errorf("%s: stops %v %v mean %v temperature %v; want %v %v %v %v",
				c.name, ls, rs, u.Mean(g), u.Temperature(g), c.ls, c.rs, c.mean, c.temp)
		}
	}
}

func TestAtomicWeight(t *testing.T) {
	u := NewUniverse(16)
	k := known(u)
	up, star := k["^"], k["*"]
	cases := []struct {
		g    ID
		want string
	}{
		{Zero, "0"}, {star, "0"}, {up, "1"}, {u.Add(up, star), "1"}, {u.Sum(up, up, star), "2"},
		{u.Neg(u.Multiple(up, 3)), "-3"}, {u.Nim(2), "0"},
		{u.FromOptions([]ID{Zero}, []ID{u.Sum(up, up, star)}), "3"},
	}
	for _, c := range cases {
		aw, err := u.AtomicWeight(c.g)
		if err != nil || u.String(aw) != c.want {
			t.Errorf("aw(%s) = %s, %v; want %s", u.String(c.g), u.String(aw), err, c.want)
		}
	}
	if _, err := u.AtomicWeight(k["+-1"]); err != ErrNotAtomic {
		t.Errorf("aw(+-1): %v, want ErrNotAtomic", err)
	}
}

func TestThermograph(t *testing.T) {
	u := NewUniverse(16)
	k := known(u)
	type walls struct{ left, right [][2]float64 }
	cases := []struct {
		name string
		want walls
	}{
		{"1/2", walls{[][2]float64{{0, 0.5}}, [][2]float64{{0, 0.5}}}},
		{"*", walls{[][2]float64{{0, 0}}, [][2]float64{{0, 0}}}},
		{"+-1", walls{[][2]float64{{0, 1}, {1, 0}}, [][2]float64{{0, -1}, {1, 0}}}},
		// Left's option 2 gives the wall 2-t; Right's option {1|0} has
		// left wall 1-t up to its mast at 1/2 from t = 1/2, so Right's
		// wall is 1, then 1/2+t; they meet at t = 3/4, x = 5/4.
		{"{2||1|0}", walls{[][2]float64{{0, 2}, {0.75, 1.25}}, [][2]float64{{0, 1}, {0.5, 1}, {0.75, 1.25}}}},
	}
	for _, c := range cases {
		l, r := u.Thermograph(k[c.name])
		if !reflect.DeepEqual(walls{l, r}, c.want) {
			t.Errorf("%s: walls %v %v; want %v %v", c.name, l, r, c.want.left, c.want.right)
		}
	}
}
