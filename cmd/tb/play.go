package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tablebase/tablebase/domineering3d"
	"github.com/tablebase/tablebase/engine"
	"github.com/tablebase/tablebase/notation"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/region"
	"github.com/tablebase/tablebase/tablebase"
	"github.com/tablebase/tablebase/ttt3d"
)

// startPositions are the boards tb play starts from when given none.
var startPositions = map[string]string{
	"domineering":        "....|....|....|....",
	"xt-domineering":     "....|....|....|....",
	"sync-triomineering": "....|....|....|....",
	"sync-domineering":   "....|....|....|....",
	"domineering3d":      "2x2x3",
	"ttt3d":              strings.Repeat(".", 27),
}

func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("play", `tb play [--db FILE] [--as PLAYER] [options] GAME [POSITION]

Plays GAME against the tablebase in the terminal: you type your moves (in
the README's move notation, such as a1-a2, 2b3 or 1.1.1-2.1.1), and tb
answers with its best move. Type "hint" for every move with its answer,
"quit" to stop. Positions the file lacks are solved in memory.
  domineering, xt-domineering: --as L (vertical) or R; --first L or R
  sync-triomineering, sync-domineering: --as V or H; both move at once
  domineering3d: --as X, Y or Z (tb plays the other two); --order XYZ...
  ttt3d: --as x or o (x moves first)`, stderr)
	db := fs.String("db", "", "tablebase file to play from")
	as := fs.String("as", "", "the side you play (default: the side that moves first)")
	first := fs.String("first", "L", "who moves first in domineering and xt-domineering: L or R")
	order := fs.String("order", "XYZ", "turn order in domineering3d")
	think := fs.Duration("think", 30*time.Second, "on large domineering boards, the longest tb searches for a move")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 || len(pos) > 2 {
		return fmt.Errorf("%w: want GAME [POSITION]", errUsage)
	}
	game := pos[0]
	start, ok := startPositions[game]
	if !ok {
		return fmt.Errorf("%w: unknown game %q (tb play knows %s)", errUsage, game, strings.Join(query.Games, ", "))
	}
	if len(pos) == 2 {
		start = pos[1]
	}
	var f *tablebase.File
	if *db != "" {
		if f, err = tablebase.Open(*db); err != nil {
			return err
		}
		defer f.Close()
	} else if p, err := engine.Parse(start); err == nil && game == "domineering" && p.Cells() > exactCells {
		if f = openDefaultDomineeringDB(stderr); f != nil {
			defer f.Close()
		}
	}
	q, err := query.New(game, f)
	if err != nil {
		return err
	}
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 4096), maxLine)
	pl := &player{q: q, in: sc, out: stdout}
	switch game {
	case "domineering":
		if p, err := engine.Parse(start); err == nil && p.Cells() > exactCells {
			return pl.search(q.(*query.Domineering).Engine(), p, *as, *first, *think)
		}
		return pl.cgt(start, *as, *first)
	case "xt-domineering":
		return pl.cgt(start, *as, *first)
	case "sync-triomineering", "sync-domineering":
		return pl.sync(start, *as)
	case "domineering3d":
		return pl.threePlayer(start, *as, *order)
	}
	return pl.ttt(start, *as)
}

// player is a game between the person at the terminal and the tablebase.
type player struct {
	q   query.Querier
	in  *bufio.Scanner
	out io.Writer
}

// errQuit ends a game the person left.
var errQuit = errors.New("game left")

// answer queries a position with its moves.
func (p *player) answer(pos string) (query.Answer, error) {
	a := p.q.Query(pos, query.Options{Moves: true})
	if a.Error != "" {
		return a, errors.New(a.Error)
	}
	return a, nil
}

// choose asks for one of moves until it gets one; "hint" lists them with
// their answers, best first.
func (p *player) choose(who string, moves []query.Move, describe func(query.Move) string) (query.Move, error) {
	for {
		fmt.Fprintf(p.out, "%s to move (e.g. %s; hint; quit): ", who, moves[0].Move)
		if !p.in.Scan() {
			fmt.Fprintln(p.out)
			return query.Move{}, errQuit
		}
		in := strings.ToLower(strings.TrimSpace(p.in.Text()))
		switch in {
		case "":
			continue
		case "quit", "q", "exit":
			return query.Move{}, errQuit
		case "hint", "?", "help":
			for _, m := range moves {
				fmt.Fprintf(p.out, "  %-12s %s\n", m.Move, describe(m))
			}
			continue
		}
		for _, m := range moves {
			if sameMove(in, m) {
				return m, nil
			}
		}
		fmt.Fprintf(p.out, "%q is not a legal move here; type hint for the list\n", in)
	}
}

