package synchronized

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/internal/region"
	"github.com/tablebase/tablebase/query"
)

// TestTasksBoards: the question and the board are read and written back
// as plans hold them, and bad ones are refused with a reason.
func TestTasksBoards(t *testing.T) {
	g, err := Domineering.Tasks(nil, &query.Config{Workers: 1, TableBits: 16})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ in, out, err string }{
		{"draw:2x3", "draw:...|...", ""},
		{"win:..#|...", "win:..#|...", ""},
		{"draw:8x16", "draw:" + strings.TrimSuffix(strings.Repeat(strings.Repeat(".", 16)+"|", 8), "|"), ""},
		{"2x3", "", "want win:BOARD or draw:BOARD"},
		{"lose:2x3", "", "want win:BOARD or draw:BOARD"},
		{"draw:0x3", "", "want RxC"},
		{"draw:17x16", "", "want RxC"},
		{"draw:4294967296x4294967296", "", "want RxC"},
		{"draw:..|.x", "", "bad character"},
		{"draw:...|...>a1-a2", "", "no piece chosen"},
	} {
		out, err := g.Board(c.in)
		if out != c.out || c.err == "" && err != nil || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("Board(%q) = %q, %v; want %q, error %q", c.in, out, err, c.out, c.err)
		}
	}
	for b, want := range map[string]bool{
		"draw:....|....|....|....": true, "win:...|...": false, "draw:...|#..": false, "draw:.#.|...|...": false,
		"draw:..#|...|#..": true, "draw:..#|...|...": true, // transposed; reflected in the other diagonal
	} {
		if g.SelfDual(b) != want {
			t.Errorf("SelfDual(%q) = %v", b, !want)
		}
	}
	for _, c := range []struct {
		board string
		left  bool
		move  string
	}{
		{"draw:...|...", true, "a1-b1"},        // horizontal, not Vertical's
		{"draw:...|...", false, "a1-a2"},       // vertical, not Horizontal's
		{"draw:...|...", true, Pass},           // both can move
		{"draw:...|...>a1-b1", false, "a1-b1"}, // a pending piece that is not Vertical's
	} {
		if _, err := g.Play(c.board, c.left, c.move); err == nil || !strings.Contains(err.Error(), "is not a move of") {
			t.Errorf("Play(%q, %v, %q): %v", c.board, c.left, c.move, err)
		}
	}
	if got := g.(interface{ Tell(string, string) string }).Tell("draw:4x4", "N"); !strings.HasSuffix(got, "class D") {
		t.Errorf("Tell draw N: %q", got)
	}
}

// TestTasksGameMatchesNaive checks the trees tb solve builds against the
// naive solver of the rules on random positions: the one asked wins his
// tree exactly when he can guarantee the result, a pending piece is
// refuted exactly when some reply leaves him less, every move plays as
// the rules say, and a board wins exactly when one of its moves is not
// refuted (12 positions a board, the first 6 with -short).
func TestTasksGameMatchesNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	ctx := context.Background()
	for _, v := range []Variant{Triomineering, Domineering} {
		g, err := v.Tasks(nil, &query.Config{TableBits: 16})
		if err != nil {
			t.Fatal(err)
		}
		for _, shape := range [][2]int{{1, 1}, {2, 2}, {3, 3}, {3, 4}, {4, 3}, {2, 5}} {
			h, w := shape[0], shape[1]
			n := &naive{v: v, h: h, w: w}
			for trial := range 12 {
				bits := uint64(1)<<(h*w) - 1
				if trial > 0 {
					bits &= rng.Uint64() | rng.Uint64()
				}
				if testing.Short() && trial >= 6 {
					continue
				}
				b := BoardOf(region.Region{H: uint8(h), W: uint8(w), Bits: bits})
				want := n.solve(b.Cells)
				for _, k := range []Guarantee{Draw, Win} {
					for p := range Player(2) {
						left := p == Vertical
						board := node{b: b, k: k}.String()
						wins, solved, err := g.Solve(ctx, board, left)
						if err != nil || !solved || wins != (want[p] >= int(k)) {
							t.Fatalf("%s %s, player %d: wins %v, %v; naive %v", v.Name(), board, p, wins, err, want)
						}
						moves, err := g.Moves(board, left)
						if err != nil {
							t.Fatal(err)
						}
						some := false
						for _, m := range moves {
							pending, err := g.Play(board, left, m)
							if err != nil {
								t.Fatal(err)
							}
							refuted, _, err := g.Solve(ctx, pending, !left)
							if err != nil {
								t.Fatal(err)
							}
							replies, _ := g.Moves(pending, !left)
							anyLess := false
							for _, r := range replies {
								after, err := g.Play(pending, !left, r)
								if err != nil {
									t.Fatal(err)
								}
								a, err := parseNode(after)
								if err != nil || a.b.Cells.Count() > b.Cells.Count()-v.Length || a.pending != "" {
									t.Fatalf("%s then %s: %s, %v", pending, r, after, err)
								}
								anyLess = anyLess || n.solve(a.b.Cells)[p] < int(k)
							}
							if refuted != anyLess {
								t.Fatalf("%s %s, player %d: refuted %v, naive %v", v.Name(), pending, p, refuted, anyLess)
							}
							some = some || !refuted
						}
						if some != wins {
							t.Fatalf("%s %s, player %d: wins %v, a move not refuted %v", v.Name(), board, p, wins, some)
						}
					}
				}
			}
		}
	}
}

