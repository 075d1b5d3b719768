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
// refuted.
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
