package synchronized

import (
	"context"
	"fmt"
	"strings"

	"github.com/tablebase/tablebase/build/tasks"
	"github.com/tablebase/tablebase/internal/bitsw"
	"github.com/tablebase/tablebase/internal/region"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/tablebase"
)

// Tasks opens the search for tb solve (tasks.Splitter). A plan asks one
// question of both players, named before the board: "win:BOARD" asks
// whether each player can guarantee a win, "draw:BOARD" at least a draw
// (BOARD in the position notation, or RxC for the empty board). Left is
// Vertical and Right Horizontal, and the player "moving first" is the
// one asked: he chooses a piece, the other then replies with any piece of
// his, both are placed, and the one asked chooses again. Since he must
// choose without seeing the reply, he wins this tree exactly when he can
// guarantee the result. The searches read no tablebase file (f is
// ignored); c sets the table size, and two workers or more add a helper
// to each search.
func (v Variant) Tasks(_ *tablebase.File, c *query.Config) (tasks.Game, error) {
	bits, helped := uint(solverTableBits), true
	if c != nil {
		if c.TableBits != 0 {
			bits = c.TableBits
		}
		helped = c.Workers != 1
	}
	return &questions{v: v, s: NewSolver(v, bits), helped: helped}, nil
}

// Pass is the one move of a player asked for a draw when neither player
// can move: the game is a draw, so he has it, and the other has no reply.
const Pass = "pass"

// questions is the synchronized game as tasks.Game.
type questions struct {
	v      Variant
	s      *Solver
	helped bool
}

// The task game tells what its outcomes mean (games.Teller).
var _ tasks.Teller = (*questions)(nil)

// node is a position of a tb solve tree: the board, the result asked,
// and, while the other replies, the piece the one asked has chosen
// (written after '>'; Pass, or "" when none is pending).
type node struct {
	b       Board
	k       Guarantee
	pending string
}

// String writes n as tb solve's plans hold it: "draw:ROWS" or
// "draw:ROWS>PIECE".
func (n node) String() string {
	s := map[Guarantee]string{Win: "win", Draw: "draw"}[n.k] + ":" + n.b.String()
	if n.pending != "" {
		s += ">" + n.pending
	}
	return s
}

// passes reports whether Pass is the move of the one asked, whose pieces
// start at mine while the other's start at theirs: neither can move, and
// a draw is asked.
func (n node) passes(mine, theirs bitsw.Set) bool {
	return mine.Empty() && theirs.Empty() && n.k == Draw
}

// parseNode reads a node; RxC stands for the empty board.
func parseNode(s string) (node, error) {
	question, rest, ok := strings.Cut(s, ":")
	k, known := map[string]Guarantee{"win": Win, "draw": Draw}[question]
	if !ok || !known {
		return node{}, fmt.Errorf("%q: want win:BOARD or draw:BOARD, the result asked of each player and the board", s)
	}
	rows, pending, _ := strings.Cut(rest, ">")
	if h, w, sized := region.Size(rows); sized {
		if h == 0 || h > MaxSide || w > MaxColumns || h*w > MaxCells {
			return node{}, fmt.Errorf("board %q: want RxC of at most %d cells and %d columns, or rows of '.' and '#'", rows, MaxCells, MaxColumns)
		}
		return node{b: FullBoard(h, w), k: k, pending: pending}, nil
	}
	b, err := ParseBoard(rows)
	return node{b: b, k: k, pending: pending}, err
}

// player returns the player to move: Vertical when left.
func player(left bool) Player {
	if left {
		return Vertical
	}
	return Horizontal
}

// Board reads a board with its question and writes it as plans hold it.
func (q *questions) Board(board string) (string, error) {
	n, err := parseNode(board)
	if err != nil {
		return "", err
	}
	if n.pending != "" {
		return "", fmt.Errorf("%q: a plan starts from a board, with no piece chosen", board)
	}
	return n.String(), nil
}

// SelfDual reports whether the board is its own image with rows and
// columns exchanged (under some symmetry), so that Horizontal's question
// is Vertical's.
func (q *questions) SelfDual(board string) bool {
	n, err := parseNode(board)
	if err != nil || n.pending != "" {
		return false
	}
	_, _, _, _, symmetric := wideCanonicalKey(n.b.Cells, int(n.b.H), int(n.b.W))
	return symmetric
}

