package main

import (
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/cgt"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
	"github.com/tablebase/tablebase/tablebase/forms"
)

func TestValue(t *testing.T) {
	out, errOut, code := tb(t, "", "value", "^+^+*", "{1|0} || 1/2", "* = 0", "-1/2^", "-v")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"  value          ^^*\n", "  atomic weight  2\n", "{1|0} || 1/2: true ({1|0} || 1/2)\n",
		"* = 0: false (* || 0)\n", "-1/2^\n  value          -1/2^\n", "-v\n  value          ^\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("tb value: no %q in\n%s", want, out)
		}
	}
	out, _, code = tb(t, "{2|-1/2}\n\n^ > 0\n", "value", "--json")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 2 {
		t.Fatalf("tb value --json: exit %d, %q", code, out)
	}
	var a, c query.Calculation
	if err := json.Unmarshal([]byte(lines[0]), &a); err != nil || a.Value != "{2|-1/2}" || a.Mean != "3/4" || a.Temperature != "5/4" ||
		a.LeftStop != "2" || a.RightStop != "-1/2" || a.Outcome != "N" || a.Birthday == nil || *a.Birthday != 3 || a.Thermograph == nil {
		t.Errorf("tb value --json: %q: %+v %v", lines[0], a, err)
	}
	if err := json.Unmarshal([]byte(lines[1]), &c); err != nil || c.Holds == nil || !*c.Holds || c.Relation != ">" {
		t.Errorf("tb value --json: %q", lines[1])
	}
	// Bad expressions exit 1 and say why; bad usage exits 2.
	if _, errOut, code := tb(t, "", "value", "{1|", "1"); code != 1 || !strings.Contains(errOut, "'{' without its '}'") {
		t.Errorf("a bad expression: exit %d, %q", code, errOut)
	}
	for _, args := range [][]string{{"value"}, {"value", "--svg"}, {"value", "--svg", "x.svg", "1", "2"}, {"value", "--bogus", "1"}} {
		if _, _, code := tb(t, "", args...); code != 2 {
			t.Errorf("tb %v: exit %d, want 2", args, code)
		}
	}
	svg := filepath.Join(t.TempDir(), "t.svg")
	if _, errOut, code := tb(t, "", "value", "--svg", svg, "{2|-1/2}"); code != 0 {
		t.Fatalf("tb value --svg: exit %d, %s", code, errOut)
	}
	b, err := os.ReadFile(svg)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		XMLName   xml.Name
		Polylines []struct {
			Points string `xml:"points,attr"`
		} `xml:"polyline"`
	}
	if err := xml.Unmarshal(b, &doc); err != nil || doc.XMLName.Local != "svg" || len(doc.Polylines) != 2 {
		t.Errorf("the thermograph is not an SVG with two walls: %v %+v", err, doc)
	}
}

// TestValuesReadBack: every value a file stores (each game of its games
// table, which holds every value and option tb query prints) reads back
// through the value notation as itself: a Domineering file of up to 11
// cells (1,494 distinct values) and a Clobber file of up to 7 stones
// (367) under -short; 13 cells and 9 stones otherwise. The
// issue's larger check, 15 cells (139,126 values) and 10 stones (56,500),
// 3 minutes, is run by hand: TB_ROUNDTRIP_BIG=1.
func TestValuesReadBack(t *testing.T) {
	dom, clob := "13", "9"
	if testing.Short() {
		dom, clob = "11", "7"
	}
	if os.Getenv("TB_ROUNDTRIP_BIG") != "" {
		dom, clob = "15", "10"
	}
	for _, c := range []struct{ game, cells string }{{"domineering", dom}, {"clobber", clob}} {
		db := filepath.Join(t.TempDir(), c.game+".db")
		if _, errOut, code := tb(t, "", "build", c.game, "--max-cells", c.cells, "--db", db); code != 0 {
			t.Fatalf("build %s: %s", c.game, errOut)
		}
		f, err := tablebase.Open(db)
		if err != nil {
			t.Fatal(err)
		}
		u := cgt.NewUniverse(20)
		r := forms.NewReader(f, u)
		seen := map[cgt.ID]bool{}
		for id := range uint32(f.Meta().Games) {
			g, err := r.Resolve(id)
			if err != nil {
				t.Fatal(err)
			}
			if seen[g] {
				continue
			}
			seen[g] = true
			s := u.String(g)
			back, err := u.Parse(s)
			if err != nil || back != g {
				t.Fatalf("%s: %s reads back as %v, %v", c.game, s, back, err)
			}
		}
		f.Close()
		t.Logf("%s, max-cells %s: %d distinct values read back", c.game, c.cells, len(seen))
	}
}
