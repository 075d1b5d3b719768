package crosscheck

import (
	"context"
	"encoding/json"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/games/domineering"
	"github.com/tablebase/tablebase/query"
)

// TestBoards cross-checks the exact values of rectangles and of boards
// with covered cells against the whole-board search.
func TestBoards(t *testing.T) {
	q, err := domineering.NewQuerier(domineering.Plain, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	var boards []string
	for h := 2; h <= 4; h++ {
		for w := 2; w <= 5; w++ {
			boards = append(boards, rectangle(h, w))
		}
	}
	boards = append(boards, "#....|.....|..#..|.....", "..##|....|....|##..|....")
	for _, b := range boards {
		checks, err := Board(context.Background(), q, b, true)
		if err != nil {
			t.Fatal(err)
		}
		if len(checks) < 4 {
			t.Fatalf("%s: %d checks, want the board, its transpose and two strips at least", b, len(checks))
		}
		for _, c := range checks {
			if !c.OK() || c.Search == "" || c.TooLarge {
				t.Errorf("%s: %s (%s): exact %s, search %s", b, c.What, c.Position, c.Exact, c.Search)
			}
		}
	}
}

func rectangle(h, w int) string {
	rows := make([]string, h)
	for i := range rows {
		rows[i] = strings.Repeat(".", w)
	}
	return strings.Join(rows, "|")
}

// TestStrips checks the positions the checks build.
func TestStrips(t *testing.T) {
	rows := []string{"..", ".#"}
	for _, c := range []struct{ got, want string }{
		{withStrip(rows, 0), "..|.#"},
		{withStrip(rows, 1), "..|.#|##|.."},
		{withStrip(rows, 2), "..#....|.######"},
		{withStrip(rows, -1), "..#.|.##."},
		{withStrip(rows, -2), "..#.#.|.##.#."},
		{withStrip([]string{"...."}, 3), "....#......"},
		{beside(rows, transpose(rows)), "..#..|.##.#"},
	} {
		if c.got != c.want {
			t.Errorf("got %s, want %s", c.got, c.want)
		}
	}
}

// TestStoredResults checks every Domineering rectangle value kept in
// results/ (the larger ones computed once, in hours) against the
// whole-board search: its outcome, its transpose's, and the sums with
// strips whose outcomes its stops settle. -short checks every other file
// (by name), each search a few hundredths of a second.
func TestStoredResults(t *testing.T) {
	files, err := filepath.Glob("../../../results/domineering-*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no results found: %v", err)
	}
	q, err := domineering.NewQuerier(domineering.Plain, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range files {
		if testing.Short() && i%2 == 1 {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var a query.Answer
		if err := json.Unmarshal(data, &a); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		checks, err := Stored(context.Background(), q, a)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if len(checks) < 3 {
			t.Errorf("%s: %d checks, want the board, its transpose and a strip at least", f, len(checks))
		}
		t.Logf("%s: %d checks", filepath.Base(f), len(checks))
		for _, c := range checks {
			if !c.OK() {
				t.Errorf("%s: %s (%s): stored %s (want %q), search %s", f, c.What, c.Position, c.Exact, c.Want, c.Search)
			}
		}
	}
}

// TestFromStops checks the outcomes that stops settle.
func TestFromStops(t *testing.T) {
	rat := func(s string) *big.Rat { r, _ := new(big.Rat).SetString(s); return r }
	for _, c := range []struct {
		ls, rs string
		n      int64
		want   string
	}{
		{"5/2", "1/2", 0, "L"},
		{"5/2", "1/2", 1, "N"},
		{"5/2", "1/2", 3, "R"},
		{"1", "-1", 0, "N"},
		{"1", "-1", 1, ""},
		{"0", "0", 0, ""},
		{"-1/2", "-1", 0, "R"},
	} {
		if got := fromStops(rat(c.ls), rat(c.rs), c.n); got != c.want {
			t.Errorf("stops %s, %s less %d: %q, want %q", c.ls, c.rs, c.n, got, c.want)
		}
	}
}

// TestStoredWrong checks that Stored catches a wrong value: 6x7 given the
// outcome and stops of 6x7 less 1 ({3/2|-1/2}, N).
func TestStoredWrong(t *testing.T) {
	q, err := domineering.NewQuerier(domineering.Plain, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	a := query.Answer{Position: rectangle(6, 7), Outcome: "N", LeftStop: "3/2", RightStop: "-1/2"}
	checks, err := Stored(context.Background(), q, a)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range checks {
		if !c.OK() {
			return
		}
	}
	t.Fatal("a wrong value passed every check")
}
