package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/internal/notation"
)

// everyCell lists the moves a script tries in turn: illegal ones are
// refused and the next line is read, so the person's moves are the first
// legal ones in this order.
func everyCell(cells []string) string { return strings.Join(cells, "\n") + "\n" }

func cubeCells(n int) []string {
	var out []string
	for l := range n {
		for r := range n {
			for c := range n {
				out = append(out, notation.Cell3(l, r, c))
			}
		}
	}
	return out
}

func pieces2D(h, w int) []string {
	var out []string
	for r := range h {
		for c := range w {
			if r+1 < h {
				out = append(out, notation.Cell(r, c)+"-"+notation.Cell(r+1, c))
			}
			if c+1 < w {
				out = append(out, notation.Cell(r, c)+"-"+notation.Cell(r, c+1))
			}
		}
	}
	return out
}

func pieces3D(a, b, c int) []string {
	var out []string
	for i := range a {
		for j := range b {
			for k := range c {
				p := notation.Point(i, j, k)
				if i+1 < a {
					out = append(out, p+"-"+notation.Point(i+1, j, k))
				}
				if j+1 < b {
					out = append(out, p+"-"+notation.Point(i, j+1, k))
				}
				if k+1 < c {
					out = append(out, p+"-"+notation.Point(i, j, k+1))
				}
			}
		}
	}
	return out
}

func TestPlay(t *testing.T) {
	cases := []struct {
		name  string
		args  []string
		input string
		want  string // the last line of the game
	}{
		{"domineering, person wins", []string{"domineering", "..|..", "--as", "L"}, "hint\na1-b1\nA2-a1\n", "Right (horizontal) has no move: Left (vertical) wins."},
		{"domineering, tb wins", []string{"domineering", "...|...", "--as", "R"}, everyCell(pieces2D(2, 3)), "wins."},
		{"xt-domineering", []string{"xt-domineering", "...|...", "--as", "R", "--first", "R"}, everyCell(append(pieces2D(2, 3), "a1", "b1", "c1", "a2", "b2", "c2")), "wins."},
		{"ttt3d, tb as x wins", []string{"ttt3d", "--as", "o"}, strings.Repeat(everyCell(cubeCells(3)), 4), "x has a line and wins."},
		{"sync-domineering, tb as V wins", []string{"sync-domineering", "...|...", "--as", "H"}, everyCell(pieces2D(2, 3)), "Game over: Vertical wins."},
		{"domineering3d", []string{"domineering3d", "2x2x2", "--as", "X"}, strings.Repeat(everyCell(pieces3D(2, 2, 2)), 3), "Z wins."},
		{"quit", []string{"ttt3d"}, "quit\n", "x to move (e.g. 2b2; hint; quit): "},
	}
	for _, c := range cases {
		out, errOut, code := tb(t, c.input, append([]string{"play"}, c.args...)...)
		lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
		last := lines[len(lines)-1]
		if code != 0 || !strings.HasSuffix(last, c.want) {
			t.Errorf("%s: exit %d, last line %q (want ...%q)\n%s%s", c.name, code, last, c.want, out, errOut)
		}
	}
	for _, args := range [][]string{{"chess"}, {"domineering", "--as", "X"}, {"ttt3d", "--as", "y"}, {"domineering3d", "--order", "XXY"}, {"sync-domineering", "--as", "L"}} {
		if _, _, code := tb(t, "", append([]string{"play"}, args...)...); code != 2 {
			t.Errorf("play %v: exit %d, want 2", args, code)
		}
	}
	if out, _, _ := tb(t, "quit\n", "play", "domineering3d", "2x2x3"); !strings.Contains(out, "i=1      i=2\n. . .    . . .") || !strings.Contains(out, "Z can force a win.") {
		t.Errorf("domineering3d shows no grid or no outcome:\n%s", out)
	}
	for _, g := range []string{"cram", "clobber"} {
		out, errOut, code := tb(t, strings.Repeat(everyCell(pieces2D(3, 4)), 3), "play", g, "--as", "R")
		if lines := strings.Split(strings.TrimSpace(out), "\n"); code != 0 || !strings.HasSuffix(lines[len(lines)-1], "wins.") {
			t.Errorf("%s: exit %d\n%s%s", g, code, out, errOut)
		}
	}
	if _, errOut, code := tb(t, "", "play", "domineering", "..x"); code != 1 || !strings.Contains(errOut, "bad character") {
		t.Errorf("bad position: exit %d %s", code, errOut)
	}
}

// TestPlaySearch plays a large board: tb answers within --think and says
// when it did not solve the position.
func TestPlaySearch(t *testing.T) {
	t.Setenv("TB_DOMINEERING_DB", filepath.Join(t.TempDir(), "none.db"))
	board := strings.TrimSuffix(strings.Repeat("........|", 8), "|")
	out, errOut, code := tb(t, "quit\n", "play", "domineering", board, "--as", "R", "--think", "50ms")
	if code != 0 || !strings.Contains(out, "not solved within 50ms") || !strings.Contains(errOut, "no domineering tablebase") {
		t.Errorf("exit %d\n%s\n%s", code, out, errOut)
	}
	// A board of 32 empty cells the search settles at once: Right has no
	// move at all, and any move wins for Left.
	columns := strings.TrimSuffix(strings.Repeat(".#.#.#.#|", 8), "|")
	out, _, code = tb(t, "", "play", "domineering", columns, "--as", "R")
	if code != 0 || !regexp.MustCompile(`tb plays [aceg][1-7]-[aceg][2-8] for Left \(vertical\) \(it wins\)\.`).MatchString(out) || !strings.Contains(out, "Right (horizontal) has no move") {
		t.Errorf("exit %d\n%s", code, out)
	}
}

// TestPlayBlocked: a 4x4x4 board with blocked cells that the exact search
// cannot finish is played from its proved answer, every legal move open
// to the person.
func TestPlayBlocked(t *testing.T) {
	cells := []byte(strings.Repeat(".", 64))
	for i := range 4 {
		for _, c := range [][3]int{{i, i, i}, {i, i, 3 - i}, {i, 3 - i, i}, {3 - i, i, i}} {
			cells[(c[0]*4+c[1])*4+c[2]] = '#'
		}
	}
	out, errOut, code := tb(t, "hint\nquit\n", "play", "ttt3d", string(cells))
	for _, want := range []string{"x to move: draw in 48 plies", "  1b1          draw in 48"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Fatalf("exit %d, want %q in\n%s%s", code, want, out, errOut)
		}
	}
}
