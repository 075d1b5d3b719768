package synchronized

import (
	"context"
	"fmt"

	"github.com/tablebase/tablebase/build"
	"github.com/tablebase/tablebase/query"
	"github.com/tablebase/tablebase/query/play"
	"github.com/tablebase/tablebase/tablebase"
)

// A Variant is a game of the registry: its rules are in rules.go; these
// methods let the generic layers build, answer and play it.

// Summary describes the game for tb help.
func (v Variant) Summary() string {
	return fmt.Sprintf("both players place a %d-cell piece at once, Vertical down and Horizontal across: what each can guarantee", v.Length)
}

// Board describes positions to the explorer and tb play.
func (v Variant) Board() query.Board {
	return query.Board{Kind: "2d", Size: "4x4", Start: "....|....|....|....", Together: true,
		Players: map[string]string{"V": "Vertical", "H": "Horizontal"}}
}

// Open returns a querier reading f when f is not nil, with the table
// size of cfg (tb query --table-bits) when it sets one.
func (v Variant) Open(f *tablebase.File, cfg *query.Config) (query.Querier, error) {
	bits := uint(solverTableBits)
	if cfg != nil && cfg.TableBits != 0 {
		bits = cfg.TableBits
	}
	q, err := newQuerier(v, f, bits)
	if err != nil {
		return nil, err
	}
	if cfg != nil {
		q.progress = cfg.Progress
	}
	return q, nil
}

// Params lists the build's parameters.
func (v Variant) Params() []build.Param {
	return []build.Param{{Name: "board", Usage: "the board, RxC"}, build.TableBitsParam}
}

// Build stores every position reachable in play on the --board RxC board.
func (v Variant) Build(ctx context.Context, p build.Params, opts build.Options) (build.Summary, error) {
	var rows, cols int
	board := p["board"]
	if _, err := fmt.Sscanf(board, "%dx%d", &rows, &cols); err != nil || fmt.Sprintf("%dx%d", rows, cols) != board {
		return build.Summary{}, build.Usagef("--board RxC is required for %s, not %q", v.Name(), board)
	}
	bits, err := p.TableBits()
	if err != nil {
		return build.Summary{}, err
	}
	sum, err := Build(ctx, v, rows, cols, bits, opts)
	sum.What = v.Name() + " board " + board
	return sum, err
}

// Play plays from pos: tb chooses its move, then the person his, and both
// are played at once.
func (v Variant) Play(s *play.Session, pos string) error {
	as := s.As
	if as == "" {
		as = "V"
	}
	if as != "V" && as != "H" {
		return build.Usagef("--as takes V (vertical) or H (horizontal)")
	}
	tbSide := map[string]string{"V": "H", "H": "V"}[as]
	for {
		a, err := s.Answer(pos)
		if err != nil {
			return err
		}
		s.Show(pos)
		e := AnswerOf(a)
		fmt.Fprintf(s.Out, "outcome %s (Vertical can guarantee a %s, Horizontal a %s)\n", a.Outcome, e.Vertical, e.Horizontal)
		if len(a.Moves) == 0 {
			fmt.Fprintf(s.Out, "Game over: %s.\n", map[string]string{"V": "Vertical wins", "H": "Horizontal wins", "D": "a draw"}[a.Outcome])
			return nil
		}
		mine := play.MovesOf(a, tbSide)[0] // chosen before seeing the person's move
		yours, err := s.Choose(as, play.MovesOf(a, as), func(m query.Move) string { return "guarantees a " + MoveOf(m).Guarantee })
		if err != nil {
			return play.Quit(err)
		}
		fmt.Fprintf(s.Out, "You play %s, tb plays %s.\n", yours.Move, mine.Move)
		b1, _ := ParseBoard(yours.Position)
		b2, _ := ParseBoard(mine.Position)
		pos = b1.with(b1.Cells.And(b2.Cells)).String()
	}
}

// PlayOptions says which of tb play's options the game reads.
func (v Variant) PlayOptions() string { return "--as V or H; both move at once" }
