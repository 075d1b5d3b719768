// Package crosscheck checks a Domineering board's exact value against the
// whole-board search, which shares no code with the value engine but the
// rules: the value's outcome is the board's outcome whoever starts; the
// board beside its transpose is 0 (the transpose is the negative), or
// where the two pass 64 cells, the transpose's outcome is the board's
// with L and R exchanged; and for each integer n around the value's
// stops, the board beside a strip worth -n (a row of 2n cells) or +n (n
// vertical dominoes) has the outcome that the value's comparison with n
// predicts.
package crosscheck

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/tablebase/tablebase/query"
)

// Check is one comparison: a position, what it tests, the outcome the
// exact values give and the one the search gives ("" when not searched),
// and the outcome the exact values must give ("" when any). A position of
// more than 64 cells (a wide board beside a long strip) is not checked.
type Check struct {
	Position, What string
	Exact, Search  string
	Want           string
	TooLarge       bool
}

// OK reports whether the exact values and the search agree, and the exact
// values give the outcome wanted.
func (c Check) OK() bool {
	if c.Want != "" && c.Exact != c.Want {
		return false
	}
	return c.Search == "" || c.Exact == c.Search
}

// maxCells is the largest board the exact values take.
const maxCells = 64

// swapped is the outcome of a transposed board: Left and Right exchange.
var swapped = map[string]string{"L": "R", "R": "L", "N": "N", "P": "P"}

// Board runs the checks of the board (rows separated by '|', '.' for an
// empty cell, '#' for a covered one) with q, a Domineering querier: its
// exact values and its whole-board search; searchTranspose also searches
// the board beside its transpose (a harder search than the board alone).
func Board(ctx context.Context, q query.Querier, board string, searchTranspose bool) ([]Check, error) {
	rows := strings.Split(board, "|")
	value := q.Query(ctx, board, query.Options{Details: true})
	if value.Error != "" {
		return nil, fmt.Errorf("%s: %s", board, value.Error)
	}
	lo, err := bound(value.RightStop, math.Floor)
	if err != nil {
		return nil, err
	}
	hi, err := bound(value.LeftStop, math.Ceil)
	if err != nil {
		return nil, err
	}
	checks := []Check{{Position: board, What: "board"}}
	// The board beside its transpose is 0 when the two fit in one board;
	// otherwise the transpose alone has the outcome with L and R swapped.
	h, w := len(rows), len(rows[0])
	if max(h, w)*(h+w+1) <= maxCells {
		checks = append(checks, Check{Position: beside(rows, transpose(rows)), What: "board + transpose", Want: "P"})
	} else {
		checks = append(checks, Check{Position: strings.Join(transpose(rows), "|"), What: "transpose", Want: swapped[value.Outcome]})
	}
	for n := lo - 1; n <= hi+1; n++ {
		if n == 0 {
			continue // the board itself
		}
		checks = append(checks, stripCheck(rows, n))
	}
	for i := range checks {
		c := &checks[i]
		if cells(c.Position) > maxCells {
			c.TooLarge = true
			continue
		}
		a := q.Query(ctx, c.Position, query.Options{})
		if a.Error != "" {
			return nil, fmt.Errorf("%s: %s", c.Position, a.Error)
		}
		c.Exact = a.Outcome
		if c.What == "board + transpose" && !searchTranspose {
			continue
		}
		s := q.Query(ctx, c.Position, query.Options{OutcomeOnly: true})
		if s.Error != "" {
			return nil, fmt.Errorf("%s: search: %s", c.Position, s.Error)
		}
		c.Search = s.Outcome
	}
	return checks, nil
}

// stripCheck is the check of the board beside a strip worth -n.
func stripCheck(rows []string, n int) Check {
	what := fmt.Sprintf("board - %d", n)
	if n < 0 {
		what = fmt.Sprintf("board + %d", -n)
	}
	return Check{Position: withStrip(rows, n), What: what}
}

// cells is the number of cells of a position's rectangle.
func cells(position string) int {
	rows := strings.Split(position, "|")
	return len(rows) * len(rows[0])
}

// bound rounds a stop, written as an integer or a fraction, with round.
func bound(stop string, round func(float64) float64) (int, error) {
	r, ok := new(big.Rat).SetString(stop)
	if !ok {
		return 0, fmt.Errorf("a stop %q that is not a number", stop)
	}
	f, _ := r.Float64()
	return int(round(f)), nil
}

// transpose exchanges the rows and columns of a board.
func transpose(rows []string) []string {
	out := make([]string, len(rows[0]))
	for j := range out {
		var b strings.Builder
		for _, row := range rows {
			b.WriteByte(row[j])
		}
		out[j] = b.String()
	}
	return out
}

// grid is a board being drawn: rows of '#' that cells are opened in.
type grid [][]byte

func newGrid(h, w int) grid {
	g := make(grid, h)
	for i := range g {
		g[i] = []byte(strings.Repeat("#", w))
	}
	return g
}

// put copies a board's rows into the grid from (r, c).
func (g grid) put(rows []string, r, c int) {
	for i, row := range rows {
		copy(g[r+i][c:], row)
	}
}

func (g grid) String() string {
	rows := make([]string, len(g))
	for i, row := range g {
		rows[i] = string(row)
	}
	return strings.Join(rows, "|")
}

// beside places two boards side by side, a column of '#' between them.
func beside(a, b []string) string {
	g := newGrid(max(len(a), len(b)), len(a[0])+1+len(b[0]))
	g.put(a, 0, 0)
	g.put(b, 0, len(a[0])+1)
	return g.String()
}

// withStrip returns the board beside a strip worth -n: for n > 0 a row of
// 2n cells (Right's n moves), for n < 0 -n separate vertical dominoes
// (Left's -n moves), for n = 0 the board alone. The strip goes below the
// board or to its right, whichever makes the smaller board.
func withStrip(rows []string, n int) string {
	var strip []string
	switch {
	case n > 0:
		strip = []string{strings.Repeat(".", 2*n)}
	case n < 0:
		row := strings.Repeat(".#", -n)[:2*-n-1]
		strip = []string{row, row}
	default:
		return strings.Join(rows, "|")
	}
	h, w := len(rows), len(rows[0])
	sh, sw := len(strip), len(strip[0])
	below := newGrid(h+1+sh, max(w, sw))
	right := newGrid(max(h, sh), w+1+sw)
	g := below
	g.put(strip, h+1, 0)
	if len(right)*len(right[0]) < len(below)*len(below[0]) {
		g = right
		g.put(strip, 0, w+1)
	}
	g.put(rows, 0, 0)
	return g.String()
}
