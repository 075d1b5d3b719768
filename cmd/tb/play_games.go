package main

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/tablebase/tablebase/games/domineering3d"
	"github.com/tablebase/tablebase/games/ttt3d"
	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/internal/region"
	"github.com/tablebase/tablebase/query"
)

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