// sameMove reports whether the typed text names m: the same cells in
// either order, or for ttt3d also the cell's index.
func sameMove(in string, m query.Move) bool {
	if m.Cell != nil && in == strconv.Itoa(*m.Cell) {
		return true
	}
	a, b := notation.SplitPiece(in)
	c, d := notation.SplitPiece(m.Move)
	return a == c && b == d || a == d && b == c
}

// show prints a 2D board with column letters and row numbers.
func (p *player) show(pos string) {
	rows := strings.FieldsFunc(pos, func(c rune) bool { return c == '|' || c == '/' })
	fmt.Fprint(p.out, "\n   ")
	for c := range len(rows[0]) {
		fmt.Fprintf(p.out, " %c", 'a'+c)
	}
	fmt.Fprintln(p.out)
	for i, row := range rows {
		fmt.Fprintf(p.out, "%3d", i+1)
		for _, ch := range row {
			fmt.Fprintf(p.out, " %c", ch)
		}
		fmt.Fprintln(p.out)
	}
}

func movesOf(a query.Answer, who string) []query.Move {
	var out []query.Move
	for _, m := range a.Moves {
		if m.Player == who {
			out = append(out, m)
		}
	}
	return out
}

// The two Domineering players: the other, and each one's name.
var (
	other = map[string]string{"L": "R", "R": "L"}
	name  = map[string]string{"L": "Left (vertical)", "R": "Right (horizontal)"}
)

// sides checks --as and --first for the Domineering games and returns the
// person's side (the first player's when --as is not given).
func sides(as, first string) (string, error) {
	if as == "" {
		as = first
	}
	if (as != "L" && as != "R") || (first != "L" && first != "R") {
		return "", fmt.Errorf("%w: --as and --first take L (vertical) or R (horizontal)", errUsage)
	}
	return as, nil
}

// cgt plays Domineering or XT Domineering: players alternate, and the
// player with no move loses.
func (p *player) cgt(pos, as, first string) error {
	as, err := sides(as, first)
	if err != nil {
		return err
	}
	for turn := first; ; turn = other[turn] {
		a, err := p.answer(pos)
		if err != nil {
			return err
		}
		p.show(pos)
		fmt.Fprintf(p.out, "value %s, outcome %s\n", a.Value, a.Outcome)
		moves := movesOf(a, turn)
		if len(moves) == 0 {
			fmt.Fprintf(p.out, "%s has no move: %s wins.\n", name[turn], name[other[turn]])
			return nil
		}
		var m query.Move
		if turn == as {
			if m, err = p.choose(name[turn], moves, func(m query.Move) string {
				return fmt.Sprintf("value %s%s", m.Value, map[bool]string{true: ", wins", false: ""}[*m.Wins])
			}); err != nil {
				return nil
			}
		} else {
			m = moves[0]
			fmt.Fprintf(p.out, "tb plays %s for %s.\n", m.Move, name[turn])
		}
		pos = m.Position
	}
}

// exactCells is the most empty cells tb play values exactly; larger
// Domineering boards are played by the whole-board search.
const exactCells = 30