// FuzzTasks: any text given to tb solve's view of the game is read or
// refused with an error, never a panic, and a board read writes back as
// text that reads the same.
func FuzzTasks(f *testing.F) {
	for _, s := range []string{"draw:2x3", "win:..#|...", "draw:...|...>a1-a2", "draw:.>pass", "win:3x", "draw:", ":", "win:#|#>a1-b1", "win:17x8", "draw:36x7>c1-c3", "win:10x26"} {
		f.Add(s, "a1-a2", true)
	}
	g, err := Triomineering.Tasks(nil, &query.Config{Workers: 1, TableBits: 16})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s, move string, left bool) {
		if b, err := g.Board(s); err == nil {
			if b2, err := g.Board(b); err != nil || b2 != b {
				t.Fatalf("%q reads as %q, which reads as %q, %v", s, b, b2, err)
			}
		}
		g.SelfDual(s)
		g.Moves(s, left)
		g.Play(s, left, move)
		g.(interface{ Tell(string, string) string }).Tell(s, move)
		if n, err := parseNode(s); err == nil && n.b.Cells.Count() <= 16 {
			g.Solve(context.Background(), s, left)
		}
	})
}

// TestMovesOnePerReflection: on empty boards, and with a piece of the
// one asked pending, tb solve's moves are one piece of each set that the
// board's reflections (keeping the pending piece) map onto one another,
// counted here from the pieces' coordinates.
func TestMovesOnePerReflection(t *testing.T) {
	for _, c := range []struct {
		v       Variant
		h, w    int
		pending string // Vertical's piece chosen, or ""
		want    [2]int // Vertical's moves, Horizontal's
	}{
		{Triomineering, 14, 7, "", [2]int{24, 21}},     // 4 columns x 6 pairs of rows; 7 pairs of rows x 3
		{Triomineering, 14, 7, "d1-d3", [2]int{0, 42}}, // the mirror in the middle column: 3 pieces a row
		{Domineering, 4, 4, "", [2]int{4, 4}},
		{Domineering, 3, 5, "c1-c2", [2]int{0, 6}},
	} {
		g, err := c.v.Tasks(nil, &query.Config{Workers: 1, TableBits: 12})
		if err != nil {
			t.Fatal(err)
		}
		board := node{b: FullBoard(c.h, c.w), k: Win}.String()
		if c.pending != "" {
			if board, err = g.Play(board, true, c.pending); err != nil {
				t.Fatal(err)
			}
		}
		for p, want := range c.want {
			if c.pending != "" && p == int(Vertical) {
				continue
			}
			moves, err := g.Moves(board, p == int(Vertical))
			if err != nil || len(moves) != want || want != orbits(c.v, c.h, c.w, Player(p), c.pending) {
				t.Errorf("%s %s, player %d: %d moves %v, %v; want %d, counted %d", c.v.Name(), board, p, len(moves), moves, err, want, orbits(c.v, c.h, c.w, Player(p), c.pending))
			}
		}
	}
}

// orbits counts p's pieces on the empty h x w board up to the
// reflections that keep the piece pending (named as tb names it, or "").
func orbits(v Variant, h, w int, p Player, pending string) int {
	type piece struct{ r, c int }
	image := func(x piece, rows, cols bool, vertical bool) piece {
		lr, lc := 0, 0 // the extent of the piece past its start
		if vertical {
			lr = v.Length - 1
		} else {
			lc = v.Length - 1
		}
		if rows {
			x.r = h - 1 - lr - x.r
		}
		if cols {
			x.c = w - 1 - lc - x.c
		}
		return x
	}
	var keep [][2]bool
	for _, m := range [][2]bool{{false, false}, {true, false}, {false, true}, {true, true}} {
		if pending != "" {
			col, row := int(pending[0]-'a'), int(pending[1]-'1')
			if image(piece{row, col}, m[0], m[1], true) != (piece{row, col}) {
				continue
			}
		}
		keep = append(keep, m)
	}
	seen := map[piece]bool{}
	n := 0
	for r := range h {
		for c := range w {
			x := piece{r, c}
			vertical := p == Vertical
			if vertical && r+v.Length > h || !vertical && c+v.Length > w || seen[x] {
				continue
			}
			n++
			for _, m := range keep {
				seen[image(x, m[0], m[1], vertical)] = true
			}
		}
	}
	return n
}
