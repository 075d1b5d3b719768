package crosscheck

import (
	"context"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/games/domineering"
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
