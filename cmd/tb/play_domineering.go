package main

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/tablebase/tablebase/games/domineering/engine"
	"github.com/tablebase/tablebase/internal/notation"
	"github.com/tablebase/tablebase/query"
)

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
