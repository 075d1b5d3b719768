package domineering3d

import (
	"cmp"
	"context"
	"fmt"
	"math/bits"
	"strings"
	"sync"

	"github.com/tablebase/tablebase/build/tasks"
	"github.com/tablebase/tablebase/canon"
	"github.com/tablebase/tablebase/internal/bits128"
	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

// Tasks opens the search for tb solve (tasks.Splitter). A plan asks
// whether one player can force a win: "X:XYZ:BOX" asks it of X, the
// players in the game written in playing order from the one to move (all
// three, as a turn order; two once one has left; one, the winner, once
// the game is over), then the position (AxBxC for the empty box). Left
// is the player asked and Right the other two together; the plan's two
// players take turns, so the side whose turn it is not passes (Left
// while the second of the other two moves, Right while the one asked
// moves, and either one once the game is over). Left moving first is the
// question; since a pass hands it on unchanged, Right moving first is
// the same question, and the plan has one root (N: he can force a win,
// P: he cannot). The searches read no tablebase file (f is ignored); c
// sets the table size and the workers of each search (two by default).
func (game) Tasks(_ *tablebase.File, c *query.Config) (tasks.Game, error) {
	a := &asking{tableBits: 24, workers: 2, solvers: map[Box]*Solver{}}
	if c != nil {
		a.tableBits = cmp.Or(c.TableBits, a.tableBits)
		a.workers = cmp.Or(c.Workers, a.workers)
	}
	return a, nil
}

// Pass is the move of the side whose turn it is not.
const Pass = "pass"

// asking is three-player Domineering as tasks.Game.
type asking struct {
	tableBits uint
	workers   int
	mu        sync.Mutex // guards solvers, which Nodes reads during a search
	solvers   map[Box]*Solver
}

// The task game tells what its outcomes mean (games.Teller).
var _ tasks.Teller = (*asking)(nil)

// solver returns the solver of the box, made on first use.
func (a *asking) solver(b Box) *Solver {
	a.mu.Lock()
	defer a.mu.Unlock()
	s, ok := a.solvers[b]
	if !ok {
		s = NewSolver(b, a.tableBits, a.workers)
		a.solvers[b] = s
	}
	return s
}

// ask is a position of a tb solve tree: the player asked and the turn,
// settled (every player left has a move, or the game is over).
type ask struct {
	p   Player
	box Box
	t   Turn
}

// over reports whether the question is decided by the rules, and if so
// whether the one asked has won: the game is over, or he has left it.
func (n ask) over() (decided, won bool) {
	switch {
	case bits.OnesCount8(n.t.Alive) == 1:
		return true, n.t.Alive == 1<<n.p
	case n.t.Alive>>n.p&1 == 0:
		return true, false
	}
	return false, false
}

// String writes n as plans hold it: "X:YZX:BOX:CELLS".
func (n ask) String() string {
	players := n.t.Mover.String()
	switch bits.OnesCount8(n.t.Alive) {
	case 3:
		players = Order{First: n.t.Mover, Reverse: n.t.Reverse}.String()
	case 2:
		players += nextAlive(n.t.Mover, false, n.t.Alive).String()
	}
	return n.p.String() + ":" + players + ":" + Position{Box: n.box, Empty: n.t.Empty}.String()
}

// parse reads a node and settles its turn.
func (a *asking) parse(s string) (ask, *Solver, error) {
	asked, rest, ok1 := strings.Cut(s, ":")
	players, pos, ok2 := strings.Cut(rest, ":")
	p := Player(strings.Index("XYZ", asked))
	if !ok1 || !ok2 || len(asked) != 1 || p > Z {
		return ask{}, nil, fmt.Errorf("%q: want P:PLAYERS:BOX, the player asked (X, Y or Z), the players in the game from the one to move (XYZ, ZX, Y, ...), then the position", s)
	}
	t, err := parseTurn(players)
	if err != nil {
		return ask{}, nil, fmt.Errorf("%q: %v", s, err)
	}
	position, err := Parse(pos)
	if err != nil {
		return ask{}, nil, err
	}
	sv := a.solver(position.Box)
	t.Empty = position.Empty
	t, _, _ = sv.Settle(t)
	return ask{p: p, box: position.Box, t: t}, sv, nil
}

// parseTurn reads the players in the game, from the one to move.
func parseTurn(players string) (Turn, error) {
	var t Turn
	for i := range len(players) {
		q := strings.IndexByte("XYZ", players[i])
		if q < 0 || t.Alive>>q&1 != 0 {
			return Turn{}, fmt.Errorf("players %q: want distinct letters X, Y, Z", players)
		}
		t.Alive |= 1 << q
	}
	switch len(players) {
	case 3:
		o, err := ParseOrder(players)
		if err != nil {
			return Turn{}, err
		}
		t.Mover, t.Reverse = o.First, o.Reverse
	case 1, 2:
		t.Mover = Player(strings.IndexByte("XYZ", players[0]))
	default:
		return Turn{}, fmt.Errorf("players %q: want one to three of X, Y, Z", players)
	}
	return t, nil
}

// Board reads a question and writes it as plans hold it.
func (a *asking) Board(board string) (string, error) {
	n, _, err := a.parse(board)
	if err != nil {
		return "", err
	}
	return n.String(), nil
}

// SelfDual is true: a board asks one question, Right moving first passes
// to it (see Tasks).
func (a *asking) SelfDual(board string) bool { return true }

// Moves lists the moves of the side to move (Left: the one asked): the
// player to move's dominoes when he is on that side (one of each set
// alike under the box's reflections), else Pass; once the question is
// decided, Pass for the side that has won and none for the other.
func (a *asking) Moves(board string, left bool) ([]string, error) {
	n, s, err := a.parse(board)
	if err != nil {
		return nil, err
	}
	switch n.side(left) {
	case passes:
		return []string{Pass}, nil
	case lost:
		return nil, nil
	}
	var buf [MaxCells]uint8
	var names []string
	for _, c := range s.unalike(n.t.Empty, n.t.Mover, s.ordered(n.t.Empty, n.t.Mover, n.p, buf[:0])) {
		names = append(names, s.pieceName(n.t.Mover, int(c)))
	}
	return names, nil
}

// What the side to move may do (ask.side).
const (
	plays  = iota // place a domino of the player to move
	passes        // pass, its one move
	lost          // nothing: the question is decided against it
)

// side says what the side to move (Left when left) may do on n.
func (n ask) side(left bool) int {
	if decided, won := n.over(); decided {
		if won == left {
			return passes
		}
		return lost
	}
	if (n.t.Mover == n.p) != left {
		return passes
	}
	return plays
}

// unalike keeps of the starts of p's dominoes, in their order, the first
// of each set that a reflection of the box keeping the empty cells maps
// onto one another: the positions after them are alike (a reflection
// leaves each player his axis), so one answers for all.
func (s *Solver) unalike(empty bits128.Set, p Player, starts []uint8) []uint8 {
	var keep []*canon.BoxMap
	for i := range s.group.Maps {
		if m := &s.group.Maps[i]; i > 0 && m.Player == [3]uint8{0, 1, 2} && m.Apply(empty) == empty {
			keep = append(keep, m)
		}
	}
	if len(keep) == 0 {
		return starts
	}
	var seen bits128.Set
	out := starts[:0]
	for _, c := range starts {
		if seen.Has(int(c)) {
			continue
		}
		out = append(out, c)
		domino := bits128.Cell(int(c)).Or(bits128.Cell(int(c) + int(s.stride[p])))
		for _, m := range keep {
			seen = seen.Or(bits128.Cell(m.Apply(domino).Low()))
		}
	}
	return out
}

// pieceName names p's domino starting at cell as tb writes moves.
func (s *Solver) pieceName(p Player, cell int) string {
	b := s.box
	point := func(cell int) string { return notation.Point(cell/(b.B*b.C), cell/b.C%b.B, cell%b.C) }
	return notation.Piece(point(cell), point(cell+int(s.stride[p])))
}

// Candidates lists the same moves, in the order the search tries them
// (Moves lists them so).
func (a *asking) Candidates(board string, left bool) ([]string, error) {
	return a.Moves(board, left)
}

// Play returns the question after the side to move plays move.
func (a *asking) Play(board string, left bool, move string) (string, error) {
	n, s, err := a.parse(board)
	if err != nil {
		return "", err
	}
	switch n.side(left) {
	case passes:
		if move == Pass {
			return n.String(), nil
		}
	case plays:
		for m := s.Moves(n.t.Empty, n.t.Mover); !m.Empty(); m = m.WithoutLow() {
			if s.pieceName(n.t.Mover, m.Low()) == move {
				n.t, _, _ = s.Settle(s.After(n.t, m.Low()))
				return n.String(), nil
			}
		}
	}
	return "", fmt.Errorf("%q is not a move of the side to move (%s) on %s", move, map[bool]string{true: "the one asked", false: "the other two"}[left], n)
}

// Solve decides whether the side to move wins: for Left, whether the one
// asked can force a win; for Right, whether he cannot.
func (a *asking) Solve(ctx context.Context, board string, left bool) (wins, solved bool, err error) {
	n, s, err := a.parse(board)
	if err != nil {
		return false, false, err
	}
	decided, won := n.over()
	if !decided {
		if won, solved = s.CanWinWithin(ctx.Done(), n.t, n.p); !solved {
			return false, false, nil
		}
	}
	return won == left, true, nil
}

// Nodes returns the positions searched so far, by every box's solver.
func (a *asking) Nodes() int64 {
	a.mu.Lock()
	defer a.mu.Unlock()
	var n int64
	for _, s := range a.solvers {
		n += s.Nodes()
	}
	return n
}

// Tell says what a plan's outcome means (tasks.Teller).
func (a *asking) Tell(board, outcome string) string {
	n, _, err := a.parse(board)
	if err != nil {
		return ""
	}
	switch outcome {
	case "N":
		return n.p.String() + " can force a win"
	case "P":
		return n.p.String() + " cannot force a win (another player can, or nobody)"
	}
	return ""
}
