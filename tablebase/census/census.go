// Package census counts what a tablebase of exact values holds, level by
// level (regions of n cells, groups of n stones): the classes, the
// distinct canonical values, the outcome classes, the hottest positions,
// the atomic weights of the infinitesimals, and which numbers and switches
// occur. tb stats prints it and draws it.
package census

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/tablebase"
)

// Source is a game whose files hold exact values.
type Source interface {
	// EachValue calls fn with every class f stores: its level, the
	// position (its String is the game's notation), and its value in u.
	EachValue(f *tablebase.File, u *cgt.Universe, fn func(level int, pos fmt.Stringer, v cgt.ID) error) error
}

// Level is the census of one level.
type Level struct {
	N        int             // the level: cells or stones
	Classes  int64           // classes stored
	Values   int             // distinct canonical values
	Outcomes map[byte]int64  // classes by outcome: L, R, N, P
	MaxTemp  cgt.Dyadic      // the largest temperature
	Hottest  []string        // positions of that temperature (at most maxHottest)
	HotCount int64           // how many classes reach it
	Infinite int64           // infinitesimal classes
	AtomicLo string          // the least and greatest atomic weight that is a number,
	AtomicHi string          // or "" when no infinitesimal has one
	Numbers  []cgt.Dyadic    // the numbers that occur, in order
	Switches [][2]cgt.Dyadic // the switches {a|b} (a > b numbers) that occur, in order
	// Named holds the infinitesimals with names and the classes of each:
	// nimbers *n and multiples of up (n.^ and n.^*), as NUS strings, and
	// tinies and minies, as Tiny(y) and Miny(y).
	Named map[string]int64
}

// maxHottest bounds the hottest positions kept per level.
const maxHottest = 5

// Count reads every class of f through src.
func Count(src Source, f *tablebase.File) ([]Level, error) {
	u := cgt.NewUniverse(20)
	byLevel := map[int]*counter{}
	err := src.EachValue(f, u, func(level int, pos fmt.Stringer, v cgt.ID) error {
		c := byLevel[level]
		if c == nil {
			c = &counter{u: u, lv: Level{N: level, Outcomes: map[byte]int64{}}, values: map[cgt.ID]valueInfo{}}
			c.lv.Named = map[string]int64{}
			byLevel[level] = c
		}
		c.add(pos, v)
		return nil
	})
	if err != nil {
		return nil, err
	}
	var out []Level
	for _, c := range byLevel {
		out = append(out, c.finish())
	}
	slices.SortFunc(out, func(a, b Level) int { return cmp.Compare(a.N, b.N) })
	return out, nil
}

// counter gathers one level.
type counter struct {
	u        *cgt.Universe
	lv       Level
	numbers  map[cgt.Dyadic]bool
	switches map[[2]cgt.Dyadic]bool
	awLo     cgt.Dyadic
	awHi     cgt.Dyadic
	hasAW    bool
	values   map[cgt.ID]valueInfo // what each distinct value of the level is, found once
}

// valueInfo is what the census reads of a distinct value.
type valueInfo struct {
	temp cgt.Dyadic
	name string // named(v)
}

func (c *counter) add(pos fmt.Stringer, v cgt.ID) {
	u := c.u
	c.lv.Classes++
	c.lv.Outcomes[byte(u.Outcome(v))]++
	info, seen := c.values[v]
	if !seen {
		info = valueInfo{temp: u.Temperature(v), name: named(u, v)}
		c.values[v] = info
	}
	t := info.temp
	switch d := t.Cmp(c.lv.MaxTemp); {
	case c.lv.Classes == 1 || d > 0:
		c.lv.MaxTemp, c.lv.Hottest, c.lv.HotCount = t, []string{pos.String()}, 1
	case d == 0:
		c.lv.HotCount++
		if len(c.lv.Hottest) < maxHottest {
			c.lv.Hottest = append(c.lv.Hottest, pos.String())
		}
	}
	if u.IsInfinitesimal(v) {
		c.lv.Infinite++
	}
	if info.name != "" {
		c.lv.Named[info.name]++
	}
	if seen {
		return
	}
	c.lv.Values++
	if x, ok := u.IsNumber(v); ok {
		if c.numbers == nil {
			c.numbers = map[cgt.Dyadic]bool{}
		}
		c.numbers[x] = true
		return
	}
	if l, r := u.Left(v), u.Right(v); len(l) == 1 && len(r) == 1 {
		a, aok := u.IsNumber(l[0])
		b, bok := u.IsNumber(r[0])
		if aok && bok && a.Cmp(b) > 0 {
			if c.switches == nil {
				c.switches = map[[2]cgt.Dyadic]bool{}
			}
			c.switches[[2]cgt.Dyadic{a, b}] = true
		}
	}
	if u.IsInfinitesimal(v) {
		if aw, err := u.AtomicWeight(v); err == nil {
			if x, ok := u.IsNumber(aw); ok {
				if !c.hasAW || x.Cmp(c.awLo) < 0 {
					c.awLo = x
				}
				if !c.hasAW || x.Cmp(c.awHi) > 0 {
					c.awHi = x
				}
				c.hasAW = true
			}
		}
	}
}

// named returns the name of v when it is a nimber, a multiple of up
// (plus a nimber) or a tiny or miny, and "" otherwise.
func named(u *cgt.Universe, v cgt.ID) string {
	if n, ok := u.AsNUS(v); ok && n.Number.Sign() == 0 && (n.Ups != 0 || n.Nim != 0) {
		return n.String()
	}
	if y, miny, ok := u.AsTiny(v); ok {
		if miny {
			return "Miny(" + u.String(y) + ")"
		}
		return "Tiny(" + u.String(y) + ")"
	}
	return ""
}

func (c *counter) finish() Level {
	for x := range c.numbers {
		c.lv.Numbers = append(c.lv.Numbers, x)
	}
	slices.SortFunc(c.lv.Numbers, cgt.Dyadic.Cmp)
	for s := range c.switches {
		c.lv.Switches = append(c.lv.Switches, s)
	}
	slices.SortFunc(c.lv.Switches, func(a, b [2]cgt.Dyadic) int {
		if d := a[0].Sub(a[1]).Cmp(b[0].Sub(b[1])); d != 0 {
			return d
		}
		return a[0].Cmp(b[0])
	})
	slices.Sort(c.lv.Hottest)
	if c.hasAW {
		c.lv.AtomicLo, c.lv.AtomicHi = c.awLo.String(), c.awHi.String()
	}
	return c.lv
}