// search plays Domineering on a board too large for exact values: tb
// plays a winning move whenever the search finds one within think.
func (p *player) search(e *engine.Engine, pos engine.Position, as, first string, think time.Duration) error {
	as, err := sides(as, first)
	if err != nil {
		return err
	}
	cellName := func(i int) string { return notation.Cell(i/pos.W, i%pos.W) }
	for turn := first; ; turn = other[turn] {
		p.show(pos.String())
		var moves []query.Move
		for _, m := range pos.Moves(turn == "L") {
			moves = append(moves, query.Move{Move: notation.Piece(cellName(m.First), cellName(m.Second)), Position: pos.Play(m).String()})
		}
		if len(moves) == 0 {
			fmt.Fprintf(p.out, "%s has no move: %s wins.\n", name[turn], name[other[turn]])
			return nil
		}
		search := func() (engine.Move, bool, bool, string) {
			ctx, cancel := context.WithTimeout(context.Background(), think)
			defer cancel()
			best, wins, solved, _ := e.BestMoveWithin(ctx, pos, turn == "L")
			return best, wins, solved, notation.Piece(cellName(best.First), cellName(best.Second))
		}
		if turn == as {
			hint := sync.OnceValues(func() (bool, string) { _, wins, _, name := search(); return wins, name })
			m, err := p.choose(name[turn], moves, func(m query.Move) string {
				if wins, best := hint(); wins && m.Move == best {
					return "wins"
				}
				return ""
			})
			if err != nil {
				return nil
			}
			pos, _ = engine.Parse(m.Position)
			continue
		}
		best, wins, solved, bestName := search()
		verdict := "it wins"
		switch {
		case !solved:
			verdict = fmt.Sprintf("not solved within %v", think)
		case !wins:
			verdict = "no winning move: it plays on"
		}
		fmt.Fprintf(p.out, "tb plays %s for %s (%s).\n", bestName, name[turn], verdict)
		pos = pos.Play(best)
	}
}

// sync plays a synchronized game: tb chooses its move, then the person
// his, and both are played at once.
func (p *player) sync(pos, as string) error {
	if as == "" {
		as = "V"
	}
	if as != "V" && as != "H" {
		return fmt.Errorf("%w: --as takes V (vertical) or H (horizontal)", errUsage)
	}
	tbSide := map[string]string{"V": "H", "H": "V"}[as]
	for {
		a, err := p.answer(pos)
		if err != nil {
			return err
		}
		p.show(pos)
		fmt.Fprintf(p.out, "outcome %s (Vertical can guarantee a %s, Horizontal a %s)\n", a.Outcome, a.Vertical, a.Horizontal)
		if len(a.Moves) == 0 {
			fmt.Fprintf(p.out, "Game over: %s.\n", map[string]string{"V": "Vertical wins", "H": "Horizontal wins", "D": "a draw"}[a.Outcome])
			return nil
		}
		mine := movesOf(a, tbSide)[0] // chosen before seeing the person's move
		yours, err := p.choose(as, movesOf(a, as), func(m query.Move) string { return "guarantees a " + m.Guarantee })
		if err != nil {
			return nil
		}
		fmt.Fprintf(p.out, "You play %s, tb plays %s.\n", yours.Move, mine.Move)
		r1, _ := region.Parse(yours.Position)
		r2, _ := region.Parse(mine.Position)
		pos = r1.With(r1.Bits & r2.Bits).String()
	}
}

