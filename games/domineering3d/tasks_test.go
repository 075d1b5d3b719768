package domineering3d

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tablebase/tablebase/internal/bits128"
	"github.com/tablebase/tablebase/query"
)

// TestTasksBoards: questions are read and written back as plans hold
// them (settled: players without a move leave), and bad ones are refused
// with a reason.
func TestTasksBoards(t *testing.T) {
	g, err := Game.Tasks(nil, &query.Config{TableBits: 16})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ in, out, err string }{
		{"X:XYZ:2x2x2", "X:XYZ:2x2x2:..|..|..|..", ""},
		{"Z:ZYX:2x2x3", "Z:ZYX:2x2x3:...|...|...|...", ""},
		{"X:XYZ:2x2x2:##|##|..|..", "X:YZ:2x2x2:##|##|..|..", ""}, // X has no move and leaves
		{"Y:ZY:2x2x2:.#|.#|##|##", "Y:Y:2x2x2:.#|.#|##|##", ""},   // Z leaves: Y wins
		{"Y:Z:2x2x2", "Y:Z:2x2x2:..|..|..|..", ""},
		{"2x2x2", "", "want P:PLAYERS:BOX"},
		{"Q:XYZ:2x2x2", "", "want P:PLAYERS:BOX"},
		{"XY:XYZ:2x2x2", "", "want P:PLAYERS:BOX"},
		{"X:XXZ:2x2x2", "", "distinct letters"},
		{"X:XYZW:2x2x2", "", "distinct letters"},
		{"X::2x2x2", "", "want one to three"},
		{"X:XYZ:9x9x9", "", "more than the 128 supported"},
		{"X:XYZ:2x2x2:..", "", "the position gives 2"},
	} {
		out, err := g.Board(c.in)
		if out != c.out || c.err == "" && err != nil || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("Board(%q) = %q, %v; want %q, error %q", c.in, out, err, c.out, c.err)
		}
	}
	for _, c := range []struct {
		board string
		left  bool
		move  string
	}{
		{"X:XYZ:2x2x2", true, Pass},             // X is to move: Left plays
		{"X:XYZ:2x2x2", false, "a1A-b1A"},       // X's domino, but Right's turn
		{"X:YZX:2x2x2", true, "a1A-a2A"},        // Y's domino, but Left's turn
		{"X:XYZ:2x2x2", true, "a1A-a2A"},        // Y's domino, not X's
		{"X:Y:2x2x2", true, Pass},               // Y has won: Left has no move
		{"X:X:2x2x2", false, Pass},              // X has won: Right has no move
		{"X:XYZ:2x2x2", true, "nonsense"},       // not a move at all
		{"X:XYZ:2x2x2:##|##|##|##", true, Pass}, // nobody moves: over
	} {
		if _, err := g.Play(c.board, c.left, c.move); err == nil || !strings.Contains(err.Error(), "is not a move of the side to move") {
			t.Errorf("Play(%q, %v, %q): %v", c.board, c.left, c.move, err)
		}
	}
	teller := g.(interface{ Tell(string, string) string })
	if got := teller.Tell("Z:XYZ:2x2x3", "N"); got != "Z can force a win" {
		t.Errorf("Tell N: %q", got)
	}
	if got := teller.Tell("X:XYZ:2x2x3", "P"); !strings.HasPrefix(got, "X cannot force a win") {
		t.Errorf("Tell P: %q", got)
	}
}

// TestTasksGameMatchesNaive checks the trees tb solve builds against the
// naive solver of the rules on random positions of small boxes, every
// player asked under every turn order: Left (the one asked) wins exactly
// when the naive solver says he can force a win, Right exactly when he
// cannot, and a side wins exactly when one of its moves leaves the other
// side losing. Each search runs on one worker, and on three (two helpers
// trying the one asked's moves in other orders).
func TestTasksGameMatchesNaive(t *testing.T) {
	for _, workers := range []int{1, 3} {
		t.Run(fmt.Sprintf("workers=%d", workers), func(t *testing.T) {
			testTasksGameMatchesNaive(t, workers)
		})
	}
}