// Moves lists the pieces of the player to move, by the rules. On a
// board the one asked has none when he cannot move (he loses, or draws
// when the other cannot either: then he has Pass if a draw is asked),
// and his pieces when he can; the other replies with any of his pieces,
// and has none when he cannot move (the one asked then wins). Of pieces
// that a reflection of the board (keeping the piece chosen, while the
// other replies) maps onto one another, only the first is listed.
func (q *questions) Moves(board string, left bool) ([]string, error) {
	n, g, err := q.parse(board)
	if err != nil {
		return nil, err
	}
	p := player(left)
	mine, theirs := g.moves(q.v, n.b.Cells, p), g.moves(q.v, n.b.Cells, p.other())
	if n.pending == "" && n.passes(mine, theirs) {
		return []string{Pass}, nil
	}
	fixed := -1
	if n.pending != "" {
		if fixed, err = q.start(n, g, p.other(), n.pending); err != nil {
			return nil, err
		}
	}
	w := &wideSearcher{s: q.s, g: g}
	var names []string
	for _, c := range unalike(n.b, g, p, w.ordered(p, mine, theirs, nil), fixed, p.other()) {
		names = append(names, pieceName(int(n.b.W), g.pieceAt(p, int(c))))
	}
	return names, nil
}

// Candidates lists the same moves, in the order the search tries them
// (Moves lists them so).
func (q *questions) Candidates(board string, left bool) ([]string, error) {
	return q.Moves(board, left)
}

// parse reads a node and returns the geometry of its board; the pending
// piece is checked where it is played (start).
func (q *questions) parse(board string) (node, *wideGeometry, error) {
	n, err := parseNode(board)
	if err != nil {
		return n, nil, err
	}
	return n, wideNewGeometry(q.v, int(n.b.H), int(n.b.W)), nil
}

// start returns the cell where p's piece named move starts on n's board,
// or -1 for Pass when it is p's one move there.
func (q *questions) start(n node, g *wideGeometry, p Player, move string) (int, error) {
	mine, theirs := g.moves(q.v, n.b.Cells, p), g.moves(q.v, n.b.Cells, p.other())
	for m := mine; !m.Empty(); m = m.WithoutLow() {
		if pieceName(int(n.b.W), g.pieceAt(p, m.Low())) == move {
			return m.Low(), nil
		}
	}
	if move == Pass && n.passes(mine, theirs) {
		return -1, nil
	}
	return 0, fmt.Errorf("%q is not a move of %s on %s", move, [...]string{"Vertical", "Horizontal"}[p], node{b: n.b, k: n.k})
}

// Play returns the position after the player to move plays move: on a
// board, the board with his piece pending; with a piece pending, the
// board with both pieces placed.
func (q *questions) Play(board string, left bool, move string) (string, error) {
	n, g, err := q.parse(board)
	if err != nil {
		return "", err
	}
	p := player(left)
	if n.pending != "" {
		asked, err := q.start(n, g, p.other(), n.pending)
		if err != nil {
			return "", err
		}
		reply, err := q.start(n, g, p, move)
		if err != nil {
			return "", err
		}
		if asked >= 0 { // a reply to Pass would be an error above
			n.b.Cells = n.b.Cells.AndNot(g.pieceAt(p.other(), asked)).AndNot(g.pieceAt(p, reply))
		}
		n.pending = ""
		return n.String(), nil
	}
	if _, err := q.start(n, g, p, move); err != nil {
		return "", err
	}
	n.pending = move
	return n.String(), nil
}

// Solve decides whether the player to move wins his tree: on a board,
// whether he can guarantee the result asked; with a piece of the one
// asked pending, whether some reply takes that result from him.
func (q *questions) Solve(ctx context.Context, board string, left bool) (wins, solved bool, err error) {
	n, g, err := q.parse(board)
	if err != nil {
		return false, false, err
	}
	p := player(left)
	if n.pending == "" {
		wins, solved = q.s.AtLeastWithin(ctx.Done(), n.b, p, n.k, q.helped)
		return wins, solved, nil
	}
	asked, err := q.start(n, g, p.other(), n.pending)
	if err != nil || asked < 0 {
		return false, err == nil, err // no reply to Pass
	}
	holds, solved := q.s.HoldsWithin(ctx.Done(), n.b, p.other(), n.k, asked, q.helped)
	return !holds, solved, nil
}

// Nodes returns the positions searched so far.
func (q *questions) Nodes() int64 { return q.s.Nodes() }

// Tell says what a plan's outcome means (tasks.Teller): L, R, N and P say
// whether Vertical and Horizontal can each guarantee the result asked.
func (q *questions) Tell(board, outcome string) string {
	n, err := parseNode(board)
	if err != nil {
		return ""
	}
	if n.k == Win {
		return map[string]string{
			"L": "Vertical can guarantee a win: class V",
			"R": "Horizontal can guarantee a win: class H",
			"P": "neither can guarantee a win: class D, VD, HD or VHD, which the draw question tells",
		}[outcome]
	}
	return map[string]string{
		"N": "each can guarantee a draw, so neither a win: class D",
		"L": "Vertical can guarantee a draw, Horizontal cannot: class V or VD, which the win question tells",
		"R": "Horizontal can guarantee a draw, Vertical cannot: class H or HD, which the win question tells",
		"P": "neither can guarantee a draw: class VHD",
	}[outcome]
}