// threePlayer plays three-player Domineering: the person plays one
// player, tb the other two, each trying to force its own win.
func (p *player) threePlayer(pos, as, order string) error {
	start, err := domineering3d.Parse(pos)
	if err != nil {
		return err
	}
	o, err := domineering3d.ParseOrder(strings.ToUpper(order))
	if err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if as == "" {
		as = o.First.String()
	}
	human := strings.IndexByte("XYZ", strings.ToUpper(as)[0])
	if len(as) != 1 || human < 0 {
		return fmt.Errorf("%w: --as takes X, Y or Z", errUsage)
	}
	b := start.Box
	s := domineering3d.NewSolver(b, 22, 2)
	point := func(cell int) string { return notation.Point(cell/(b.B*b.C), cell/b.C%b.B, cell%b.C) }
	t := domineering3d.Start(start.Empty, o)
	for {
		before := t.Alive
		var winner domineering3d.Player
		var over bool
		t, winner, over = s.Settle(t)
		for q := range 3 {
			if before&^t.Alive>>q&1 != 0 {
				fmt.Fprintf(p.out, "%c has no move and leaves the game.\n", "XYZ"[q])
			}
		}
		cur := domineering3d.Position{Box: b, Empty: t.Empty}
		fmt.Fprintf(p.out, "\n%s\n", cur)
		if over {
			fmt.Fprintf(p.out, "%s wins.\n", winner)
			return nil
		}
		// Each move with who can force a win after it: from the querier
		// while all three play, from the solver once one has left.
		var a query.Answer
		if t.Alive == 7 {
			if a, err = p.answer(cur.String()); err != nil {
				return err
			}
		}
		var moves []query.Move
		for m := s.Moves(t.Empty, t.Mover); m != 0; m &= m - 1 {
			cell := bits.TrailingZeros64(m)
			next := s.After(t, cell)
			after := domineering3d.Position{Box: b, Empty: next.Empty}
			w := ""
			for _, qm := range a.Moves {
				if qm.Position == after.String() {
					w = qm.Outcomes[domineering3d.Order{First: t.Mover, Reverse: t.Reverse}.String()]
				}
			}
			if w == "" {
				w = s.Winner(next).String()
			}
			last := 63 - bits.LeadingZeros64(t.Empty&^next.Empty)
			moves = append(moves, query.Move{Player: t.Mover.String(), Move: notation.Piece(point(cell), point(last)),
				Position: after.String(), Outcomes: map[string]string{"": w}, Cell: &cell})
		}
		mover := t.Mover.String()
		rank := func(m query.Move) int {
			switch m.Outcomes[""] {
			case mover:
				return 0
			case "Q":
				return 1
			}
			return 2
		}
		slices.SortStableFunc(moves, func(x, y query.Move) int { return rank(x) - rank(y) })
		var m query.Move
		if int(t.Mover) == human {
			if m, err = p.choose(mover, moves, func(m query.Move) string {
				if w := m.Outcomes[""]; w != "Q" {
					return w + " can force a win after it"
				}
				return "nobody can force a win after it"
			}); err != nil {
				return nil
			}
		} else {
			m = moves[0]
			fmt.Fprintf(p.out, "tb plays %s for %s.\n", m.Move, mover)
		}
		t = s.After(t, *m.Cell)
	}
}

// ttt plays 3D tic-tac-toe.
func (p *player) ttt(pos, as string) error {
	if as == "" {
		as = "x"
	}
	if as != "x" && as != "o" {
		return fmt.Errorf("%w: --as takes x or o", errUsage)
	}
	for {
		a, err := p.answer(pos)
		if err != nil {
			return err
		}
		b, _ := ttt3d.Parse(pos)
		p.showCube(b)
		mover := "o"
		if b.XToMove() {
			mover = "x"
		}
		if len(a.Moves) == 0 {
			if ttt3d.Finished(b).Result == ttt3d.Loss {
				fmt.Fprintf(p.out, "%s has a line and wins.\n", map[string]string{"x": "o", "o": "x"}[mover])
			} else {
				fmt.Fprintln(p.out, "The board is full: a draw.")
			}
			return nil
		}
		fmt.Fprintf(p.out, "%s to move: %s in %d plies\n", mover, a.Result, *a.Plies)
		var m query.Move
		if mover == as {
			if m, err = p.choose(mover, a.Moves, func(m query.Move) string { return fmt.Sprintf("%s in %d", m.Result, *m.Plies) }); err != nil {
				return nil
			}
		} else {
			m = a.Moves[0]
			fmt.Fprintf(p.out, "tb plays %s.\n", m.Move)
		}
		pos = m.Position
	}
}

// showCube prints the layers of a tic-tac-toe cube side by side.
func (p *player) showCube(b ttt3d.Position) {
	n, s := b.B.N, b.String()
	width := 3 + 2*n + 4 // row number, cells, gap
	var title, letters strings.Builder
	for l := range n {
		fmt.Fprintf(&title, "%-*s", width, fmt.Sprintf("   layer %d", l+1))
		letters.WriteString("   ")
		for c := range n {
			fmt.Fprintf(&letters, " %c", 'a'+c)
		}
		letters.WriteString("    ")
	}
	fmt.Fprintf(p.out, "\n%s\n%s\n", strings.TrimRight(title.String(), " "), strings.TrimRight(letters.String(), " "))
	for row := range n {
		var line strings.Builder
		for l := range n {
			fmt.Fprintf(&line, "%3d", row+1)
			for c := range n {
				fmt.Fprintf(&line, " %c", s[(l*n+row)*n+c])
			}
			line.WriteString("    ")
		}
		fmt.Fprintln(p.out, strings.TrimRight(line.String(), " "))
	}
}