func testTasksGameMatchesNaive(t *testing.T, workers int) {
	rng := rand.New(rand.NewPCG(3, 13))
	ctx := context.Background()
	g, err := Game.Tasks(nil, &query.Config{TableBits: 16, Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range []Box{{2, 2, 2}, {2, 2, 3}, {3, 2, 2}, {2, 3, 3}, {2, 2, 4}} {
		n := &naive{b: b, memo: map[Turn]uint8{}}
		for trial := range 6 {
			empty := Full(b).Empty
			if trial > 0 {
				for c := range b.Cells() {
					if rng.IntN(4) == 0 {
						empty = empty.AndNot(bits128.Cell(c))
					}
				}
			}
			pos := Position{Box: b, Empty: empty}.String()
			for _, o := range Orders {
				for p := range Player(3) {
					board, err := g.Board(p.String() + ":" + o.String() + ":" + pos)
					if err != nil {
						t.Fatal(err)
					}
					want := n.canWin(empty, o.First, o.Reverse, 7, p)
					for _, left := range []bool{true, false} {
						wins, solved, err := g.Solve(ctx, board, left)
						if err != nil || !solved || wins != (want == left) {
							t.Fatalf("%s, left %v: wins %v, %v; naive: %v can force a win: %v", board, left, wins, err, p, want)
						}
						moves, err := g.Moves(board, left)
						if err != nil {
							t.Fatal(err)
						}
						some := false
						for _, m := range moves {
							after, err := g.Play(board, left, m)
							if err != nil {
								t.Fatal(err)
							}
							w, _, err := g.Solve(ctx, after, !left)
							if err != nil {
								t.Fatal(err)
							}
							some = some || !w
						}
						if some != wins {
							t.Fatalf("%s, left %v: wins %v, a move leaving the other side lost %v", board, left, wins, some)
						}
					}
				}
			}
		}
	}
}

// FuzzTasks: any text given to tb solve's view of the game is read or
// refused with an error, never a panic, and a question read writes back
// as text that reads the same.
func FuzzTasks(f *testing.F) {
	for _, s := range []string{"X:XYZ:2x2x2", "Y:ZY:2x2x2:.#|.#|##|##", "Z:X:2x2x3", "X:XYZ:4x4x5", "X::", ":", "Q:XYZ:2x2x2", "X:XYZ:2x2x2:..", "X:XYZ:1x1x1"} {
		f.Add(s, "a1A-a2A", true)
	}
	g, err := Game.Tasks(nil, &query.Config{TableBits: 12})
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
		if parts := strings.SplitN(s, ":", 3); len(parts) == 3 {
			if p, err := Parse(parts[2]); err == nil && p.Empty.Count() <= 12 {
				g.Solve(context.Background(), s, left)
			}
		}
	})
}

// TestMovesOnePerReflection: on the empty 4x4x5 box tb solve lists one
// domino of each set that the box's reflections map onto one another,
// counted here from the dominoes' coordinates.
func TestMovesOnePerReflection(t *testing.T) {
	g, err := Game.Tasks(nil, &query.Config{TableBits: 12})
	if err != nil {
		t.Fatal(err)
	}
	box := Box{4, 4, 5}
	for _, c := range []struct {
		board string
		left  bool
		p     Player
	}{
		{"X:XYZ:4x4x5", true, X}, {"X:YZX:4x4x5", false, Y}, {"Z:ZXY:4x4x5", true, Z}, {"Y:ZYX:2x3x4", false, Z},
	} {
		moves, err := g.Moves(c.board, c.left)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(c.board, "2x3x4") {
			box = Box{2, 3, 4}
		}
		if want := dominoOrbits(box, c.p); len(moves) != want {
			t.Errorf("%s: %d moves %v, want one of each of %d sets", c.board, len(moves), moves, want)
		}
	}
}

// dominoOrbits counts p's dominoes on the empty box up to reflections.
func dominoOrbits(b Box, p Player) int {
	dims := [3]int{b.A, b.B, b.C}
	seen := map[[3]int]bool{}
	n := 0
	var x [3]int
	for x[0] = 0; x[0] < b.A; x[0]++ {
		for x[1] = 0; x[1] < b.B; x[1]++ {
			for x[2] = 0; x[2] < b.C; x[2]++ {
				if x[p]+1 >= dims[p] || seen[x] {
					continue
				}
				n++
				for refl := range 8 {
					y := x
					for a := range 3 {
						if refl>>a&1 != 0 {
							y[a] = dims[a] - 1 - y[a]
							if a == int(p) {
								y[a]-- // the domino's other cell is its start now
							}
						}
					}
					seen[y] = true
				}
			}
		}
	}
	return n
}
