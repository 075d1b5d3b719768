package census

import (
	"encoding/xml"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/tablebase"
)

// listed is a Source of fixed values, built in its universe.
type listed struct {
	values func(u *cgt.Universe) []cgt.ID
}

// notation is a position written as its value.
type notation string

func (n notation) String() string { return string(n) }

func (l listed) EachValue(_ *tablebase.File, u *cgt.Universe, fn func(int, fmt.Stringer, cgt.ID) error) error {
	for i, v := range l.values(u) {
		if err := fn(1+i%2, notation(u.String(v)), v); err != nil {
			return err
		}
	}
	return nil
}

// TestNamed: nimbers, multiples of up, tinies and minies are named and
// counted by class; numbers and other games are not.
func TestNamed(t *testing.T) {
	src := listed{func(u *cgt.Universe) []cgt.ID {
		star, two := u.Nim(1), u.Number(cgt.Int(2))
		tiny2 := u.FromOptions([]cgt.ID{cgt.Zero}, []cgt.ID{u.FromOptions([]cgt.ID{cgt.Zero}, []cgt.ID{u.Neg(two)})})
		pm1 := u.FromOptions([]cgt.ID{u.Number(cgt.Int(1))}, []cgt.ID{u.Number(cgt.Int(-1))})
		// Level 1 gets the even places, level 2 the odd ones.
		return []cgt.ID{star, u.Nim(2), u.Up(), u.Add(u.Up(), star), star, u.Neg(u.Up()), tiny2, u.Neg(tiny2), pm1, u.Number(cgt.NewDyadic(1, 1))}
	}}
	levels, err := Count(src, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []map[string]int64{
		{"*": 2, "^": 1, "Tiny(2)": 1},
		{"*2": 1, "^*": 1, "v": 1, "Miny(2)": 1},
	}
	for i, l := range levels {
		if !maps.Equal(l.Named, want[i]) {
			t.Errorf("level %d: named %v, want %v", l.N, l.Named, want[i])
		}
	}
}

// TestCount counts values whose properties are known by hand: level 1
// gets 0, ±1, 1/2 and ±1 again; level 2 gets *, {2|0}, -3/4 and ^.
func TestCount(t *testing.T) {
	src := listed{func(u *cgt.Universe) []cgt.ID {
		pm1 := u.FromOptions([]cgt.ID{u.Number(cgt.Int(1))}, []cgt.ID{u.Number(cgt.Int(-1))})
		return []cgt.ID{
			cgt.Zero, u.Nim(1),
			pm1, u.FromOptions([]cgt.ID{u.Number(cgt.Int(2))}, []cgt.ID{cgt.Zero}),
			u.Number(cgt.NewDyadic(1, 1)), u.Number(cgt.NewDyadic(-3, 2)),
			pm1, u.Up(),
		}
	}}
	levels, err := Count(src, nil)
	if err != nil {
		t.Fatal(err)
	}
	one, two := levels[0], levels[1]
	if one.Classes != 4 || one.Values != 3 || two.Classes != 4 || two.Values != 4 {
		t.Fatalf("classes and values: %+v %+v", one, two)
	}
	if one.Outcomes['P'] != 1 || one.Outcomes['N'] != 2 || one.Outcomes['L'] != 1 || two.Outcomes['N'] != 2 || two.Outcomes['L'] != 1 || two.Outcomes['R'] != 1 {
		t.Errorf("outcomes %v %v", one.Outcomes, two.Outcomes)
	}
	if one.MaxTemp != cgt.Int(1) || one.HotCount != 2 || two.MaxTemp != cgt.Int(1) || two.HotCount != 1 {
		t.Errorf("temperatures %v (%d) %v (%d)", one.MaxTemp, one.HotCount, two.MaxTemp, two.HotCount)
	}
	if !slices.Equal(one.Numbers, []cgt.Dyadic{cgt.Int(0), cgt.NewDyadic(1, 1)}) || !slices.Equal(two.Numbers, []cgt.Dyadic{cgt.NewDyadic(-3, 2)}) {
		t.Errorf("numbers %v %v", one.Numbers, two.Numbers)
	}
	if len(one.Switches) != 1 || one.Switches[0] != [2]cgt.Dyadic{cgt.Int(1), cgt.Int(-1)} || len(two.Switches) != 1 || two.Switches[0] != [2]cgt.Dyadic{cgt.Int(2), cgt.Int(0)} {
		t.Errorf("switches %v %v", one.Switches, two.Switches)
	}
	// 0 on level 1 (a number: no atomic weight counted); * (weight 0) and
	// ^ (weight 1) on level 2.
	if one.Infinite != 1 || one.AtomicLo != "" || two.Infinite != 2 || two.AtomicLo != "0" || two.AtomicHi != "1" {
		t.Errorf("infinitesimals %+v %+v", one, two)
	}
	var b strings.Builder
	WriteTable(&b, "test", levels)
	if !strings.Contains(b.String(), "switches (1): {1|-1}") {
		t.Errorf("table:\n%s", b.String())
	}
	files, err := WriteSVG(t.TempDir(), "test", levels)
	if err != nil || len(files) != 3 {
		t.Fatal(files, err)
	}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var doc struct{ XMLName xml.Name }
		if err := xml.Unmarshal(data, &doc); err != nil || doc.XMLName.Local != "svg" {
			t.Errorf("%s: not an SVG document: %v", filepath.Base(path), err)
		}
	}
}
